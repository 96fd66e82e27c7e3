// The data-protection notice beside the contact form, in layers (the AEPD's "información por
// capas"): the basic facts first (who is responsible, why, on what basis, for how long, your
// rights), the details behind a native disclosure. The form's privacy checkbox refers to it.
import { Link } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { useLangPrefix } from '@/lib/use-lang'
import { siteConfig } from '@/config/site'
import { mailtoHref } from '@/lib/email-address'
import * as styles from './contact-form.css'

export const privacyNoticeId = 'contact-privacy-notice'

export function PrivacyNotice() {
  const firm = siteConfig.name
  const email = siteConfig.email
  const mail = <a href={mailtoHref(email)}>{email}</a>
  const months = siteConfig.enquiryRetentionMonths
  const lang = useLangPrefix()
  return (
    <section id={privacyNoticeId} className={styles.notice} aria-labelledby={`${privacyNoticeId}-title`}>
      <h2 id={`${privacyNoticeId}-title`} className={styles.noticeTitle}>
        <Trans>Basic information on data protection</Trans>
      </h2>
      <dl className={styles.noticeTable}>
        <div>
          <dt>
            <Trans>Who is responsible</Trans>
          </dt>
          <dd>
            <Trans>
              {firm}, Madrid (Spain). Contact: {mail}.
            </Trans>
          </dd>
        </div>
        <div>
          <dt>
            <Trans>Purpose</Trans>
          </dt>
          <dd>
            <Trans>
              To answer your enquiry and, if you tick the separate box, to send you occasional news about our services.
            </Trans>
          </dd>
        </div>
        <div>
          <dt>
            <Trans>Legal basis</Trans>
          </dt>
          <dd>
            <Trans>
              The steps you ask us to take before a possible contract, and our legitimate interest in answering
              enquiries. News only with your consent.
            </Trans>
          </dd>
        </div>
        <div>
          <dt>
            <Trans>How long we keep it</Trans>
          </dt>
          <dd>
            <Trans>
              Up to {months} months after our last contact, unless the enquiry becomes a project. News until you
              unsubscribe.
            </Trans>
          </dd>
        </div>
        <div>
          <dt>
            <Trans>Your rights</Trans>
          </dt>
          <dd>
            <Trans>
              Access, rectification, erasure, objection, restriction and portability, by writing to {mail}. You may also
              complain to the Spanish Data Protection Agency (AEPD).
            </Trans>
          </dd>
        </div>
      </dl>
      <details className={styles.details}>
        <summary className={styles.detailsSummary}>
          <Trans>Read more about how we use your data</Trans>
        </summary>
        <p>
          <Trans>
            What we receive: the name, e-mail address, company, phone number (if you give one), topic and message you
            write in the form, whether you want our news, the language of the page and when you sent it. To stop
            automated abuse we also keep a one-way coded fingerprint of your internet address, never the address itself.
          </Trans>
        </p>
        <p>
          <Trans>
            Who sees it: only our own team and the providers that host our website and e-mail, which process it on our
            behalf under a data-processing agreement. We do not sell it or share it with anyone else, and we make no
            automated decisions about you.
          </Trans>
        </p>
        <p>
          <Trans>
            News: the separate box is unticked unless you tick it, and not ticking it changes nothing about our answer.
            Each news e-mail has a link to unsubscribe with one click, and you can also ask us by e-mail.
          </Trans>
        </p>
        <p>
          <Trans>
            To exercise your rights, write to {mail} from the address you used, saying which right you want to exercise.
            We answer within one month. If you are not satisfied, you can complain to the Spanish Data Protection Agency
            at <a href="https://www.aepd.es">www.aepd.es</a>.
          </Trans>
        </p>
      </details>
      <p>
        <Link to="/{-$lang}/legal/$document" params={{ lang, document: 'privacy' }} className={styles.policyLink}>
          <Trans>Read our full privacy policy</Trans>
        </Link>
      </p>
    </section>
  )
}
