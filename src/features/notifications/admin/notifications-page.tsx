// Staff's notifications: the shared list, each leading to where it is dealt with: a new lead to
// its message, an answered approval to the project's approvals, a client's upload to the
// project's documents, a message to the project's conversation, the plan's news to the plan.
import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { useLangPrefix } from '@/lib/use-lang'
import { NotificationsPage } from '@/features/notifications/notifications-page'
import * as styles from '@/features/notifications/notifications.css'

type ProjectPage =
  | '/{-$lang}/admin/dashboard/projects/$projectId'
  | '/{-$lang}/admin/dashboard/projects/$projectId/approvals'
  | '/{-$lang}/admin/dashboard/projects/$projectId/conversation'
  | '/{-$lang}/admin/dashboard/projects/$projectId/documents'
  | '/{-$lang}/admin/dashboard/projects/$projectId/plan'

/** Where a notification about a project's thing leads; anything else opens the project. */
const projectTargets: Record<string, { to: ProjectPage; label: MessageDescriptor }> = {
  approval_request: { to: '/{-$lang}/admin/dashboard/projects/$projectId/approvals', label: msg`View the approvals` },
  conversation_message: {
    to: '/{-$lang}/admin/dashboard/projects/$projectId/conversation',
    label: msg`Open the conversation`,
  },
  document: { to: '/{-$lang}/admin/dashboard/projects/$projectId/documents', label: msg`View the documents` },
}
// A milestone reached and a threshold of the plan (decision 0040) lead to the project's plan.
const planTarget = { to: '/{-$lang}/admin/dashboard/projects/$projectId/plan', label: msg`View the plan` } as const
const projectOverview = { to: '/{-$lang}/admin/dashboard/projects/$projectId', label: msg`View project` } as const

export function AdminNotificationsPage() {
  const lang = useLangPrefix()
  const { i18n } = useLingui()
  return (
    <NotificationsPage
      settingsLink={
        <Link to="/{-$lang}/admin/dashboard/notification-settings" params={{ lang }} className={styles.projectLink}>
          <Trans>Choose which notifications reach you by e-mail</Trans>
        </Link>
      }
      emptyHint={
        <Trans>
          We will let you know here when a client uploads a document, answers an approval request or a contact message
          arrives.
        </Trans>
      }
      linkFor={(item, onFollow) => {
        if (item.entity_type === 'contact_message' && item.entity_id)
          return (
            <Link
              to="/{-$lang}/admin/dashboard/leads/$leadId"
              params={{ lang, leadId: item.entity_id }}
              className={styles.projectLink}
              onClick={onFollow}
            >
              <Trans>View the message</Trans>
            </Link>
          )
        if (!item.project_id) return null
        const target = item.kind.startsWith('plan_')
          ? planTarget
          : (item.entity_type && projectTargets[item.entity_type]) || projectOverview
        return (
          <Link
            to={target.to}
            params={{ lang, projectId: item.project_id }}
            className={styles.projectLink}
            onClick={onFollow}
          >
            {i18n._(target.label)}
          </Link>
        )
      }}
    />
  )
}
