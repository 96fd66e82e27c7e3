// Live lists (issue 23, major 1): every list a screen of either area shows is read again when a row
// of its table changes, so a row that becomes visible (created, published, shared, moved into the
// project) appears without a reload. Sharing a project re-reads everything inside it, since its
// rows become visible without changing. The bindings are held against the real query keys of each
// screen's queries, through TanStack Query's own matching; useLiveBindings is driven through a
// stand-in for the Realtime channel manager.
import { describe, expect, it, vi } from 'vitest'
import { act, render } from '@testing-library/react'
import { QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query'
import type { LiveBinding, useLiveBindings as UseLiveBindings } from '../../src/lib/use-live'
import type { LiveListener, LiveSpec } from '../../src/lib/live'

const listeners = new Map<string, Set<LiveListener>>()
vi.mock('../../src/lib/live', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/lib/live')>()
  return {
    ...original,
    subscribeLive: (spec: LiveSpec, listener: LiveListener) => {
      const key = original.liveKey(spec)
      const set = listeners.get(key) ?? new Set()
      set.add(listener)
      listeners.set(key, set)
      return () => set.delete(listener)
    },
  }
})

const { useLiveBindings } = (await import('../../src/lib/use-live')) as { useLiveBindings: typeof UseLiveBindings }
// Each concept's queries, gathered as the area's pages read them.
const portal = {
  ...(await import('../../src/features/projects/portal/queries')),
  ...(await import('../../src/features/documents/portal/queries')),
  ...(await import('../../src/features/reports/portal/queries')),
  ...(await import('../../src/features/metrics/portal/queries')),
  ...(await import('../../src/features/tasks/portal/queries')),
  latestNotificationsQuery: (await import('../../src/features/notifications/queries')).latestNotificationsQuery,
}
const { portalLive } = await import('../../src/areas/portal/live')
const admin = await import('../../src/areas/admin/queries')
const adminProjects = {
  ...(await import('../../src/features/projects/admin/queries')),
  ...(await import('../../src/features/documents/admin/queries')),
  ...(await import('../../src/features/reports/admin/queries')),
  ...(await import('../../src/features/metrics/admin/queries')),
  ...(await import('../../src/features/tasks/admin/queries')),
  adminActivityQuery: (await import('../../src/features/activity/admin/queries')).adminActivityQuery,
  adminProjectLive: (await import('../../src/areas/admin/queries')).adminProjectLive,
}
const adminClients = await import('../../src/features/organizations/admin/queries')
const approvals = await import('../../src/features/approvals/queries')
const notifications = await import('../../src/features/notifications/queries')

const viewer = 'c0000000-0000-4000-8000-0000000000a1'
const organization = '0a000000-0000-4000-8000-000000000001'
const project = '1a000000-0000-4000-8000-000000000001'

/** Whether a change to `table` invalidates the query `key` on a screen listening to `bindings`. */
function rereads(bindings: LiveBinding[], table: string, key: QueryKey): boolean {
  const client = new QueryClient()
  client.setQueryData(key, [])
  for (const binding of bindings)
    if (binding.spec.table === table)
      for (const queryKey of binding.keys) void client.invalidateQueries({ queryKey, refetchType: 'none' })
  return client.getQueryState(key)?.isInvalidated === true
}

type Case = [table: string, list: string, key: QueryKey]

const portalOverview = [...portalLive.area(viewer), ...portalLive.overview(viewer)]
const portalProject = [...portalLive.area(viewer), ...portalLive.project(viewer, project)]
const adminOverview = [...admin.adminLive.area(viewer), ...admin.adminLive.overview()]
const adminProject = [...admin.adminLive.area(viewer), ...adminProjects.adminProjectLive(project)]

