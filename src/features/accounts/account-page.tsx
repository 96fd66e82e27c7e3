// The client's account: their details, preferred language, password and two-step verification,
// each a section of its own with its own form and confirmation.
import type { ReactNode } from 'react'
import { Link } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { useLangPrefix } from '@/lib/use-lang'
import { AccountSection } from './account-section'
import { ProfileSection } from './account-profile'
import { LanguageSection } from './account-language'
import { PasswordSection } from './account-password'
import { MfaSection } from './account-mfa'
import * as styles from './account.css'

/** "Your account" with its sections; the lead says what the page is for this kind of user, `more` adds sections. */
export function AccountSections({
  lead,
  more,
  audience,
}: {
  lead: ReactNode
  more?: ReactNode
  audience: 'client' | 'staff'
}) {
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
      <NotificationEmailsSection audience={audience} />
    </div>
  )
}

/** Where the person chooses which notifications also come by e-mail (their own page). */
function NotificationEmailsSection({ audience }: { audience: 'client' | 'staff' }) {
  const lang = useLangPrefix()
  const label = <Trans>Choose your notification e-mails</Trans>
  return (
    <AccountSection
      title={<Trans>Notification e-mails</Trans>}
      intro={<Trans>Which notifications also reach you by e-mail, and how often your digest may come.</Trans>}
      testId="account-notification-emails"
    >
      <p className={styles.text}>
        {audience === 'client' ? (
          <Link to="/{-$lang}/client-portal/dashboard/notification-settings" params={{ lang }}>
            {label}
          </Link>
        ) : (
          <Link to="/{-$lang}/admin/dashboard/notification-settings" params={{ lang }}>
            {label}
          </Link>
        )}
      </p>
    </AccountSection>
  )
}

export function AccountPage() {
  return (
    <AccountSections
      audience="client"
      lead={<Trans>Your details, language, password and two-step verification.</Trans>}
    />
  )
}
