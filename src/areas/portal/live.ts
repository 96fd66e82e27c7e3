// The portal's live updates: which tables' changes re-read which of the concepts' lists. The area
// composes them, as it composes the screens.
import type { LiveBinding } from '@/lib/use-live'
import { approvalKeys } from '@/features/approvals/queries'
import { conversationKeys } from '@/features/conversation/queries'
import { notificationKeys } from '@/features/notifications/queries'
import { projectKeys } from '@/lib/query-keys'

// ─── Live updates (decision 0016) ───────────────────────────────────────────────────────────
// Which tables' changes re-read which lists, so every open list shows a row as soon as it becomes
// visible (created for the client, published, shared, moved into their project), and drops it
// when it is deleted. Realtime sends a client only the changes of rows they may select, checked
// on the new row, so an update that makes a row visible arrives like an insert. A new list is
// added here, next to its query.

export const portalLive = {
  /** Heard on every page of the portal (its shell). */
  area: (viewer: string): LiveBinding[] => [
    {
      // Sharing a project (or hiding it) changes what is visible inside it, without a change to
      // those rows: everything the viewer reads about projects is read again.
      spec: { table: 'projects' },
      keys: [
        projectKeys.all(viewer),
        projectKeys.allDocuments(viewer),
        projectKeys.allReports(viewer),
        projectKeys.allMetrics(viewer),
        projectKeys.tasks(viewer),
        projectKeys.allActivity(viewer),
        approvalKeys.all(viewer),
        conversationKeys.all(viewer),
      ],
    },
    { spec: { table: 'notifications', filter: `recipient_id=eq.${viewer}` }, keys: [notificationKeys.all(viewer)] },
    { spec: { table: 'conversation_messages' }, keys: [conversationKeys.unread(viewer)] },
    { spec: { table: 'conversation_reads', filter: `user_id=eq.${viewer}` }, keys: [conversationKeys.unread(viewer)] },
    // Requests for approval wherever they are shown; an answer updates its request (its status),
    // so the request's change brings the answer too, without a binding of its own (each binding
    // counts against REALTIME_MAX_BINDINGS_PER_USER, over all of a person's tabs).
    { spec: { table: 'approval_requests' }, keys: [approvalKeys.all(viewer)] },
  ],
  /** The overview's lists that span the organization's projects. */
  overview: (viewer: string): LiveBinding[] => [
    { spec: { table: 'tasks' }, keys: [projectKeys.tasks(viewer)] },
    { spec: { table: 'reports' }, keys: [projectKeys.allReports(viewer)] },
  ],
  /** One project's page: its own rows only. */
  project: (viewer: string, projectId: string): LiveBinding[] => {
    const filter = `project_id=eq.${projectId}`
    return [
      { spec: { table: 'documents', filter }, keys: [projectKeys.documents(viewer, projectId)] },
      { spec: { table: 'reports', filter }, keys: [projectKeys.reports(viewer, projectId)] },
      { spec: { table: 'analytics_metrics', filter }, keys: [projectKeys.metrics(viewer, projectId)] },
      { spec: { table: 'tasks', filter }, keys: [projectKeys.projectTasks(viewer, projectId)] },
      { spec: { table: 'activity_log', filter }, keys: [projectKeys.activity(viewer, projectId)] },
    ]
  },
}
