// The staff member's own account: name and contact details, language, password and two-step
// verification, built from the client portal's account sections (the same forms, rules and
// messages; row-level security lets every user change their own non-role fields).
import { Trans } from '@lingui/react/macro'
import { LanguageSection } from '../../portal/account-language'
import { MfaSection } from '../../portal/account-mfa'
import { PasswordSection } from '../../portal/account-password'
import { ProfileSection } from '../../portal/account-profile'
import * as styles from '../../portal/account.css'

export function StaffAccountPage() {
  return (
    <div className={styles.page}>
      <div>
        <h1 className={styles.pageTitle}>
          <Trans>Your account</Trans>
        </h1>
        <p className={styles.lead}>
          <Trans>
            Your details, language, password and two-step verification. Staff accounts should always use two-step
            verification.
          </Trans>
        </p>
      </div>
      <ProfileSection />
      <LanguageSection />
      <PasswordSection />
      <MfaSection />
    </div>
  )
}
