// One queryOptions factory per resource the portal reads. Row-level security decides what comes
// back; the filters here only narrow it to what a page shows. Keys start with the resource, so a
// mutation invalidates exactly what it changed.
import { queryOptions } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { isUuid, numericMetrics, unwrap, unwrapList } from '@/lib/query-utils'

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

// ─── Projects and everything in them ────────────────────────────────────────────────────────
// Every key below carries the viewer's user id: what row-level security returns depends on who
// asks, so one person's cached rows can never answer another person's query, even if the cache
// were not cleared on sign-out.

export const projectKeys = {
  all: (viewerId: string) => ['projects', viewerId] as const,
  list: (viewerId: string, organizationId: string | null) => ['projects', viewerId, 'list', organizationId] as const,
  detail: (viewerId: string, projectId: string) => ['projects', viewerId, 'detail', projectId] as const,
  allDocuments: (viewerId: string) => ['documents', viewerId] as const,
  documents: (viewerId: string, projectId: string) => ['documents', viewerId, projectId] as const,
  allReports: (viewerId: string) => ['reports', viewerId] as const,
  reports: (viewerId: string, projectId: string) => ['reports', viewerId, 'project', projectId] as const,
  latestReports: (viewerId: string, organizationId: string | null) =>
    ['reports', viewerId, 'latest', organizationId] as const,
  allMetrics: (viewerId: string) => ['metrics', viewerId] as const,
  metrics: (viewerId: string, projectId: string) => ['metrics', viewerId, projectId] as const,
  tasks: (viewerId: string) => ['tasks', viewerId] as const,
  projectTasks: (viewerId: string, projectId: string) => ['tasks', viewerId, 'project', projectId] as const,
  upcomingTasks: (viewerId: string, organizationId: string | null) =>
    ['tasks', viewerId, 'upcoming', organizationId] as const,
  allActivity: (viewerId: string) => ['activity', viewerId] as const,
  activity: (viewerId: string, projectId: string) => ['activity', viewerId, projectId] as const,
  latestNotifications: (userId: string) => ['notifications', userId, 'latest-unread'] as const,
}

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

export const projectDocumentsQuery = (viewerId: string, projectId: string) =>
  queryOptions({
    queryKey: projectKeys.documents(viewerId, projectId),
    queryFn: async () =>
      unwrapList(
        await supabase
          .from('documents')
          .select(
            'id, name, description, category, storage_path, mime_type, size_bytes, uploaded_by, version, created_at',
          )
          .eq('project_id', projectId)
          .order('created_at', { ascending: false }),
      ),
  })

export const projectReportsQuery = (viewerId: string, projectId: string) =>
  queryOptions({
    queryKey: projectKeys.reports(viewerId, projectId),
    queryFn: async () =>
      unwrapList(
        await supabase
          .from('reports')
          .select(
            'id, title, summary, report_type, locale, period_start, period_end, dashboard_url, published_at, version, document:documents!reports_document_id_fkey(id, name, storage_path)',
          )
          .eq('project_id', projectId)
          .eq('status', 'published')
          .order('published_at', { ascending: false }),
      ),
  })

export const latestReportsQuery = (viewerId: string, organizationId: string | null, limit = 5) =>
  queryOptions({
    queryKey: [...projectKeys.latestReports(viewerId, organizationId), limit],
    queryFn: async () => {
      if (!organizationId) return []
      return unwrapList(
        await supabase
          .from('reports')
          .select(
            'id, title, summary, report_type, period_start, period_end, published_at, project:projects!inner(id, name, organization_id)',
          )
          .eq('status', 'published')
          .eq('project.organization_id', organizationId)
          .order('published_at', { ascending: false })
          .limit(limit),
      )
    },
  })

export const projectMetricsQuery = (viewerId: string, projectId: string) =>
  queryOptions({
    queryKey: projectKeys.metrics(viewerId, projectId),
    queryFn: async () => {
      const rows = unwrapList(
        await supabase
          .from('analytics_metrics')
          .select(
            'id, metric_key, label_es, label_en, unit, granularity, period_start, period_end, value, target, notes',
          )
          .eq('project_id', projectId)
          .order('metric_key')
          .order('period_start'),
      )
      return numericMetrics(rows)
    },
  })

export type PortalMetric = Awaited<ReturnType<NonNullable<ReturnType<typeof projectMetricsQuery>['queryFn']>>>[number]

const TASK_COLUMNS =
  'id, project_id, title, description, status, priority, due_date, assigned_to, completed_at' as const

export const projectTasksQuery = (viewerId: string, projectId: string) =>
  queryOptions({
    queryKey: projectKeys.projectTasks(viewerId, projectId),
    queryFn: async () =>
      unwrapList(
        await supabase
          .from('tasks')
          .select(TASK_COLUMNS)
          .eq('project_id', projectId)
          .eq('is_internal', false)
          .order('due_date', { ascending: true, nullsFirst: false })
          .order('created_at'),
      ),
  })

export type PortalTask = Awaited<ReturnType<NonNullable<ReturnType<typeof projectTasksQuery>['queryFn']>>>[number]

/** Open tasks of the organization's projects, soonest due first. */
export const upcomingTasksQuery = (viewerId: string, organizationId: string | null, limit = 6) =>
  queryOptions({
    queryKey: [...projectKeys.upcomingTasks(viewerId, organizationId), limit],
    queryFn: async () => {
      if (!organizationId) return []
      return unwrapList(
        await supabase
          .from('tasks')
          .select(`${TASK_COLUMNS}, project:projects!inner(id, name, organization_id)`)
          .neq('status', 'done')
          .eq('is_internal', false)
          .eq('project.organization_id', organizationId)
          .order('due_date', { ascending: true, nullsFirst: false })
          .order('created_at')
          .limit(limit),
      )
    },
  })

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
