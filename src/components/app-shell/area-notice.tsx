// Why a person is in this area and not the one they asked for: the guard of the admin area sends
// a signed-in client to their portal (and the portal's guard sends staff to the admin area) with
// ?notice=…, and the page says so instead of leaving them to wonder.
import { useSearch } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import * as page from '@/components/ui/page.css'

export type AreaNoticeCode = 'staff-only' | 'clients-only'

export function AreaNotice() {
  const { notice } = useSearch({ strict: false }) as { notice?: AreaNoticeCode }
  if (notice !== 'staff-only' && notice !== 'clients-only') return null
  return (
    <p className={page.panel} role="status" data-testid="area-notice">
      {notice === 'staff-only' ? (
        <Trans>
          The admin area is only for Cauce Data staff. You are signed in with a client account, so you are in your
          client portal.
        </Trans>
      ) : (
        <Trans>
          The client portal is for client accounts. You are signed in as staff, so you are in the admin area.
        </Trans>
      )}
    </p>
  )
}
