// queryOptions factories for the staff's project pages. Staff read everything through row-level
// security (is_admin()); the filters narrow it to what a page shows. Every key starts with
// ['admin', 'projects'], so a mutation can invalidate one project's data or all of it.
import { queryOptions } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { isUuid, numericMetrics, unwrap, unwrapList } from '@/lib/query-utils'
import type { LiveBinding } from '@/lib/use-live'
import { openProjectStatuses, openStatusFilter, type ProjectFilters } from './vocabulary'

export const adminProjectKeys = {
  all: () => ['admin', 'projects'] as const,
  organizations: () => ['admin', 'projects', 'organizations'] as const,
  list: (filters: ProjectFilters) => ['admin', 'projects', 'list', filters] as const,
  project: (id: string) => ['admin', 'projects', 'detail', id] as const,
  detail: (id: string) => ['admin', 'projects', 'detail', id, 'project'] as const,
  documents: (id: string) => ['admin', 'projects', 'detail', id, 'documents'] as const,
  downloads: (id: string) => ['admin', 'projects', 'detail', id, 'downloads'] as const,
  reports: (id: string) => ['admin', 'projects', 'detail', id, 'reports'] as const,
  metrics: (id: string) => ['admin', 'projects', 'detail', id, 'metrics'] as const,
  tasks: (id: string) => ['admin', 'projects', 'detail', id, 'tasks'] as const,
  activity: (id: string) => ['admin', 'projects', 'detail', id, 'activity'] as const,
  people: (projectId: string) => ['admin', 'projects', 'people', projectId] as const,
  clients: (organizationId: string) => ['admin', 'projects', 'clients', organizationId] as const,
}

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

export const adminDocumentsQuery = (projectId: string) =>
  queryOptions({
    queryKey: adminProjectKeys.documents(projectId),
    queryFn: async () =>
      unwrapList(
        await supabase
          .from('documents')
          .select(
            'id, project_id, name, description, category, storage_path, mime_type, size_bytes, visible_to_client, uploaded_by, version, created_at, updated_at',
          )
          .eq('project_id', projectId)
          .order('created_at', { ascending: false }),
      ),
  })

export interface DocumentDownload {
  document_id: string
  /** The document's version whose file was downloaded (a replaced file keeps its records). */
  version: number
  reader_id: string
  reader_name: string | null
  reader_email: string | null
  downloaded_at: string
}

/** Who downloaded the project's documents and when, newest first (recorded when a link is asked for). */
export const documentDownloadsQuery = (projectId: string) =>
  queryOptions({
    queryKey: adminProjectKeys.downloads(projectId),
    queryFn: async () =>
      unwrap(
        await supabase.rpc('project_document_downloads', { p_project_id: projectId }),
      ) as unknown as DocumentDownload[],
  })

export type AdminDocument = Awaited<ReturnType<NonNullable<ReturnType<typeof adminDocumentsQuery>['queryFn']>>>[number]

export const adminReportsQuery = (projectId: string) =>
  queryOptions({
    queryKey: adminProjectKeys.reports(projectId),
    queryFn: async () =>
      unwrapList(
        await supabase
          .from('reports')
          .select(
            'id, project_id, title, summary, report_type, status, locale, period_start, period_end, dashboard_url, document_id, published_at, created_at, updated_at',
          )
          .eq('project_id', projectId)
          .order('created_at', { ascending: false }),
      ),
  })

export type AdminReport = Awaited<ReturnType<NonNullable<ReturnType<typeof adminReportsQuery>['queryFn']>>>[number]

export const adminMetricsQuery = (projectId: string) =>
  queryOptions({
    queryKey: adminProjectKeys.metrics(projectId),
    queryFn: async () => {
      const rows = unwrapList(
        await supabase
          .from('analytics_metrics')
          .select(
            'id, metric_key, label_es, label_en, unit, granularity, period_start, period_end, value, target, visible_to_client, notes',
          )
          .eq('project_id', projectId)
          .order('metric_key')
          .order('period_start'),
      )
      return numericMetrics(rows)
    },
  })

