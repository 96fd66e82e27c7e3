// A new password for the signed-in user, through the auth machine (auth.updatePassword). The server
// then ends the user's other sessions; this one stays signed in.
import { useState } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { FormAlert } from '../../components/form/field'
import { auth } from '../../auth/service'
import type { AuthFailure } from '../../../machines/auth.machine'
import { authFailureMessage } from '../auth/auth-messages'
import { NewPasswordForm } from '../auth/new-password-form'
import { AccountSection, useFocusWhenShown } from './account-section'

export function PasswordSection() {
  const { t, i18n } = useLingui()
  const [outcome, setOutcome] = useState<'saved' | AuthFailure | null>(null)
  const messageRef = useFocusWhenShown(outcome)

  async function save(password: string) {
    setOutcome(null)
    const failure = await auth.updatePassword(password)
    setOutcome(failure ?? 'saved')
    return failure === null
  }

  return (
    <AccountSection
      title={<Trans>Password</Trans>}
      intro={<Trans>After the change, you stay signed in here and are signed out on your other devices.</Trans>}
      testId="account-password"
    >
      {outcome && (
        <FormAlert ref={messageRef} tone={outcome === 'saved' ? 'info' : 'error'}>
          {outcome === 'saved' ? (
            <Trans>Your password has been changed. Use the new one the next time you sign in.</Trans>
          ) : (
            i18n._(authFailureMessage(outcome))
          )}
        </FormAlert>
      )}
      <NewPasswordForm onSubmit={save} submitLabel={t`Change password`} />
    </AccountSection>
  )
}