const screens: [string, LiveBinding[], Case[]][] = [
  [
    "the client's overview",
    portalOverview,
    [
      ['projects', 'projects', portal.projectsQuery(viewer, organization).queryKey],
      ['tasks', 'next tasks', portal.upcomingTasksQuery(viewer, organization).queryKey],
      ['reports', 'latest reports', portal.latestReportsQuery(viewer, organization).queryKey],
      ['approval_requests', 'awaiting approval', approvals.pendingApprovalsQuery(viewer).queryKey],
      ['notifications', 'unread notifications', portal.latestNotificationsQuery(viewer).queryKey],
      ['notifications', 'notifications page', notifications.notificationsQuery(viewer).queryKey],
    ],
  ],
  [
    "the client's project page",
    portalProject,
    [
      ['projects', 'the project', portal.projectQuery(viewer, project).queryKey],
      ['documents', 'documents', portal.projectDocumentsQuery(viewer, project).queryKey],
      ['reports', 'reports', portal.projectReportsQuery(viewer, project).queryKey],
      ['analytics_metrics', 'metrics', portal.projectMetricsQuery(viewer, project).queryKey],
      ['tasks', 'tasks', portal.projectTasksQuery(viewer, project).queryKey],
      ['activity_log', 'activity', portal.projectActivityQuery(viewer, project).queryKey],
      ['approval_requests', 'approvals', approvals.projectApprovalsQuery(viewer, project).queryKey],
    ],
  ],
  [
    "the staff's overview",
    adminOverview,
    [
      ['projects', 'figures', admin.adminOverviewQuery().queryKey],
      ['tasks', 'overdue tasks', admin.adminOverviewQuery().queryKey],
      ['activity_log', 'recent activity', admin.adminOverviewQuery().queryKey],
      ['approval_requests', 'awaiting the client', approvals.pendingApprovalsQuery(viewer).queryKey],
    ],
  ],
  [
    "the staff's lists of projects",
    admin.adminLive.area(viewer),
    [
      ['projects', 'projects', adminProjects.projectListQuery({}).queryKey],
      ['projects', "an organization's projects", adminClients.organizationProjectsQuery(organization).queryKey],
      ['notifications', 'notifications page', notifications.notificationsQuery(viewer).queryKey],
    ],
  ],
  [
    "the staff's project frame",
    adminProject,
    [
      ['projects', 'the project', adminProjects.adminProjectQuery(project).queryKey],
      ['documents', 'documents', adminProjects.adminDocumentsQuery(project).queryKey],
      ['reports', 'reports', adminProjects.adminReportsQuery(project).queryKey],
      ['analytics_metrics', 'metrics', adminProjects.adminMetricsQuery(project).queryKey],
      ['tasks', 'tasks', adminProjects.adminTasksQuery(project).queryKey],
      ['activity_log', 'activity', adminProjects.adminActivityQuery(project).queryKey],
      ['approval_requests', 'approvals', approvals.projectApprovalsQuery(viewer, project).queryKey],
      ['organization_approvers', 'approvers', approvals.approversQuery(viewer, organization).queryKey],
    ],
  ],
]

describe('live lists', () => {
  for (const [screen, bindings, cases] of screens)
    describe(screen, () => {
      it.each(cases)('a change to %s re-reads %s', (table, _list, key) => {
        expect(rereads(bindings, table, key)).toBe(true)
      })
      it('listens to each table and filter once', () => {
        const specs = bindings.map((binding) => `${binding.spec.table}|${binding.spec.filter ?? ''}`)
        expect(specs).toEqual([...new Set(specs)])
      })
    })

  it("sharing a project re-reads every list of the client's project page and overview", () => {
    const inside: QueryKey[] = [
      portal.projectDocumentsQuery(viewer, project).queryKey,
      portal.projectReportsQuery(viewer, project).queryKey,
      portal.projectMetricsQuery(viewer, project).queryKey,
      portal.projectTasksQuery(viewer, project).queryKey,
      portal.projectActivityQuery(viewer, project).queryKey,
      approvals.projectApprovalsQuery(viewer, project).queryKey,
      portal.upcomingTasksQuery(viewer, organization).queryKey,
      portal.latestReportsQuery(viewer, organization).queryKey,
      approvals.pendingApprovalsQuery(viewer).queryKey,
    ]
    for (const key of inside) expect(rereads(portalLive.area(viewer), 'projects', key), String(key)).toBe(true)
  })

  it("a project page hears only that project's rows, and another viewer's lists stay as they are", () => {
    for (const bindings of [portalLive.project(viewer, project), adminProjects.adminProjectLive(project)])
      for (const { spec } of bindings) expect(spec.filter).toBe(`project_id=eq.${project}`)
    const other = 'c0000000-0000-4000-8000-0000000000b1'
    expect(rereads(portalProject, 'reports', portal.projectReportsQuery(other, project).queryKey)).toBe(false)
    expect(rereads(portalProject, 'notifications', notifications.notificationsQuery(other).queryKey)).toBe(false)
  })

  it("keeps a client's busiest page within a tenth of the bindings a person may hold, so ten tabs fit", () => {
    // REALTIME_MAX_BINDINGS_PER_USER is 100 by default and REALTIME_MAX_CONNECTIONS_PER_USER 10.
    expect(portalProject.length).toBeLessThanOrEqual(10)
    expect(portalOverview.length).toBeLessThanOrEqual(10)
  })

  it('useLiveBindings re-reads once for a burst of changes, and at once after a lost connection', async () => {
    vi.useFakeTimers()
    try {
      listeners.clear()
      const client = new QueryClient()
      const key = portal.projectReportsQuery(viewer, project).queryKey
      const invalidate = vi.spyOn(client, 'invalidateQueries')
      function Screen() {
        useLiveBindings(portalLive.project(viewer, project))
        return null
      }
      const view = render(
        <QueryClientProvider client={client}>
          <Screen />
        </QueryClientProvider>,
      )
      const reports = listeners.get(`reports|project_id=eq.${project}`)
      expect(reports?.size).toBe(1)
      const listener = [...reports!][0]!
      for (let i = 0; i < 5; i++) listener.change({} as never)
      expect(invalidate).not.toHaveBeenCalled()
      await act(async () => {
        await vi.advanceTimersByTimeAsync(200)
      })
      expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([key])
      listener.resync?.()
      expect(invalidate).toHaveBeenCalledTimes(2)
      view.unmount()
      expect(listeners.get(`reports|project_id=eq.${project}`)?.size).toBe(0)
    } finally {
      vi.useRealTimers()
    }
  })
})
