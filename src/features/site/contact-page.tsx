// The contact page: the form beside its data-protection notice, then the e-mail address for those
// who prefer to write directly, what happens after writing, the response time and the office.
import { useLingui } from '@lingui/react'
import { msg } from '@lingui/core/macro'
import { siteConfig } from '@/config/site'
import { mailtoHref } from '@/lib/email-address'
import { contactContent as contact } from './content/contact'
import { ContactForm } from './contact-form/contact-form'
import { PrivacyNotice } from './contact-form/privacy-notice'
import * as formLayout from './contact-form/contact-form.css'
import { StepList } from './step-list'
import * as layout from '@/components/ui/layout.css'
import * as styles from './site.css'

export function ContactPage() {
  const { i18n } = useLingui()
  const _ = i18n._.bind(i18n)

  return (
    <>
      <section className={`${styles.hero} ${styles.heroCompact}`} aria-labelledby="contact-title">
        <div className={layout.container}>
          <h1 id="contact-title" className={styles.heroTitle}>
            {_(contact.title)}
          </h1>
          <p className={layout.lead}>{_(contact.lead)}</p>
        </div>
      </section>

      <section className={styles.afterCompactHero}>
        <div className={`${layout.container} ${formLayout.layout}`}>
          <ContactForm />
          <div className={formLayout.aside}>
            <PrivacyNotice />
            <div className={styles.card}>
              <h2>{_(contact.emailLabel)}</h2>
              <p>
                <a
                  className={layout.buttonPrimary}
                  href={mailtoHref(siteConfig.email, { subject: _(msg`Project enquiry`) })}
                >
                  {siteConfig.email}
                </a>
              </p>
              <p className={styles.cardText}>{_(contact.emailHint)}</p>
              <p className={styles.cardText}>{_(contact.privacyNote)}</p>
            </div>
          </div>
        </div>
      </section>

      <section className={layout.sectionAlt} aria-labelledby="next-steps">
        <div className={layout.container}>
          <h2 id="next-steps">{_(contact.nextStepsTitle)}</h2>
          <StepList steps={contact.nextSteps} />
          <div className={`${styles.twoColumns} ${formLayout.facts}`}>
            <div>
              <h3>{_(contact.responseTimeTitle)}</h3>
              <p>{_(contact.responseTime)}</p>
            </div>
            <div>
              <h3>{_(contact.officeTitle)}</h3>
              <p>{_(contact.office)}</p>
            </div>
          </div>
        </div>
      </section>
    </>
  )
}
