// The new-password rules, ticked off as the user types. Read out politely, so a screen reader
// user hears progress without being interrupted on every key.
import { Trans } from '@lingui/react/macro'
import * as formStyles from '@/components/form/form.css'
import * as layout from '@/components/ui/layout.css'
import { passwordChecks, passwordPolicy } from './validation'

export function PasswordChecks({ password, confirmation, id }: { password: string; confirmation: string; id: string }) {
  const checks = passwordChecks(password, confirmation)
  const label = {
    length: <Trans>At least {passwordPolicy.minLength} characters</Trans>,
    maxLength: <Trans>At most {passwordPolicy.maxBytes} bytes (about 70 characters)</Trans>,
    match: <Trans>Both entries match</Trans>,
  }
  return (
    <ul id={id} className={formStyles.checkList} aria-live="polite">
      {checks.map((check) => (
        <li key={check.id} className={check.met ? formStyles.checkMet : formStyles.checkUnmet}>
          <span aria-hidden="true">{check.met ? '✓ ' : '○ '}</span>
          {label[check.id]}
          <span className={layout.visuallyHidden}>
            {check.met ? <Trans>(met)</Trans> : <Trans>(not met yet)</Trans>}
          </span>
        </li>
      ))}
    </ul>
  )
}
