// The words of the home page's area notice (area-notice.tsx), with the way to the person's own area.
import { Link } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { validateHomeSearch } from '@/lib/auth/area-notice'
import { useLangPrefix } from '@/lib/use-lang'
import * as layout from '@/components/ui/layout.css'
import * as styles from './site.css'

/** `notice` as it came in the address: anything but the two known codes says nothing. */
export default function AreaNoticeText({ notice }: { notice: unknown }) {
  const lang = useLangPrefix()
  const code = validateHomeSearch({ notice }).notice
  if (!code) return null
  return (
    <div className={styles.noticeBand}>
      <div className={layout.container}>
        <div className={styles.notice} data-testid="area-notice">
          {code === 'staff-only' ? (
            <>
              <p>
                <Trans>
                  The admin area is only for Cauce Data staff. You are signed in with a client account, so you have been
                  brought to the home page.
                </Trans>
              </p>
              <Link to="/{-$lang}/client-portal/dashboard" params={{ lang }}>
                <Trans>Go to your client portal</Trans>
              </Link>
            </>
          ) : (
            <>
              <p>
                <Trans>
                  The client portal is for client accounts. You are signed in as staff, so you have been brought to the
                  home page.
                </Trans>
              </p>
              <Link to="/{-$lang}/admin/dashboard" params={{ lang }}>
                <Trans>Go to the admin area</Trans>
              </Link>
            </>
          )}
        </div>
      </div>
    </div>
  )
}
