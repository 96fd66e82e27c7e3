// The enrolment a required second factor asks for (decision 0037): staff under the staff setting,
// clients of an organization that requires it. Until a factor is verified the database grants
// the role nothing, so this page stands alone, before the area; once the first code is accepted
// the session is aal2 and the person goes on to the page they asked for.
import { useQueryClient } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import * as layout from '@/components/ui/layout.css'
import { auth } from '@/lib/auth/service'
import type { Audience } from '@/lib/auth/guards'
import { MfaEnrolment } from './mfa-enrolment'
import * as styles from './auth.css'

export function SecondFactorRequiredPage({ audience, redirect }: { audience: Audience; redirect?: string }) {
  const queryClient = useQueryClient()
  const router = useRouter()

  async function enrolled() {
    // Everything read at aal1 was read without the role's rights: read it again.
    await queryClient.invalidateQueries()
    if (redirect) router.history.push(redirect)
    else await router.invalidate()
  }

  return (
    <main id="main" className={styles.page}>
      <section className={styles.card} aria-labelledby="second-factor-title">
        <h1 id="second-factor-title" className={styles.title}>
          <Trans>Set up two-step verification to continue</Trans>
        </h1>
        <p className={styles.intro}>
          {audience === 'staff' ? (
            <Trans>
              Staff accounts must use two-step verification: staff can see every client’s data, so a stolen password
              alone must not be enough. Set up an authenticator app now; you will then go on to the admin area.
            </Trans>
          ) : (
            <Trans>
              Your organization asks everyone to use two-step verification before they see its projects. Set up an
              authenticator app now; you will then go on to the portal.
            </Trans>
          )}
        </p>
        <MfaEnrolment onEnrolled={enrolled} onCancelled={() => undefined} />
        <div className={styles.links}>
          <button type="button" className={layout.buttonSecondary} onClick={() => void auth.signOut()}>
            <Trans>Sign out</Trans>
          </button>
        </div>
      </section>
    </main>
  )
}
