// Urges staff without a verified TOTP factor to set one up: shown above every admin page, with a
// link to the account page, until the account page's set-up succeeds (it refreshes the factors
// query this reads, so the banner goes away at once). Nothing shows while the factors load or
// when they cannot be read: the banner is advice, not a gate (the aal2 gate is the auth machine).
// Where the project requires a second factor of staff (decision 0037), the guard sends a staff
// member without one to the enrolment before any admin page, so the banner only shows where the
// requirement is off (the development demo, or a project that turned it off).
import { useQuery } from '@tanstack/react-query'
import { Link, useMatchRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { useAuthSelector } from '@/lib/auth/use-auth'
import { useLangPrefix } from '@/lib/use-lang'
import { mfaFactorsQuery } from '@/lib/auth/queries'
import * as styles from './mfa-banner.css'

export function MfaBanner() {
  const userId = useAuthSelector((snapshot) => snapshot.context.user?.id ?? null)
  const lang = useLangPrefix()
  const matchRoute = useMatchRoute()
  const { data: factors } = useQuery({ ...mfaFactorsQuery(userId ?? ''), enabled: userId !== null })
  if (!userId || !factors) return null
  if (factors.some((factor) => factor.status === 'verified' && factor.factor_type === 'totp')) return null
  const onAccountPage = Boolean(matchRoute({ to: '/{-$lang}/admin/dashboard/account' }))

  return (
    <section className={styles.banner} aria-labelledby="mfa-banner-title" data-testid="mfa-banner">
      <p id="mfa-banner-title" className={styles.title}>
        <Trans>Protect your staff account with two-step verification</Trans>
      </p>
      <p className={styles.text}>
        <Trans>
          Staff can see every client’s data. Set up an authenticator app so that a stolen password alone is not enough
          to sign in.
        </Trans>
      </p>
      {!onAccountPage && (
        <p className={styles.text}>
          <Link to="/{-$lang}/admin/dashboard/account" params={{ lang }} className={styles.link}>
            <Trans>Set up two-step verification on your account page</Trans>
          </Link>
        </p>
      )}
    </section>
  )
}
