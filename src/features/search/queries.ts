// Search (public.search): the query factory and what it answers. The database decides what the
// caller may find (row-level security); the page only shows it.
import { queryOptions } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { unwrap } from '@/lib/query-utils'

export type SearchKind = 'project' | 'document' | 'report' | 'task' | 'message' | 'organization' | 'person' | 'lead'

export interface SearchHit {
  kind: SearchKind
  id: string
  title: string
  project_id: string | null
  project_name: string | null
  organization_id: string | null
  context: string | null
  /** A conversation message that is a staff-only internal note (only staff find those). */
  internal: boolean
}

export const searchQuery = (query: string) =>
  queryOptions({
    queryKey: ['search', query] as const,
    staleTime: 30_000,
    queryFn: async () => unwrap(await supabase.rpc('search', { p_query: query })) as unknown as SearchHit[],
  })
