// How guessable the new password is, while it is typed: a bar and a word (weak, fair, good,
// strong), announced politely. The estimator loads with the first keystroke, not with the page.
import { useEffect, useState, type ReactNode } from 'react'
import { Trans } from '@lingui/react/macro'
import * as styles from './password-strength.css'

type Estimator = typeof import('./strength-estimator').estimateStrength

let estimator: Promise<Estimator> | undefined
const loadEstimator = () => (estimator ??= import('./strength-estimator').then((m) => m.estimateStrength))

export function PasswordStrength({
  password,
  userInputs,
  keepPlace = false,
  note,
}: {
  password: string
  userInputs: string[]
  /** Hold the meter's place before the first keystroke, so what follows it does not move then. */
  keepPlace?: boolean
  /** Said in that place until something is typed (the reset page's "Checking your link..."). */
  note?: ReactNode
}) {
  const [score, setScore] = useState<number | null>(null)
  const inputs = userInputs.join('\n')

  useEffect(() => {
    let current = true
    if (!password) {
      setScore(null)
      return
    }
    void loadEstimator().then((estimate) => {
      if (current) setScore(estimate(password, inputs ? inputs.split('\n') : []))
    })
    return () => {
      current = false
    }
  }, [password, inputs])

  if (score === null)
    return keepPlace ? (
      <div className={styles.strength}>
        <div className={`${styles.track} ${styles.placeholder}`} aria-hidden="true" />
        <p className={styles.label} role="status">
          {note ?? '\u00a0'}
        </p>
      </div>
    ) : null
  const level = score <= 1 ? 'weak' : score === 2 ? 'fair' : score === 3 ? 'good' : 'strong'
  return (
    <div className={styles.strength} data-testid="password-strength" data-level={level}>
      <div className={styles.track} aria-hidden="true">
        <div className={styles.bar[level]} />
      </div>
      <p className={styles.label} aria-live="polite">
        {level === 'weak' && <Trans>Strength: weak, easy to guess. Add more words or characters.</Trans>}
        {level === 'fair' && <Trans>Strength: fair. A few more characters would help.</Trans>}
        {level === 'good' && <Trans>Strength: good.</Trans>}
        {level === 'strong' && <Trans>Strength: strong.</Trans>}
      </p>
    </div>
  )
}
