// Passkeys as a second factor (staff): the ones registered, each removable after a confirmation,
// and the form that registers one (the browser asks for a security key, or the device's own).
// The server must have passkeys on (AUTH_MFA_WEB_AUTHN_*, [auth.mfa.web_authn]); when it has
// not, the attempt says so and nothing changes.
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { Field } from '@/components/form/field'
import { FormAlert } from '@/components/form/form-alert'
import * as formStyles from '@/components/form/form.css'
import * as layout from '@/components/ui/layout.css'
import { mfaFactorsQuery } from '@/lib/auth/queries'
import { useCurrentProfile } from '@/lib/auth/use-auth'
import { useFocusWhenShown } from '@/lib/use-focus-when-shown'
import { browserHasPasskeys, mfaFailureMessage, registerPasskey, removeListedFactor } from './account-api'
import { FactorItem, type ListedFactor } from './account-mfa'
import { AccountSection } from './account-section'
import * as styles from './account.css'
import { factorNameRules } from './validation'

const msgPasskeys = msg`Passkeys`
const msgPasskey = msg`Passkey`

type Outcome = { kind: 'added' | 'removed'; name: string } | { kind: 'failure'; message: MessageDescriptor }

export function PasskeySection() {
  const profile = useCurrentProfile()
  return profile ? <PasskeySettings userId={profile.id} /> : null
}

function PasskeySettings({ userId }: { userId: string }) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const factorsQuery = mfaFactorsQuery(userId)
  const { data: factors } = useSuspenseQuery(factorsQuery)
  const passkeys = factors.filter((factor) => factor.status === 'verified' && factor.factor_type === 'webauthn')
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  const messageRef = useFocusWhenShown(outcome)
  const supported = browserHasPasskeys()

  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<{ name: string }>({ defaultValues: { name: t`Security key` } })

  const reload = () => queryClient.invalidateQueries({ queryKey: factorsQuery.queryKey })

  const add = handleSubmit(async ({ name }) => {
    setOutcome(null)
    try {
      await registerPasskey(name.trim())
    } catch (error) {
      setOutcome({ kind: 'failure', message: mfaFailureMessage(error) })
      return
    }
    await reload()
    reset({ name: t`Security key` })
    setOutcome({ kind: 'added', name: name.trim() })
  })

  async function remove(factor: ListedFactor) {
    setOutcome(null)
    const fail = (message: MessageDescriptor) => setOutcome({ kind: 'failure', message })
    if (!(await removeListedFactor(factor.id, reload, fail))) return
    setOutcome({ kind: 'removed', name: factor.friendly_name || i18n._(msgPasskey) })
  }

  return (
    <AccountSection
      title={<Trans>Passkeys</Trans>}
      intro={
        <Trans>
          Instead of typing a code, confirm your sign-in with a passkey: a security key, or this computer's or phone's
          own screen lock.
        </Trans>
      }
      testId="account-passkeys"
    >
      {outcome && (
        <FormAlert ref={messageRef} tone={outcome.kind === 'failure' ? 'error' : 'info'}>
          {outcome.kind === 'failure' ? (
            i18n._(outcome.message)
          ) : outcome.kind === 'added' ? (
            <Trans>“{outcome.name}” was added. You can use it instead of a code when you sign in.</Trans>
          ) : (
            <Trans>“{outcome.name}” was removed.</Trans>
          )}
        </FormAlert>
      )}
      {passkeys.length > 0 && (
        <ul className={styles.factorList} aria-label={i18n._(msgPasskeys)}>
          {passkeys.map((factor) => (
            <FactorItem
              key={factor.id}
              factor={factor}
              onRemove={remove}
              describe={{
                name: i18n._(msgPasskey),
                meta: (added) => <Trans>Passkey, added on {added}</Trans>,
                question: (
                  <Trans>
                    Remove “{factor.friendly_name || i18n._(msgPasskey)}”? You will no longer be able to sign in with
                    it.
                  </Trans>
                ),
              }}
            />
          ))}
        </ul>
      )}
      {supported ? (
        <form className={formStyles.form} onSubmit={add} noValidate>
          <Field
            label={t`Name of the passkey`}
            hint={<Trans>Helps you recognise it later, for example “Blue security key”.</Trans>}
            autoComplete="off"
            error={errors.name?.message}
            {...register(
              'name',
              factorNameRules({
                missing: t`Enter a name for the passkey.`,
                tooLong: t`A passkey name has at most 60 characters.`,
              }),
            )}
          />
          <div className={styles.actions}>
            <button type="submit" className={layout.buttonPrimary} disabled={isSubmitting}>
              {isSubmitting ? <Trans>Waiting for your passkey...</Trans> : <Trans>Add a passkey</Trans>}
            </button>
          </div>
        </form>
      ) : (
        <p className={styles.text}>
          <Trans>This browser cannot use passkeys. Use your authenticator app's code instead.</Trans>
        </p>
      )}
    </AccountSection>
  )
}
