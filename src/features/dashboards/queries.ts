// Project dashboards' reads and writes (decision 0039). Clients read the dashboards row-level
// security lets them see; opening one asks the database (open_dashboard: it records the view and
// gives a link's address) or, for Metabase, the dashboard-embed function (it signs the embed
// token). Staff manage a project's dashboards, their audience and order, the allowlist of hosts,
// and read the views.
import { queryOptions } from '@tanstack/react-query'
import { FunctionsHttpError } from '@supabase/supabase-js'
import { supabase } from '@/lib/supabase'
import { isUuid } from '@/lib/query-utils'
// The rules' types only: the rules themselves (zod) are for the staff forms, and the portal's
// project page reads these queries in its first load.
import type { DashboardInput, HostInput } from './rules'

export const dashboardKeys = {
  all: ['dashboards'] as const,
  project: (viewerId: string, projectId: string) => ['dashboards', viewerId, 'project', projectId] as const,
  address: (viewerId: string, dashboardId: string) => ['dashboards', viewerId, 'address', dashboardId] as const,
  admin: (projectId: string) => ['dashboards', 'admin', projectId] as const,
  views: (projectId: string) => ['dashboards', 'admin', projectId, 'views'] as const,
  hosts: () => ['dashboards', 'hosts'] as const,
}

/** A failure to open a dashboard, by what the reader is told: not set up, gone, too many, or anything else. */
export class DashboardOpenError extends Error {
  constructor(readonly reason: 'unavailable' | 'not_found' | 'too_many' | 'failed') {
    super(reason)
  }
}

/** The dashboards of a project the viewer may see, in their order (RLS: the audience decides). */
export const projectDashboardsQuery = (viewerId: string, projectId: string) =>
  queryOptions({
    queryKey: dashboardKeys.project(viewerId, projectId),
    // The route's loader asks for it with the project; the tabs read that answer, not a second one.
    staleTime: 30_000,
    queryFn: async () => {
      if (!isUuid(projectId)) return []
      const { data, error } = await supabase
        .from('project_dashboards')
        .select('id, kind, title, url, refuses_framing, position')
        .eq('project_id', projectId)
        .order('position')
        .order('created_at')
      if (error) throw new Error(error.message)
      return data
    },
  })

export type VisibleDashboard = NonNullable<
  Awaited<ReturnType<NonNullable<ReturnType<typeof projectDashboardsQuery>['queryFn']>>>
>[number]

async function openedLink(dashboardId: string): Promise<string> {
  const { data, error, status } = await supabase.rpc('open_dashboard', { p_dashboard_id: dashboardId })
  if (error) throw new DashboardOpenError(status === 404 ? 'not_found' : status === 429 ? 'too_many' : 'failed')
  const url = (data as { url?: unknown } | null)?.url
  if (typeof url !== 'string') throw new DashboardOpenError('failed')
  return url
}

async function signedMetabase(dashboardId: string): Promise<string> {
  const { data, error } = await supabase.functions.invoke<{ data?: { url?: string } }>('dashboard-embed', {
    body: { dashboard_id: dashboardId },
  })
  if (error) {
    const status = error instanceof FunctionsHttpError ? (error.context as Response).status : 0
    throw new DashboardOpenError(
      status === 503 ? 'unavailable' : status === 404 ? 'not_found' : status === 429 ? 'too_many' : 'failed',
    )
  }
  const url = data?.data?.url
  if (typeof url !== 'string') throw new DashboardOpenError('failed')
  return url
}

/** Milliseconds until a Metabase embed address's token expires (its `exp`), or null if unreadable. */
function tokenLifeLeft(url: string): number | null {
  try {
    const token = new URL(url).pathname.split('/').at(-1) ?? ''
    const payload = token.split('.')[1] ?? ''
    const { exp } = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown }
    return typeof exp === 'number' ? exp * 1000 - Date.now() : null
  } catch {
    return null
  }
}

/**
 * The address to frame (or link to), asked for when the dashboard is shown: this is what records
 * the view. A Metabase address carries a token that lives minutes (at least one), so it is kept a
 * minute at most; and never refreshed behind the reader's back on focus or reconnection, which
 * would reload the frame in the middle of their reading. Only a Metabase token about to expire is
 * renewed while the dashboard is open: the dashboard sends it again with every filter change, and
 * an expired one would leave it broken.
 */
export const dashboardAddressQuery = (viewerId: string, dashboard: Pick<VisibleDashboard, 'id' | 'kind'>) =>
  queryOptions({
    queryKey: dashboardKeys.address(viewerId, dashboard.id),
    queryFn: () => (dashboard.kind === 'metabase' ? signedMetabase(dashboard.id) : openedLink(dashboard.id)),
    staleTime: 60_000,
    gcTime: 60_000,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    refetchInterval: (query) => {
      const left = dashboard.kind === 'metabase' && query.state.data ? tokenLifeLeft(query.state.data) : null
      return left === null ? false : Math.max(left - 30_000, 30_000)
    },
    retry: false,
  })

