// The one write the notifications page makes; row-level security lets a user mark only their own.
import { supabase } from '@/lib/supabase'

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
