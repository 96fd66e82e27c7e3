// Which page a notification's e-mail opens. Which rows go out at once instead of waiting for the
// person's digest is decided by the database when it writes them (notifications.email_immediately,
// from private.notification_email_settings: mentions and leads, a few per person and window), so
// every sender of the outbox follows one rule (decision 0019).

export interface NotificationTarget {
  kind?: string
  role: string
  locale: 'es' | 'en'
  project_id: string | null
  entity_type: string | null
  entity_id: string | null
}

// The section of a project page (client) or the sub-page of an admin project (staff) each entity
// lives on. Entities not listed open the project itself.
const projectPlace: Record<string, { client: string; staff: string }> = {
  document: { client: '#documents', staff: '/documents' },
  report: { client: '#reports', staff: '/reports' },
  task: { client: '#tasks', staff: '/tasks' },
  approval_request: { client: '#approvals', staff: '/approvals' },
}

/**
 * The page a notification opens: the message itself in its project's conversation, the section
 * (client) or sub-page (staff) of the item, a lead's own page, else its project.
 */
export function notificationLink(siteOrigin: string, target: NotificationTarget): string {
  const base = `${siteOrigin}/${target.locale}`
  const project = target.project_id ? encodeURIComponent(target.project_id) : null
  const client = target.role === 'client'
  if (!client && target.entity_type === 'contact_message' && target.entity_id) {
    return `${base}/admin/dashboard/leads/${encodeURIComponent(target.entity_id)}`
  }
  if (!project) return `${base}/${client ? 'client-portal' : 'admin'}/dashboard`
  const projectPage = `${base}/${client ? 'client-portal' : 'admin'}/dashboard/projects/${project}`
  if (target.entity_type === 'conversation_message') {
    const message = target.entity_id ? `#message-${encodeURIComponent(target.entity_id)}` : ''
    return `${projectPage}/conversation${message}`
  }
  // The plan's notices (a milestone reached, hours or budget past 80 % or 100 %, of a phase or the
  // whole plan) open the project's plan, its own page in both areas (decision 0040).
  if (target.kind?.startsWith('plan_')) return `${projectPage}/plan`
  const place = target.entity_type ? projectPlace[target.entity_type] : undefined
  return `${projectPage}${(client ? place?.client : place?.staff) ?? ''}`
}

/** The reader's notification settings page, in their area (portal or admin) and language. */
export function notificationSettingsLink(
  siteOrigin: string,
  target: Pick<NotificationTarget, 'role' | 'locale'>,
): string {
  const area = target.role === 'client' ? 'client-portal' : 'admin'
  return `${siteOrigin}/${target.locale}/${area}/dashboard/notification-settings`
}
