// Two-step verification: whether it is on, the authenticator in use (removable after a
// confirmation) or, when there is none, the set-up. Removing a verified factor needs an aal2
// session, which a user with a factor has: they passed the code step to get here.
import { useRef, useState, type ReactNode } from 'react'
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { FormAlert } from '@/components/form/form-alert'
import * as layout from '@/components/ui/layout.css'
import { mfaFactorsQuery } from '@/lib/auth/queries'
import { removeListedFactor } from './account-api'
import { AccountSection } from './account-section'
import { useCurrentProfile } from '@/lib/auth/use-auth'
import { useFocusWhenShown } from '@/lib/use-focus-when-shown'
import { MfaEnrolment } from './mfa-enrolment'
import * as styles from './account.css'

const msgAuthenticators = msg`Authenticator apps`
const msgAuthenticatorApp = msg`Authenticator app`

type Outcome =
  | { kind: 'enrolled'; name: string }
  | { kind: 'backupEnrolled'; name: string }
  | { kind: 'removed'; name: string }
  | { kind: 'removedOneOfMany'; name: string }
  | { kind: 'removedPasskeyStays'; name: string }
  | { kind: 'cancelled' }
  | { kind: 'failure'; message: MessageDescriptor }

export interface ListedFactor {
  id: string
  friendly_name?: string
  created_at: string
}

export function MfaSection() {
  const profile = useCurrentProfile()
  return profile ? <MfaSettings userId={profile.id} /> : null
}

function MfaSettings({ userId }: { userId: string }) {
  const { i18n } = useLingui()
  const queryClient = useQueryClient()
  const factorsQuery = mfaFactorsQuery(userId)
  const { data: factors } = useSuspenseQuery(factorsQuery)
  const verified = factors.filter((factor) => factor.status === 'verified' && factor.factor_type === 'totp')
  const hasPasskey = factors.some((factor) => factor.status === 'verified' && factor.factor_type === 'webauthn')
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  const [addingBackup, setAddingBackup] = useState(false)
  const messageRef = useFocusWhenShown(outcome)

  const reloadFactors = () => queryClient.invalidateQueries({ queryKey: factorsQuery.queryKey })

  async function enrolled(name: string) {
    const backup = verified.length > 0
    await reloadFactors()
    setAddingBackup(false)
    setOutcome({ kind: backup ? 'backupEnrolled' : 'enrolled', name })
  }

  async function remove(factor: ListedFactor) {
    setOutcome(null)
    const fail = (message: MessageDescriptor) => setOutcome({ kind: 'failure', message })
    if (!(await removeListedFactor(factor.id, reloadFactors, fail))) return
    setOutcome({
      // The last app gone, a passkey still makes a second step: it is not off.
      kind: verified.length > 1 ? 'removedOneOfMany' : hasPasskey ? 'removedPasskeyStays' : 'removed',
      name: factor.friendly_name || i18n._(msgAuthenticatorApp),
    })
  }

  return (
    <AccountSection
      title={<Trans>Two-step verification</Trans>}
      intro={
        <Trans>
          Protect your account with a code from an authenticator app on your phone: after your password, you enter the
          6-digit code the app shows.
        </Trans>
      }
      testId="account-mfa"
    >
      {outcome && (
        <FormAlert ref={messageRef} tone={outcome.kind === 'failure' ? 'error' : 'info'}>
          <OutcomeText outcome={outcome} />
        </FormAlert>
      )}
      <p className={styles.status} data-testid="mfa-status">
        {verified.length > 0 ? (
          <Trans>Status: on. Signing in needs your password and a code from your app.</Trans>
        ) : hasPasskey ? (
          <Trans>Status: on with a passkey. Signing in needs your password and your passkey.</Trans>
        ) : (
          <Trans>Status: off. Signing in needs only your password.</Trans>
        )}
      </p>
      {verified.length > 0 ? (
        <>
          <ul className={styles.factorList} aria-label={i18n._(msgAuthenticators)}>
            {verified.map((factor) => (
              <FactorItem
                key={factor.id}
                factor={factor}
                onRemove={remove}
                secondStepStays={verified.length > 1 || hasPasskey}
              />
            ))}
          </ul>
          {verified.length === 1 && (
            <p className={styles.text}>
              <Trans>
                If you lose this phone, you cannot sign in without help. Add a second authenticator (another phone or a
                password manager) as a backup.
              </Trans>
            </p>
          )}
          {addingBackup ? (
            <MfaEnrolment
              backup
              onEnrolled={enrolled}
              onCancelled={() => {
                setAddingBackup(false)
                setOutcome({ kind: 'cancelled' })
              }}
            />
          ) : (
            <div className={styles.actions}>
              <button type="button" className={layout.buttonSecondary} onClick={() => setAddingBackup(true)}>
                <Trans>Add a backup authenticator</Trans>
              </button>
            </div>
          )}
        </>
      ) : (
        <MfaEnrolment onEnrolled={enrolled} onCancelled={() => setOutcome({ kind: 'cancelled' })} />
      )}
    </AccountSection>
  )
}

