// Requests waiting for an answer, oldest first, for the overviews of both areas: what, in which
// project, which version, since when. Each area links an item to its own project page.
import type { ReactNode } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { formatDuration } from '@/lib/format'
import type { PendingApproval } from '@/features/approvals/queries'
import { EmptyState } from '@/components/ui/page-kit'
import * as styles from '@/components/ui/page.css'

export function PendingApprovalsList({
  items,
  link,
  empty,
}: {
  items: PendingApproval[]
  /** The item's title as a link to where it is answered or followed. */
  link: (item: PendingApproval, title: ReactNode) => ReactNode
  empty: ReactNode
}) {
  const { i18n } = useLingui()
  if (items.length === 0) return <EmptyState>{empty}</EmptyState>
  return (
    <ul className={styles.plainList}>
      {items.map((item) => {
        const project = item.project?.name ?? ''
        const version = item.version
        const waited = formatDuration(item.pending_since, i18n.locale)
        return (
          <li key={item.id} className={styles.listItem} data-approval-id={item.id}>
            <p className={styles.itemTitle}>{link(item, item.deliverable_title)}</p>
            <p className={styles.meta}>
              <span>{project}</span>
              <span>
                <Trans>Version {version}</Trans>
              </span>
              <span>
                {waited ? <Trans>Waiting for {waited}</Trans> : <Trans>Waiting for less than a minute</Trans>}
              </span>
            </p>
          </li>
        )
      })}
    </ul>
  )
}
