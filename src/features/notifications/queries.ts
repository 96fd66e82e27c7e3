// A signed-in person's notifications, the same in the portal and the admin area: the unread count
// (the shell's bell and the section's badge), the list a page at a time, and the one write, marking
// read; row-level security lets a user read and mark only their own.
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { projectKeys } from '@/lib/query-keys'
import { unwrapList } from '@/lib/query-utils'
import type { toPreferencesRow } from './rules'

/** Everything under a user's notifications (the list and the unread count share the prefix). */
export const notificationKeys = {
  all: (userId: string) => ['notifications', userId] as const,
  list: (userId: string) => ['notifications', userId, 'list'] as const,
  unreadCount: (userId: string) => ['notifications', userId, 'unread-count'] as const,
  preferences: (userId: string) => ['notification-preferences', userId] as const,
}

export const unreadCountQuery = (userId: string) =>
  queryOptions({
    queryKey: notificationKeys.unreadCount(userId),
    // Live updates and writes invalidate it; a fresh answer is not asked for again on mount.
    staleTime: 30_000,
    queryFn: async () => {
      const { count, error } = await supabase
        .from('notifications')
        .select('id', { count: 'exact', head: true })
        .eq('recipient_id', userId)
        .is('read_at', null)
      if (error) throw new Error(error.message)
      return count ?? 0
    },
  })

const notificationsPageSize = 20

/** The user's notifications, newest first, a page at a time ("Show more"). */
export const notificationsQuery = (userId: string) =>
  infiniteQueryOptions({
    queryKey: notificationKeys.list(userId),
    initialPageParam: 0,
    queryFn: async ({ pageParam }) => {
      const { data, count, error } = await supabase
        .from('notifications')
        .select('id, kind, title, body, project_id, entity_type, entity_id, read_at, created_at', { count: 'exact' })
        .eq('recipient_id', userId)
        .order('created_at', { ascending: false })
        .order('id', { ascending: false })
        .range(pageParam, pageParam + notificationsPageSize - 1)
      if (error) throw new Error(error.message)
      return { rows: data, offset: pageParam, total: count ?? pageParam + data.length }
    },
    getNextPageParam: (last) => {
      const next = last.offset + last.rows.length
      return last.rows.length > 0 && next < last.total ? next : undefined
    },
  })

export type NotificationRow = Awaited<
  ReturnType<NonNullable<ReturnType<typeof notificationsQuery>['queryFn']>>
>['rows'][number]

/** Marks one notification, or (without an id) every unread one of the user, as read. */
export async function markNotificationsRead(userId: string, notificationId?: string): Promise<void> {
  let query = supabase
    .from('notifications')
    .update({ read_at: new Date().toISOString() })
    .eq('recipient_id', userId)
    .is('read_at', null)
  if (notificationId) query = query.eq('id', notificationId)
  const { error } = await query
  if (error) throw error
}

/** The person's notification e-mail preferences: their row, or null when they chose nothing yet. */
export const notificationPreferencesQuery = (userId: string) =>
  queryOptions({
    queryKey: notificationKeys.preferences(userId),
    queryFn: async () => {
      const { data, error } = await supabase
        .from('notification_preferences')
        .select('messages, mentions, documents, reports, approvals, tasks, digest_frequency')
        .eq('person_id', userId)
        .maybeSingle()
      if (error) throw new Error(error.message)
      return data
    },
  })

/** Saves the person's preferences (row-level security: only their own row). */
export async function saveNotificationPreferences(row: ReturnType<typeof toPreferencesRow>) {
  const { error } = await supabase.from('notification_preferences').upsert(row)
  if (error) throw error
}

/** The portal overview's latest unread notifications. */
export const latestNotificationsQuery = (userId: string, limit = 5) =>
  queryOptions({
    queryKey: [...projectKeys.latestNotifications(userId), limit],
    queryFn: async () =>
      unwrapList(
        await supabase
          .from('notifications')
          .select('id, kind, title, body, project_id, created_at')
          .eq('recipient_id', userId)
          .is('read_at', null)
          .order('created_at', { ascending: false })
          .limit(limit),
      ),
  })
