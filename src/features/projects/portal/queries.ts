// One queryOptions factory per resource the portal reads. Row-level security decides what comes
// back; the filters here only narrow it to what a page shows. Keys start with the resource, so a
// mutation invalidates exactly what it changed.
import { queryOptions } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { isUuid, unwrap, unwrapList } from '@/lib/query-utils'
import { projectKeys } from '@/lib/query-keys'

export const portalKeys = {
  organization: (id: string | null) => ['organization', id] as const,
}

export const organizationQuery = (organizationId: string | null) =>
  queryOptions({
    queryKey: portalKeys.organization(organizationId),
    enabled: organizationId !== null,
    staleTime: 5 * 60_000,
    queryFn: async () =>
      unwrap(
        await supabase
          .from('organizations')
          .select('id, name, slug, default_locale')
          .eq('id', organizationId!)
          .single(),
      ),
  })

export interface FirmContact {
  full_name: string
  email: string
}
type FirmContactRows = { data: FirmContact[] | null; error: { message: string } | null }

/** The person's contact at the firm (who invited them), or null: named by the first visit's welcome. */
export const firmContactQuery = (viewerId: string) =>
  queryOptions({
    queryKey: ['firm-contact', viewerId] as const,
    staleTime: 5 * 60_000,
    // a table-returning function: the generated types know it only as rows of text
    queryFn: async (): Promise<FirmContact | null> =>
      unwrapList((await supabase.rpc('my_firm_contact')) as unknown as FirmContactRows)[0] ?? null,
  })

const PROJECT_COLUMNS =
  'id, organization_id, name, description, service, status, progress, start_date, due_date, completed_on' as const

export const projectsQuery = (viewerId: string, organizationId: string | null) =>
  queryOptions({
    queryKey: projectKeys.list(viewerId, organizationId),
    queryFn: async () => {
      if (!organizationId) return []
      return unwrapList(
        await supabase
          .from('projects')
          .select(PROJECT_COLUMNS)
          .eq('organization_id', organizationId)
          .order('due_date', { ascending: true, nullsFirst: false })
          .order('name'),
      )
    },
  })

/** One project, or null when it does not exist or row-level security hides it. */
export const projectQuery = (viewerId: string, projectId: string) =>
  queryOptions({
    queryKey: projectKeys.detail(viewerId, projectId),
    queryFn: async () => {
      if (!isUuid(projectId)) return null
      return unwrap(await supabase.from('projects').select(PROJECT_COLUMNS).eq('id', projectId).maybeSingle())
    },
  })

export type PortalProject = NonNullable<Awaited<ReturnType<NonNullable<ReturnType<typeof projectQuery>['queryFn']>>>>

export const projectActivityQuery = (viewerId: string, projectId: string, limit = 100) =>
  queryOptions({
    queryKey: [...projectKeys.activity(viewerId, projectId), limit],
    queryFn: async () =>
      unwrapList(
        await supabase
          .from('activity_log')
          .select('id, occurred_at, actor_id, entity_type, entity_id, action, summary')
          .eq('project_id', projectId)
          .eq('is_internal', false)
          .order('occurred_at', { ascending: false })
          .order('id', { ascending: false })
          .limit(limit),
      ),
  })
