// The project conversation's data (decision 0016), shared by the conversation screens and the two
// areas' layouts (their unread counts). Row-level security decides what comes back: a client never
// receives an internal note. Keys carry the viewer's id, as every portal key does. The writes and
// what their refusals mean are in writes.ts, which only the conversation screen loads.
import { queryOptions } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { isUuid, loadedWithRouteMs, unwrapList } from '@/lib/query-utils'

// The generated types name a set-returning function's rows as strings (scripts/gen-db-types.ts
// does not read `returns table`): these functions' rows are typed here.
type RowsResult<T> = { data: T[] | null; error: { message: string } | null }
const rowsOf = <T>(result: unknown) => unwrapList(result as RowsResult<T>)

export const conversationKeys = {
  all: (viewerId: string) => ['conversation', viewerId] as const,
  unread: (viewerId: string) => ['conversation', viewerId, 'unread'] as const,
  messages: (viewerId: string, projectId: string) => ['conversation', viewerId, 'messages', projectId] as const,
  reads: (viewerId: string, projectId: string) => ['conversation', viewerId, 'reads', projectId] as const,
  people: (viewerId: string, projectId: string) => ['conversation', viewerId, 'people', projectId] as const,
  documents: (viewerId: string, projectId: string) => ['conversation', viewerId, 'documents', projectId] as const,
  project: (viewerId: string, projectId: string) => ['conversation', viewerId, 'project', projectId] as const,
  settings: () => ['conversation-settings'] as const,
}

export interface ConversationMessage {
  id: string
  project_id: string
  author_id: string | null
  body: string
  is_internal: boolean
  mentions: string[]
  document_ids: string[]
  created_at: string
  edited_at: string | null
  deleted_at: string | null
}

/** Unread messages per project for the viewer (their own, deleted ones and read ones not counted). */
export const conversationUnreadQuery = (viewerId: string) =>
  queryOptions({
    queryKey: conversationKeys.unread(viewerId),
    // Live updates and writes invalidate it; a fresh answer is not asked for again on mount.
    staleTime: 30_000,
    queryFn: async (): Promise<Record<string, number>> => {
      const rows = rowsOf<{ project_id: string; unread: number }>(await supabase.rpc('conversation_unread_counts'))
      return Object.fromEntries(rows.map((row) => [row.project_id, row.unread]))
    },
  })

export const totalUnread = (counts: Record<string, number> | undefined) =>
  Object.values(counts ?? {}).reduce((sum, n) => sum + n, 0)

export const conversationMessagesQuery = (viewerId: string, projectId: string) =>
  queryOptions({
    queryKey: conversationKeys.messages(viewerId, projectId),
    queryFn: async (): Promise<ConversationMessage[]> =>
      unwrapList(
        await supabase
          .from('conversation_messages')
          .select(
            'id, project_id, author_id, body, is_internal, mentions, document_ids, created_at, edited_at, deleted_at',
          )
          .eq('project_id', projectId)
          .order('created_at', { ascending: true })
          .order('id', { ascending: true }),
      ),
  })

export const conversationReadsQuery = (viewerId: string, projectId: string) =>
  queryOptions({
    queryKey: conversationKeys.reads(viewerId, projectId),
    // Asked for by the route's loader with the messages (conversationQueries); then kept fresh live.
    staleTime: loadedWithRouteMs,
    queryFn: async () =>
      unwrapList(await supabase.from('conversation_reads').select('user_id, last_read_at').eq('project_id', projectId)),
  })

export interface ConversationPerson {
  id: string
  full_name: string
  is_staff: boolean
  is_member: boolean
}

/** The people of the project (who may be mentioned) and every author of its messages. */
export const conversationPeopleQuery = (viewerId: string, projectId: string) =>
  queryOptions({
    queryKey: conversationKeys.people(viewerId, projectId),
    staleTime: 60_000,
    queryFn: async (): Promise<ConversationPerson[]> =>
      rowsOf<ConversationPerson>(await supabase.rpc('conversation_people', { target_project: projectId })),
  })

/** The project's documents the viewer can see: what may be attached, and what attachments name. */
export const conversationDocumentsQuery = (viewerId: string, projectId: string) =>
  queryOptions({
    queryKey: conversationKeys.documents(viewerId, projectId),
    staleTime: loadedWithRouteMs,
    queryFn: async () =>
      unwrapList(
        await supabase
          .from('documents')
          .select('id, name, storage_path, visible_to_client')
          .eq('project_id', projectId)
          .order('name'),
      ),
  })

export interface ConversationSettings {
  max_message_chars: number
  edit_minutes: number
  max_attachments: number
}

/** The limits the database enforces (set from the server's .env), for the screens to show. */
export const conversationSettingsQuery = () =>
  queryOptions({
    queryKey: conversationKeys.settings(),
    staleTime: Infinity,
    queryFn: async (): Promise<ConversationSettings> => {
      const rows = rowsOf<ConversationSettings>(await supabase.rpc('conversation_settings'))
      return rows[0] ?? { max_message_chars: 4000, edit_minutes: 15, max_attachments: 5 }
    },
  })

/** The project's name for the conversation's heading; null when the viewer may not see it. */
export const conversationProjectQuery = (viewerId: string, projectId: string) =>
  queryOptions({
    queryKey: conversationKeys.project(viewerId, projectId),
    queryFn: async () => {
      if (!isUuid(projectId)) return null
      const { data, error } = await supabase.from('projects').select('id, name').eq('id', projectId).maybeSingle()
      if (error) throw new Error(error.message)
      return data
    },
  })

/**
 * Everything a project's conversation shows, for its routes' loaders: the messages, who read them,
 * the people, the documents that may be attached and the limits, all at once rather than once the
 * messages have arrived and the list mounts.
 */
export const conversationQueries = (viewerId: string, projectId: string) =>
  [
    conversationMessagesQuery(viewerId, projectId),
    conversationReadsQuery(viewerId, projectId),
    conversationPeopleQuery(viewerId, projectId),
    conversationDocumentsQuery(viewerId, projectId),
    conversationSettingsQuery(),
  ] as const
