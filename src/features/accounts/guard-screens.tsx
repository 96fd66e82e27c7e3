// What a guarded area shows when the signed-in user's profile cannot be loaded: a retry, rather
// than a misleading redirect.
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { RethrowError } from '@/components/error-screen/error-screen'
import * as layout from '@/components/ui/layout.css'
import { ProfileUnavailableError } from '@/lib/auth/guards'
import * as styles from './auth.css'

export function GuardError(props: ErrorComponentProps) {
  const router = useRouter()
  if (!(props.error instanceof ProfileUnavailableError)) return <RethrowError {...props} />
  return (
    <div className={styles.page}>
      <section className={styles.card} role="alert" aria-labelledby="guard-error-title">
        <h1 id="guard-error-title" className={styles.title}>
          <Trans>We could not load your account</Trans>
        </h1>
        <p className={styles.intro}>
          <Trans>Check your connection and try again. If it keeps happening, please contact us.</Trans>
        </p>
        <button type="button" className={layout.buttonPrimary} onClick={() => void router.invalidate()}>
          <Trans>Try again</Trans>
        </button>
      </section>
    </div>
  )
}
