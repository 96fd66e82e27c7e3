// The client's account: their details, preferred language, password and two-step verification,
// each a section of its own with its own form and confirmation.
import { Trans } from '@lingui/react/macro'
import { ProfileSection } from './account-profile'
import { LanguageSection } from './account-language'
import { PasswordSection } from './account-password'
import { MfaSection } from './account-mfa'
import * as styles from './account.css'

export function AccountPage() {
  return (
    <div className={styles.page}>
      <div>
        <h1 className={styles.pageTitle}>
          <Trans>Your account</Trans>
        </h1>
        <p className={styles.lead}>
          <Trans>Your details, language, password and two-step verification.</Trans>
        </p>
      </div>
      <ProfileSection />
      <LanguageSection />
      <PasswordSection />
      <MfaSection />
    </div>
  )
}
