// The client's notifications: the shared list, each leading to its project.
import { Link } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { useLangPrefix } from '@/lib/use-lang'
import { NotificationsPage } from '@/features/notifications/notifications-page'
import * as styles from '@/features/notifications/notifications.css'

export function PortalNotificationsPage() {
  const lang = useLangPrefix()
  return (
    <NotificationsPage
      settingsLink={
        <Link
          to="/{-$lang}/client-portal/dashboard/notification-settings"
          params={{ lang }}
          className={styles.projectLink}
        >
          <Trans>Choose which notifications reach you by e-mail</Trans>
        </Link>
      }
      emptyHint={
        <Trans>
          We will let you know here when a document is shared with you, a report is published or a task is assigned to
          you.
        </Trans>
      }
      linkFor={(item, onFollow) =>
        item.project_id && item.kind.startsWith('conversation_') ? (
          <Link
            to="/{-$lang}/client-portal/dashboard/projects/$projectId/conversation"
            params={{ lang, projectId: item.project_id }}
            className={styles.projectLink}
            onClick={onFollow}
          >
            <Trans>Open the conversation</Trans>
          </Link>
        ) : item.project_id && item.kind.startsWith('plan_') ? (
          <Link
            to="/{-$lang}/client-portal/dashboard/projects/$projectId/plan"
            params={{ lang, projectId: item.project_id }}
            className={styles.projectLink}
            onClick={onFollow}
          >
            <Trans>View the plan</Trans>
          </Link>
        ) : item.project_id ? (
          <Link
            to="/{-$lang}/client-portal/dashboard/projects/$projectId"
            params={{ lang, projectId: item.project_id }}
            hash={item.entity_type === 'approval_request' ? 'approvals' : undefined}
            className={styles.projectLink}
            onClick={onFollow}
          >
            <Trans>View project</Trans>
          </Link>
        ) : null
      }
    />
  )
}