function OutcomeText({ outcome }: { outcome: Outcome }) {
  const { i18n } = useLingui()
  const name = 'name' in outcome ? outcome.name : ''
  switch (outcome.kind) {
    case 'enrolled':
      return (
        <Trans>
          Two-step verification is on. The next time you sign in, enter the code from “{name}” after your password.
        </Trans>
      )
    case 'backupEnrolled':
      return <Trans>“{name}” was added. Either app's code now works when you sign in.</Trans>
    case 'removed':
      return <Trans>“{name}” was removed. Two-step verification is off.</Trans>
    case 'removedOneOfMany':
      return <Trans>“{name}” was removed. Two-step verification stays on with your other authenticator.</Trans>
    case 'removedPasskeyStays':
      return <Trans>“{name}” was removed. Two-step verification stays on with your passkey.</Trans>
    case 'cancelled':
      return <Trans>The set-up was cancelled. Nothing was changed.</Trans>
    case 'failure':
      return <>{i18n._(outcome.message)}</>
  }
}

/** One verified factor with its removal (after a confirmation); `describe` words it for passkeys. */
export function FactorItem({
  factor,
  onRemove,
  describe,
  secondStepStays = false,
}: {
  factor: ListedFactor
  onRemove: (factor: ListedFactor) => Promise<void>
  describe?: { name: string; meta: (added: string) => ReactNode; question: ReactNode }
  /** Another authenticator or a passkey remains: removing this one does not turn the step off. */
  secondStepStays?: boolean
}) {
  const { i18n } = useLingui()
  const [confirming, setConfirming] = useState(false)
  const [removing, setRemoving] = useState(false)
  const confirmRef = useFocusWhenShown(confirming)
  const removeButton = useRef<HTMLButtonElement>(null)
  const name = factor.friendly_name || describe?.name || i18n._(msgAuthenticatorApp)
  const added = new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'long' }).format(new Date(factor.created_at))
  const questionId = `remove-factor-${factor.id}`

  function keep() {
    setConfirming(false)
    // After React has put the button back.
    requestAnimationFrame(() => removeButton.current?.focus())
  }

  async function confirm() {
    setRemoving(true)
    await onRemove(factor)
    setRemoving(false)
    setConfirming(false)
  }

  return (
    <li className={styles.factor} data-testid="mfa-factor">
      <div>
        <p className={styles.factorName}>{name}</p>
        <p className={styles.factorMeta}>
          {describe ? describe.meta(added) : <Trans>Authenticator app, added on {added}</Trans>}
        </p>
      </div>
      {confirming ? (
        <div ref={confirmRef} tabIndex={-1} role="group" aria-labelledby={questionId} className={styles.confirm}>
          <p id={questionId} className={styles.text}>
            {describe ? (
              describe.question
            ) : secondStepStays ? (
              <Trans>Remove “{name}”? Two-step verification stays on with your other authenticator or passkey.</Trans>
            ) : (
              <Trans>
                Remove “{name}”? Signing in will then need only your password, until you set up two-step verification
                again.
              </Trans>
            )}
          </p>
          <div className={styles.actions}>
            <button type="button" className={styles.dangerButton} disabled={removing} onClick={() => void confirm()}>
              {removing ? <Trans>Removing...</Trans> : <Trans>Yes, remove it</Trans>}
            </button>
            <button type="button" className={layout.buttonSecondary} disabled={removing} onClick={keep}>
              <Trans>Keep it</Trans>
            </button>
          </div>
        </div>
      ) : (
        <button ref={removeButton} type="button" className={styles.dangerButton} onClick={() => setConfirming(true)}>
          <Trans>Remove</Trans>
          <span className={layout.visuallyHidden}> {name}</span>
        </button>
      )}
    </li>
  )
}
