// The contact page: the e-mail address, what happens after writing, the response time and
// the office. (The contact form arrives with the admin area, which answers its messages.)
import { useLingui } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import { msg } from '@lingui/core/macro'
import { siteConfig, mailtoHref } from '../../config/site'
import { contactContent as contact } from './content/contact'
import { StepList } from './step-list'
import * as layout from '../../components/ui/layout.css'
import * as styles from './marketing.css'

export function ContactPage() {
  const { i18n } = useLingui()
  const _ = i18n._.bind(i18n)

  return (
    <>
      <section className={styles.hero} aria-labelledby="contact-title">
        <div className={layout.container}>
          <h1 id="contact-title" className={styles.heroTitle}>
            {_(contact.title)}
          </h1>
          <p className={layout.lead}>{_(contact.lead)}</p>
        </div>
      </section>

      <section className={layout.section}>
        <div className={`${layout.container} ${styles.twoColumns}`}>
          <div className={styles.card}>
            <h2>{_(contact.emailLabel)}</h2>
            <p>
              <a className={layout.buttonPrimary} href={mailtoHref(siteConfig.email, _(msg`Project enquiry`))}>
                {siteConfig.email}
              </a>
            </p>
            <p className={styles.cardText}>{_(contact.emailHint)}</p>
          </div>
          <div>
            <h2>{_(contact.responseTimeTitle)}</h2>
            <p>{_(contact.responseTime)}</p>
            <h2>{_(contact.officeTitle)}</h2>
            <p>{_(contact.office)}</p>
          </div>
        </div>
      </section>

      <section className={layout.sectionAlt} aria-labelledby="next-steps">
        <div className={layout.container}>
          <h2 id="next-steps">{_(contact.nextStepsTitle)}</h2>
          <StepList steps={contact.nextSteps} />
          <p className={styles.note}>
            <Trans>Privacy:</Trans> {_(contact.privacyNote)}
          </p>
        </div>
      </section>
    </>
  )
}
