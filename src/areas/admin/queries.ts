// queryOptions factories for the admin area. Staff read everything through row-level security
// (is_admin()); the filters narrow it to what a page shows.
import { queryOptions } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import type { Json } from '@functions/_shared/database.types'
import type { LiveBinding } from '@/lib/use-live'
import { adminKeys, adminProjectKeys } from '@/lib/query-keys'
import { approvalKeys } from '@/features/approvals/queries'
import { conversationKeys } from '@/features/conversation/queries'
import { notificationKeys } from '@/features/notifications/queries'
import { clientKeys } from '@/features/organizations/admin/queries'

import { openProjectStatuses } from '@/features/projects/admin/vocabulary'

function today(): string {
  return new Date().toISOString().slice(0, 10)
}

async function count(query: PromiseLike<{ count: number | null; error: { message: string } | null }>) {
  const { count: total, error } = await query
  if (error) throw new Error(error.message)
  return total ?? 0
}

interface RecentActivityRow {
  id: number
  occurred_at: string
  actor_id: string | null
  actor_name: string | null
  entity_type: string
  action: string
  summary: Json
}
type RecentActivityRows = { data: RecentActivityRow[] | null; error: { message: string } | null }

/** How many entries the overview's "Recent activity" shows. */
export const recentActivityCount = 8

export const adminOverviewQuery = () =>
  queryOptions({
    queryKey: adminKeys.overview(),
    queryFn: async () => {
      const head = { count: 'exact', head: true } as const
      const [organizations, clients, projects, overdue, leads, overdueTasks, newLeads, recent] = await Promise.all([
        count(supabase.from('organizations').select('id', head).eq('is_active', true)),
        count(supabase.from('profiles').select('id', head).eq('role', 'client').eq('is_active', true)),
        count(
          supabase
            .from('projects')
            .select('id', head)
            .in('status', [...openProjectStatuses])
            // as the list it links to counts them (archived ones are shown only when asked for)
            .is('archived_at', null),
        ),
        count(supabase.from('tasks').select('id', head).neq('status', 'done').lt('due_date', today())),
        count(supabase.from('contact_messages').select('id', head).eq('status', 'new')),
        supabase
          .from('tasks')
          .select('id, title, due_date, priority, project:projects(id, name, organization:organizations(name))')
          .neq('status', 'done')
          .lt('due_date', today())
          .order('due_date')
          .limit(5),
        supabase
          .from('contact_messages')
          .select('id, name, company, interest, created_at')
          .eq('status', 'new')
          .order('created_at', { ascending: false })
          .limit(5),
        // a table-returning function: the generated types know it only as rows of text
        supabase.rpc('recent_activity', {
          max_rows: recentActivityCount,
        }) as unknown as PromiseLike<RecentActivityRows>,
      ])
      if (overdueTasks.error) throw new Error(overdueTasks.error.message)
      if (newLeads.error) throw new Error(newLeads.error.message)
      if (recent.error) throw new Error(recent.error.message)
      const recentActivity = recent.data ?? []
      return {
        counts: { organizations, clients, projects, overdue, leads },
        overdueTasks: overdueTasks.data,
        newLeads: newLeads.data,
        // The entries with the names of the people in them (the trail keeps ids; users may be gone).
        recentActivity,
        actorNames: Object.fromEntries(
          recentActivity.flatMap((entry) =>
            entry.actor_id && entry.actor_name ? [[entry.actor_id, entry.actor_name]] : [],
          ),
        ) as Record<string, string>,
      }
    },
  })

// ─── Live updates (decision 0016) ───────────────────────────────────────────────────────────
// Which tables' changes re-read which of the staff's lists, so a row another person creates (a
// colleague's project, a client's upload or answer) appears in every open list. A project's own
// lists are below (adminProjectLive). Only active queries are read again, so a
// change costs the open page's reads, not the whole cache's.

export const adminLive = {
  /** Heard on every page of the admin area (its shell). */
  area: (viewer: string): LiveBinding[] => [
    // The projects list, an organization's projects, the overview's counts and the open project.
    { spec: { table: 'projects' }, keys: [adminProjectKeys.all(), clientKeys.all(), adminKeys.overview()] },
    { spec: { table: 'notifications', filter: `recipient_id=eq.${viewer}` }, keys: [notificationKeys.all(viewer)] },
    // Unread messages of every project's conversation; shown on Projects.
    { spec: { table: 'conversation_messages' }, keys: [conversationKeys.unread(viewer)] },
    { spec: { table: 'conversation_reads', filter: `user_id=eq.${viewer}` }, keys: [conversationKeys.unread(viewer)] },
    // Requests for approval wherever they are shown (an answer updates its request, so it comes
    // with it), and who approves for an organization.
    { spec: { table: 'approval_requests' }, keys: [approvalKeys.all(viewer)] },
    { spec: { table: 'organization_approvers' }, keys: [approvalKeys.all(viewer)] },
  ],
  /** The overview: overdue tasks and the recent activity of every project. */
  overview: (): LiveBinding[] => [
    { spec: { table: 'tasks' }, keys: [adminKeys.overview()] },
    { spec: { table: 'activity_log' }, keys: [adminKeys.overview()] },
  ],
}

/**
 * One project's lists, live on every sub-page of its frame (decision 0016): a row another person
 * creates or changes there (a client's upload, a colleague's report) appears without a reload.
 * The project itself, its approvals and its conversation are the area's (adminLive above).
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