// ─── Staff ───────────────────────────────────────────────────────────────────────────────────

export const adminDashboardsQuery = (projectId: string) =>
  queryOptions({
    queryKey: dashboardKeys.admin(projectId),
    queryFn: async () => {
      const { data, error } = await supabase
        .from('project_dashboards')
        .select(
          'id, kind, title, url, metabase_dashboard_id, locked_parameter, audience, position, refuses_framing, project_dashboard_people(person_id)',
        )
        .eq('project_id', projectId)
        .order('position')
        .order('created_at')
      if (error) throw new Error(error.message)
      return data
    },
  })

export type AdminDashboard = Awaited<
  ReturnType<NonNullable<ReturnType<typeof adminDashboardsQuery>['queryFn']>>
>[number]

export interface DashboardViewSummary {
  dashboard_id: string
  views: number
  last_viewed_at: string | null
  last_viewers: { viewer_name: string | null; viewed_at: string }[]
}

export const dashboardViewsQuery = (projectId: string) =>
  queryOptions({
    queryKey: dashboardKeys.views(projectId),
    queryFn: async () => {
      const { data, error } = await supabase.rpc('project_dashboard_views', { p_project_id: projectId })
      if (error) throw new Error(error.message)
      return (data ?? []) as unknown as DashboardViewSummary[]
    },
  })

/** The clients of an organization, who may be named in a dashboard's audience. */
export const organizationClientsQuery = (organizationId: string) =>
  queryOptions({
    queryKey: ['dashboards', 'admin', 'clients', organizationId] as const,
    queryFn: async () => {
      const { data, error } = await supabase
        .from('profiles')
        .select('id, full_name, email')
        .eq('organization_id', organizationId)
        .eq('role', 'client')
        .order('full_name')
      if (error) throw new Error(error.message)
      return data
    },
  })

/** The table's columns for the form's values (the kind's other fields empty). */
export function toDashboardRow(projectId: string, values: DashboardInput) {
  const metabase = values.kind === 'metabase'
  return {
    project_id: projectId,
    kind: values.kind,
    title: values.title.trim(),
    url: metabase ? null : values.url.trim(),
    metabase_dashboard_id: metabase ? Number(values.metabaseDashboardId.trim()) : null,
    locked_parameter: metabase ? values.lockedParameter.trim() : null,
    audience: values.audience,
    refuses_framing: metabase ? false : values.refusesFraming,
  }
}

/** Saves a dashboard (new: at the end of the list) and who it names. */
export async function saveDashboard(
  projectId: string,
  existing: { id: string } | null,
  values: DashboardInput,
  nextPosition: number,
): Promise<void> {
  const row = toDashboardRow(projectId, values)
  let id = existing?.id
  if (id) {
    const { error } = await supabase.from('project_dashboards').update(row).eq('id', id)
    if (error) throw error
  } else {
    const { data, error } = await supabase
      .from('project_dashboards')
      .insert({ ...row, position: nextPosition })
      .select('id')
      .single()
    if (error) throw error
    id = data.id
  }
  const { error: cleared } = await supabase.from('project_dashboard_people').delete().eq('dashboard_id', id)
  if (cleared) throw cleared
  if (values.audience === 'people' && values.people.length > 0) {
    const { error } = await supabase
      .from('project_dashboard_people')
      .insert(values.people.map((personId) => ({ dashboard_id: id, person_id: personId })))
    if (error) throw error
  }
}

export async function removeDashboard(id: string): Promise<void> {
  const { error } = await supabase.from('project_dashboards').delete().eq('id', id)
  if (error) throw error
}

/** Writes the list's order as it is shown (positions 0, 1, 2, …). */
export async function reorderDashboards(ids: string[]): Promise<void> {
  for (const [position, id] of ids.entries()) {
    const { error } = await supabase.from('project_dashboards').update({ position }).eq('id', id)
    if (error) throw error
  }
}

export const dashboardHostsQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.hosts(),
    queryFn: async () => {
      const { data, error } = await supabase.from('dashboard_hosts').select('host, label, created_at').order('host')
      if (error) throw new Error(error.message)
      return data
    },
  })

export async function addHost(values: HostInput): Promise<void> {
  const { error } = await supabase
    .from('dashboard_hosts')
    .insert({ host: values.host.trim().toLowerCase(), label: values.label.trim() })
  if (error) throw error
}

export async function removeHost(host: string): Promise<void> {
  const { error } = await supabase.from('dashboard_hosts').delete().eq('host', host)
  if (error) throw error
}

/** The project's name for the page's header; null when the viewer cannot see it. */
export const dashboardsProjectQuery = (viewerId: string, projectId: string) =>
  queryOptions({
    queryKey: ['dashboards', viewerId, 'project-name', projectId] as const,
    queryFn: async () => {
      if (!isUuid(projectId)) return null
      const { data, error } = await supabase.from('projects').select('id, name').eq('id', projectId).maybeSingle()
      if (error) throw new Error(error.message)
      return data
    },
  })
