// Staff's notifications: the shared list, each leading to where it is dealt with: a new lead to
// its message, an answered approval to the project's approvals, a client's upload to the
// project's documents, a message to the project's conversation.
import { Link } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { useLangPrefix } from '@/lib/use-lang'
import { NotificationsPage } from '@/components/notifications/notifications-page'
import * as styles from '@/components/notifications/notifications.css'

export function AdminNotificationsPage() {
  const lang = useLangPrefix()
  return (
    <NotificationsPage
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
        const projectId = item.project_id
        if (item.entity_type === 'approval_request')
          return (
            <Link
              to="/{-$lang}/admin/dashboard/projects/$projectId/approvals"
              params={{ lang, projectId }}
              className={styles.projectLink}
              onClick={onFollow}
            >
              <Trans>View the approvals</Trans>
            </Link>
          )
        if (item.entity_type === 'conversation_message')
          return (
            <Link
              to="/{-$lang}/admin/dashboard/projects/$projectId/conversation"
              params={{ lang, projectId }}
              className={styles.projectLink}
              onClick={onFollow}
            >
              <Trans>Open the conversation</Trans>
            </Link>
          )
        if (item.entity_type === 'document')
          return (
            <Link
              to="/{-$lang}/admin/dashboard/projects/$projectId/documents"
              params={{ lang, projectId }}
              className={styles.projectLink}
              onClick={onFollow}
            >
              <Trans>View the documents</Trans>
            </Link>
          )
        return (
          <Link
            to="/{-$lang}/admin/dashboard/projects/$projectId"
            params={{ lang, projectId }}
            className={styles.projectLink}
            onClick={onFollow}
          >
            <Trans>View project</Trans>
          </Link>
        )
      }}
    />
  )
}
