// The project conversation's writes (decision 0016) and what the database's refusals of them mean.
// Apart from queries.ts, which the two areas' layouts and overviews read for the unread counts, so
// that their first load carries neither the writes nor the one error-to-failure reading
// (decision 0052): only the conversation screen loads this module.
import { supabase } from '@/lib/supabase'
import { readFailure, type Catalog } from '@/lib/write-failure'

export interface NewMessage {
  projectId: string
  body: string
  isInternal: boolean
  mentions: string[]
  documentIds: string[]
}

/** Why the database refused a write, in words the screens translate. */
export type ConversationFailure =
  'edit-window' | 'too-long' | 'mentions' | 'attachments' | 'deleted' | 'too-many' | 'unknown'

export class ConversationError extends Error {
  constructor(readonly failure: ConversationFailure) {
    super(failure)
  }
}

/**
 * What a refused write of a message means. PT429 is the database's bound on the messages a client
 * writes per request and per minute (private.client_write_limits); the other refusals are told
 * apart by the guard's messages. Anything else, the network included, could not be saved.
 */
const conversationFailures: Catalog<ConversationFailure> = {
  patterns: [
    [/can be edited for/, 'edit-window'],
    [/characters/, 'too-long'],
    [/mentioned/, 'mentions'],
    [/attach/, 'attachments'],
    [/deleted message/, 'deleted'],
  ],
  codes: { PT429: 'too-many' },
  network: 'unknown',
  fallback: 'unknown',
}

export function conversationFailure(error: { code?: string; message: string }): ConversationFailure {
  return readFailure(error, conversationFailures)
}

const failureOf = (error: { code?: string; message: string }) => new ConversationError(conversationFailure(error))

export async function sendMessage(message: NewMessage): Promise<void> {
  const { error } = await supabase.from('conversation_messages').insert({
    project_id: message.projectId,
    body: message.body,
    is_internal: message.isInternal,
    mentions: message.mentions,
    document_ids: message.documentIds,
  })
  if (error) throw failureOf(error)
}

/** Changes a message's text (and its mentions); the database refuses it after the edit window. */
export async function editMessage(id: string, body: string, mentions: string[]): Promise<void> {
  const { data, error } = await supabase
    .from('conversation_messages')
    .update({ body, mentions })
    .eq('id', id)
    .select('id')
  if (error) throw failureOf(error)
  if (!data?.length) throw new ConversationError('unknown')
}

/** Deletes one's own message: it stays as "deleted", without its text. */
export async function deleteMessage(id: string): Promise<void> {
  const { data, error } = await supabase
    .from('conversation_messages')
    .update({ deleted_at: new Date().toISOString() })
    .eq('id', id)
    .select('id')
  if (error) throw failureOf(error)
  if (!data?.length) throw new ConversationError('unknown')
}

/** Records that the viewer has read the conversation up to `upTo` (never moves backwards). */
export async function markConversationRead(projectId: string, upTo: string): Promise<void> {
  const { error } = await supabase.rpc('mark_conversation_read', { target_project: projectId, up_to: upTo })
  if (error) throw new Error(error.message)
}
