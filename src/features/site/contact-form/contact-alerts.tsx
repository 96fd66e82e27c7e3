// The contact form's two alerts, each focused when it appears: the summary of the fields' problems
// (each a link that focuses its field), and why a message that passed the checks was not sent.
import { forwardRef } from 'react'
import { Plural, Trans } from '@lingui/react/macro'
import { FormAlert } from '@/components/form/form-alert'
import { siteConfig } from '@/config/site'
import { mailtoHref } from '@/lib/email-address'
import type { ContactField } from './rules'
import type { SubmissionFailure } from './submission'
import * as styles from './contact-form.css'

export const contactFieldId = (field: string) => `contact-${field}`

export interface SummaryItem {
  field: ContactField
  message: string
}

export const ErrorSummary = forwardRef<
  HTMLDivElement,
  { summary: SummaryItem[]; onFocusField: (field: ContactField) => void }
>(function ErrorSummary({ summary, onFocusField }, ref) {
  const problemCount = summary.length
  return (
    <FormAlert ref={ref}>
      <h3 className={styles.summaryTitle}>
        <Plural
          value={problemCount}
          one="There is # problem with the form"
          other="There are # problems with the form"
        />
      </h3>
      <ul className={styles.summaryList}>
        {summary.map(({ field, message }) => (
          <li key={field}>
            <a
              href={`#${contactFieldId(field)}`}
              onClick={(event) => {
                event.preventDefault()
                onFocusField(field)
              }}
            >
              {message}
            </a>
          </li>
        ))}
      </ul>
    </FormAlert>
  )
})

export const FailureAlert = forwardRef<HTMLDivElement, { failure: SubmissionFailure }>(function FailureAlert(
  { failure },
  ref,
) {
  const email = siteConfig.email
  return (
    <FormAlert ref={ref}>
      {failure === 'expired' ? (
        <Trans>
          This form was open for too long to be sent safely. Please check what you wrote, which is still here, and send
          it again.
        </Trans>
      ) : failure === 'rateLimited' ? (
        <Trans>
          We have received several messages from your connection in the last hour, so we cannot accept another one now.
          Please try again later, or write to us at <a href={mailtoHref(email)}>{email}</a>.
        </Trans>
      ) : (
        <Trans>
          Your message could not be sent. Check your connection and try again; what you wrote is still here. You can
          also write to us at <a href={mailtoHref(email)}>{email}</a>.
        </Trans>
      )}
    </FormAlert>
  )
})
