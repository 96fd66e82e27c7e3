// An account's state as a badge whose text says it: invited (not accepted yet), active or
// deactivated.
import { Trans, useLingui } from '@lingui/react/macro'
import * as page from '@/components/ui/page.css'
import { userStatusLabels, userStatusTone } from './labels'
import type { UserStatus } from './queries'

/** Whether an organization is active, as a badge. */
export function ActiveBadge({ active }: { active: boolean }) {
  return active ? (
    <span className={page.badge.done}>
      <Trans>Active</Trans>
    </span>
  ) : (
    <span className={page.badge.muted}>
      <Trans>Inactive</Trans>
    </span>
  )
}

export function UserStatusBadge({ status }: { status: UserStatus }) {
  const { i18n } = useLingui()
  return (
    <span className={page.badge[userStatusTone[status]]} data-status={status}>
      {i18n._(userStatusLabels[status])}
    </span>
  )
}
