// A project's approval requests and their permanent record, the same in the portal and the admin
// area: what was put up for approval (document or report, at which version), its state, staff's
// message, and every answer (who, when, which version, the comment). Each area adds its own
// way to open the version under approval through `deliverable`, and its own actions to a request
// through `actions` (the client's answer form; nothing for staff).
import type { ReactNode } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { approvalDecisionLabels } from '@/features/approvals/labels'
import { labelOf } from '@/lib/labels'
import { formatDateTime } from '@/lib/format'
import type { ApprovalDecision, ApprovalRequest } from '@/features/approvals/queries'
import { EmptyState, StatusBadge } from '@/components/ui/page-kit'
import * as styles from '@/components/ui/page.css'

export function ApprovalRecord({
  requests,
  deliverable,
  actions,
  empty,
}: {
  requests: ApprovalRequest[]
  /** Opens the version under approval (a document's file, a report). */
  deliverable?: (request: ApprovalRequest) => ReactNode
  actions?: (request: ApprovalRequest) => ReactNode
  empty: ReactNode
}) {
  if (requests.length === 0) return <EmptyState>{empty}</EmptyState>
  return (
    <ul className={styles.plainList}>
      {requests.map((request) => (
        <ApprovalItem
          key={request.id}
          request={request}
          deliverable={deliverable?.(request)}
          actions={actions?.(request)}
        />
      ))}
    </ul>
  )
}

function ApprovalItem({
  request,
  deliverable,
  actions,
}: {
  request: ApprovalRequest
  deliverable: ReactNode
  actions: ReactNode
}) {
  const { i18n, t } = useLingui()
  const version = request.version
  const requested = formatDateTime(request.requested_at, i18n.locale)
  return (
    <li className={styles.card} data-approval-id={request.id} data-status={request.status}>
      <h3 className={styles.cardTitle}>{request.deliverable_title}</h3>
      <p className={styles.meta}>
        <span>{request.deliverable_type === 'report' ? <Trans>Report</Trans> : <Trans>Document</Trans>}</span>
        <span>
          <Trans>Version {version}</Trans>
        </span>
        <StatusBadge kind="approval" status={request.status} />
        <span>
          <Trans>Requested {requested}</Trans>
        </span>
      </p>
      {request.message && <p className={styles.summary}>{request.message}</p>}
      {deliverable}
      {request.decisions.length > 0 && (
        <ol className={styles.plainList} aria-label={t`Record of answers`}>
          {request.decisions.map((decision) => (
            <DecisionLine key={decision.id} decision={decision} />
          ))}
        </ol>
      )}
      {actions}
    </li>
  )
}

function DecisionLine({ decision }: { decision: ApprovalDecision }) {
  const { i18n } = useLingui()
  const when = formatDateTime(decision.decided_at, i18n.locale)
  const who = decision.decided_by_name
  const version = decision.version
  const what = labelOf(i18n, approvalDecisionLabels, decision.decision)
  return (
    <li className={styles.listItem} data-decision={decision.decision}>
      <p className={styles.text}>
        <strong>{what}</strong>{' '}
        <Trans>
          by {who}, {when} (version {version})
        </Trans>
      </p>
      {decision.comment && <p className={styles.summary}>{decision.comment}</p>}
    </li>
  )
}
