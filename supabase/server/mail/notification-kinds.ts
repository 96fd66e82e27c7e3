// What the notification mailer needs to know about kinds of notification, in one place: which go
// out at once instead of waiting for the person's digest, and which page each one opens.

/**
 * Kinds e-mailed at once, each on its own, instead of in the person's next digest (decision 0019):
 * a mention asks the person for an answer now, and a lead is a visitor waiting for a reply whose
 * volume is already capped by the contact form's rate limit (5 per address per hour).
 * Everything else waits for the digest.
 */
export const immediateKinds: readonly string[] = ['conversation_mention', 'contact_message']

export interface NotificationTarget {
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
}

/** The page a notification opens: the entity itself where it has a page, else its project. */
export function notificationLink(siteOrigin: string, target: NotificationTarget): string {
  const base = `${siteOrigin}/${target.locale}`
  const place = target.entity_type ? projectPlace[target.entity_type] : undefined
  const project = target.project_id ? encodeURIComponent(target.project_id) : null
  if (target.role === 'client') {
    if (!project) return `${base}/client-portal/dashboard`
    return `${base}/client-portal/dashboard/projects/${project}${place?.client ?? ''}`
  }
  if (target.entity_type === 'contact_message' && target.entity_id) {
    return `${base}/admin/dashboard/leads/${encodeURIComponent(target.entity_id)}`
  }
  if (!project) return `${base}/admin/dashboard`
  return `${base}/admin/dashboard/projects/${project}${place?.staff ?? ''}`
}
