// The client's account: their details, preferred language, password and two-step verification,
// each a section of its own with its own form and confirmation.
import type { ReactNode } from 'react'
import { Trans } from '@lingui/react/macro'
import { ProfileSection } from './account-profile'
import { LanguageSection } from './account-language'
import { PasswordSection } from './account-password'
import { MfaSection } from './account-mfa'
import * as styles from './account.css'

/** "Your account" with its sections; the lead says what the page is for this kind of user, `more` adds sections. */
export function AccountSections({ lead, more }: { lead: ReactNode; more?: ReactNode }) {
  return (
    <div className={styles.page}>
      <div>
        <h1 className={styles.pageTitle}>
          <Trans>Your account</Trans>
        </h1>
        <p className={styles.lead}>{lead}</p>
      </div>
      <ProfileSection />
      <LanguageSection />
      <PasswordSection />
      <MfaSection />
      {more}
    </div>
  )
}

export function AccountPage() {
  return <AccountSections lead={<Trans>Your details, language, password and two-step verification.</Trans>} />
}
