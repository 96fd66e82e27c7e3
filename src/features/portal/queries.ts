// One queryOptions factory per resource the portal reads. Row-level security decides what comes
// back; the filters here only narrow it to what a page shows. Keys start with the resource, so a
// mutation invalidates exactly what it changed.
import { queryOptions } from '@tanstack/react-query'
import { supabase } from '../../lib/supabase'

/** Throws the PostgREST error so TanStack Query (and the route's error component) sees it. */
export function unwrap<T>(result: { data: T; error: { message: string } | null }): T {
  if (result.error) throw new Error(result.error.message)
  return result.data
}

export const portalKeys = {
  organization: (id: string | null) => ['organization', id] as const,
  unreadCount: (userId: string) => ['notifications', userId, 'unread-count'] as const,
}

export const organizationQuery = (organizationId: string | null) =>
  queryOptions({
    queryKey: portalKeys.organization(organizationId),
    enabled: organizationId !== null,
    staleTime: 5 * 60_000,
    queryFn: async () =>
      unwrap(await supabase.from('organizations').select('id, name, slug').eq('id', organizationId!).single()),
  })

export const unreadCountQuery = (userId: string) =>
  queryOptions({
    queryKey: portalKeys.unreadCount(userId),
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
