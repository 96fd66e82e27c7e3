// The overview of a client with nothing shared yet (issue 23, item 5): instead of five empty
// boxes, a welcome by name, who their contact at the firm is (who invited them; the firm's
// address when nobody is named) and what comes next. Gone once the first project is shared.
import { useId } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Trans } from '@lingui/react/macro'
import { siteConfig } from '@/config/site'
import { mailtoHref } from '@/lib/email-address'
import { firmContactQuery } from '@/features/projects/portal/queries'
import * as styles from '@/components/ui/page.css'

export function FirstVisitWelcome({ viewerId, firstName }: { viewerId: string; firstName: string }) {
  const headingId = useId()
  const contact = useQuery(firmContactQuery(viewerId)).data ?? null
  const firm = siteConfig.name
  const firmEmail = siteConfig.email
  return (
    <section className={styles.welcome} aria-labelledby={headingId} data-testid="first-visit-welcome">
      <h2 id={headingId} className={styles.sectionTitle}>
        {firstName ? <Trans>Welcome to your portal, {firstName}</Trans> : <Trans>Welcome to your portal</Trans>}
      </h2>
      {contact ? (
        <p className={styles.text}>
          <Trans>
            Your contact at {firm} is <strong>{contact.full_name}</strong>, who invited you. You can write to them at{' '}
            <a href={mailtoHref(contact.email)}>{contact.email}</a>.
          </Trans>
        </p>
      ) : (
        <p className={styles.text}>
          <Trans>
            Your contact is the {firm} team. You can write to us at <a href={mailtoHref(firmEmail)}>{firmEmail}</a>.
          </Trans>
        </p>
      )}
      <h3 className={styles.subTitle}>
        <Trans>What comes next</Trans>
      </h3>
      <ol className={styles.welcomeSteps}>
        <li>
          <Trans>
            The team will share your first project here. You will follow its progress, documents, reports and tasks.
          </Trans>
        </li>
        <li>
          <Trans>Each project has a conversation: write there to reach the team, and type @ to mention someone.</Trans>
        </li>
        <li>
          <Trans>
            When something needs you (a task, an approval, a new message), you will get a notification here and by
            e-mail.
          </Trans>
        </li>
      </ol>
    </section>
  )
}
