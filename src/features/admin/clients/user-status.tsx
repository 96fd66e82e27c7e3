// An account's state as a badge whose text says it: invited (not accepted yet), active or
// deactivated.
import { useLingui } from '@lingui/react/macro'
import * as page from '../../portal/portal-pages.css'
import { userStatusLabels, userStatusTone } from './labels'
import type { UserStatus } from './queries'

export function UserStatusBadge({ status }: { status: UserStatus }) {
  const { i18n } = useLingui()
  return (
    <span className={page.badge[userStatusTone[status]]} data-status={status}>
      {i18n._(userStatusLabels[status])}
    </span>
  )
}
