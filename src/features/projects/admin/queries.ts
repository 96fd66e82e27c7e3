// queryOptions factories for the staff's project pages. Staff read everything through row-level
// security (is_admin()); the filters narrow it to what a page shows. Every key starts with
// ['admin', 'projects'], so a mutation can invalidate one project's data or all of it.
import { queryOptions } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { isUuid, unwrap, unwrapList } from '@/lib/query-utils'
import { adminProjectKeys } from '@/lib/query-keys'
import { openProjectStatuses, openStatusFilter, type ProjectFilters } from './vocabulary'

/** Organizations for the filter and the create form, active ones first. */
export const organizationOptionsQuery = () =>
  queryOptions({
    queryKey: adminProjectKeys.organizations(),
    staleTime: 60_000,
    queryFn: async () =>
      unwrapList(await supabase.from('organizations').select('id, name, is_active').order('name')).sort(
        (a, b) => Number(b.is_active) - Number(a.is_active),
      ),
  })

/** `%` and `_` are wildcards in ilike; a search for them means the characters themselves. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`
}

export const projectListQuery = (filters: ProjectFilters) =>
  queryOptions({
    queryKey: adminProjectKeys.list(filters),
    queryFn: async () => {
      let query = supabase
        .from('projects')
        .select(
          'id, name, service, status, progress, start_date, due_date, archived_at, visible_to_client, updated_at, organization:organizations(id, name)',
        )
      if (filters.organization && isUuid(filters.organization))
        query = query.eq('organization_id', filters.organization)
      if (filters.status === openStatusFilter) query = query.in('status', [...openProjectStatuses])
      else if (filters.status) query = query.eq('status', filters.status)
      if (filters.q?.trim()) query = query.ilike('name', likePattern(filters.q.trim()))
      if (!filters.archived) query = query.is('archived_at', null)
      return unwrapList(await query.order('updated_at', { ascending: false }).limit(200))
    },
  })

const PROJECT_COLUMNS =
  'id, organization_id, name, description, service, status, progress, start_date, due_date, completed_on, visible_to_client, archived_at, created_at, updated_at, organization:organizations(id, name)' as const

/** One project, or null when the id is not a project. */
export const adminProjectQuery = (projectId: string) =>
  queryOptions({
    queryKey: adminProjectKeys.detail(projectId),
    queryFn: async () => {
      if (!isUuid(projectId)) return null
      return unwrap(await supabase.from('projects').select(PROJECT_COLUMNS).eq('id', projectId).maybeSingle())
    },
  })

export type AdminProject = NonNullable<
  Awaited<ReturnType<NonNullable<ReturnType<typeof adminProjectQuery>['queryFn']>>>
>
