// What the contact page shows once a message is sent: thanks by name, when and from where the
// reply comes, and the way home. Its heading takes the focus.
import { forwardRef } from 'react'
import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import * as layout from '@/components/ui/layout.css'
import { siteConfig } from '@/config/site'
import { mailtoHref } from '@/lib/email-address'
import { useLangPrefix } from '@/lib/use-lang'
import * as styles from './contact-form.css'

/** `sentBy`: the sender's name, or '' when they gave none the thanks could use. */
export const ContactConfirmation = forwardRef<HTMLHeadingElement, { sentBy: string }>(function ContactConfirmation(
  { sentBy },
  ref,
) {
  const { t } = useLingui()
  const lang = useLangPrefix()
  const email = siteConfig.email
  return (
    <section className={styles.confirmation} aria-labelledby="contact-confirmation-title">
      <h2 id="contact-confirmation-title" ref={ref} tabIndex={-1} className={styles.confirmationTitle}>
        {sentBy ? t`Thank you, ${sentBy}. Your message has been sent.` : t`Thank you. Your message has been sent.`}
      </h2>
      <p>
        <Trans>
          A consultant will read it and reply within one business day from <a href={mailtoHref(email)}>{email}</a>,
          usually with a few questions and some options for a 30-minute call.
        </Trans>
      </p>
      <p>
        <Trans>
          If you have not heard from us by then, check your spam folder or write to us directly at the same address.
        </Trans>
      </p>
      <p>
        <Link to="/{-$lang}" params={{ lang }} className={layout.buttonSecondary} activeOptions={{ exact: true }}>
          <Trans>Back to the home page</Trans>
        </Link>
      </p>
    </section>
  )
})