export type AdminMetric = Awaited<ReturnType<NonNullable<ReturnType<typeof adminMetricsQuery>['queryFn']>>>[number]

export const adminTasksQuery = (projectId: string) =>
  queryOptions({
    queryKey: adminProjectKeys.tasks(projectId),
    queryFn: async () =>
      unwrapList(
        await supabase
          .from('tasks')
          .select(
            'id, project_id, title, description, status, priority, due_date, assigned_to, is_internal, completed_at, created_at',
          )
          .eq('project_id', projectId)
          .order('due_date', { ascending: true, nullsFirst: false })
          .order('created_at'),
      ),
  })

export type AdminTask = Awaited<ReturnType<NonNullable<ReturnType<typeof adminTasksQuery>['queryFn']>>>[number]

export interface Person {
  id: string
  full_name: string
  email: string | null
  role: string
}

/**
 * Who a task of this project can go to: its organization's active client users, then active staff.
 * By the project's id (through its organization), so it need not wait for the project to load.
 */
export const projectPeopleQuery = (projectId: string) =>
  queryOptions({
    queryKey: adminProjectKeys.people(projectId),
    queryFn: async () => {
      const [clients, staff] = await Promise.all([
        supabase
          .from('profiles')
          .select(
            'id, full_name, email, role, organization:organizations!profiles_organization_id_fkey!inner(projects!inner(id))',
          )
          .eq('organization.projects.id', projectId)
          .eq('role', 'client')
          .eq('is_active', true)
          .order('full_name'),
        supabase
          .from('profiles')
          .select('id, full_name, email, role')
          .in('role', ['admin', 'super_admin'])
          .eq('is_active', true)
          .order('full_name'),
      ])
      return {
        clients: unwrapList<Person & { organization: unknown }>(clients).map(
          ({ organization: _, ...person }) => person,
        ),
        staff: unwrapList<Person>(staff),
      }
    },
  })

export const adminActivityQuery = (projectId: string) =>
  queryOptions({
    queryKey: adminProjectKeys.activity(projectId),
    queryFn: async () =>
      unwrapList(
        await supabase
          .from('activity_log')
          .select('id, occurred_at, actor_id, entity_type, entity_id, action, summary, is_internal')
          .eq('project_id', projectId)
          .order('occurred_at', { ascending: false })
          .order('id', { ascending: false })
          .limit(100),
      ),
  })

/** Every client user of an organization, deactivated ones included (Team access). */
export const organizationClientsQuery = (organizationId: string) =>
  queryOptions({
    queryKey: adminProjectKeys.clients(organizationId),
    queryFn: async () =>
      unwrapList(
        await supabase
          .from('profiles')
          .select('id, full_name, email, is_active')
          .eq('organization_id', organizationId)
          .eq('role', 'client')
          .order('full_name'),
      ),
  })

/**
 * One project's lists, live on every sub-page of its frame (decision 0016): a row another person
 * creates or changes there (a client's upload, a colleague's report) appears without a reload.
 * The project itself, its approvals and its conversation are the area's (adminLive in ../queries).
 */
export function adminProjectLive(projectId: string): LiveBinding[] {
  const filter = `project_id=eq.${projectId}`
  return [
    { spec: { table: 'documents', filter }, keys: [adminProjectKeys.documents(projectId)] },
    { spec: { table: 'reports', filter }, keys: [adminProjectKeys.reports(projectId)] },
    { spec: { table: 'analytics_metrics', filter }, keys: [adminProjectKeys.metrics(projectId)] },
    { spec: { table: 'tasks', filter }, keys: [adminProjectKeys.tasks(projectId)] },
    { spec: { table: 'activity_log', filter }, keys: [adminProjectKeys.activity(projectId)] },
  ]
}
