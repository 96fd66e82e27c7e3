// The contact form. Checked here with the database's own rules (rules.ts), then inserted into
// contact_messages (send.ts, which brings supabase-js only now); what happens to a message once
// sent is machines/contact-submission.machine.ts. Errors show beside each field and
// in a summary that takes the focus and links to each field; the input is kept. Bots are turned
// away quietly: a filled honeypot or a form sent within 3 s of appearing gets the confirmation
// and nothing is sent. The database limits messages per address and tells the staff.
import { useEffect, useRef, useState } from 'react'
import { Link, useRouterState } from '@tanstack/react-router'
import { shallowEqual, useActorRef, useSelector } from '@xstate/react'
import { fromPromise } from 'xstate'
import { useForm } from 'react-hook-form'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { CheckboxField, Field, FormAlert, SelectField, TextAreaField } from '@/components/form/field'
import * as formStyles from '@/components/form/form.css'
import * as layout from '@/components/ui/layout.css'
import { siteConfig } from '@/config/site'
import { mailtoHref } from '@/lib/email-address'
import { serviceSlugs, specializationSlugs } from '@/lib/pages'
import { useLangPrefix } from '@/lib/use-lang'
import { serviceCards as services, specializationCards as specializations } from '../content/site-index'
import { privacyNoticeId } from './privacy-notice'
import { contactFields, emptyContact, toRow, validateField, type ContactField, type ContactValues } from './rules'
import { sendContactMessage } from './send'
import { refusedFieldMessage, startedFieldName, useContactSubmission, type SubmissionFailure } from './submission'
import { contactSubmissionMachine } from '../../../../machines/contact-submission.machine'
import { getInspector } from '@/lib/inspector'
import * as styles from './contact-form.css'

const fieldId = (field: keyof ContactValues) => `contact-${field}`

interface SummaryItem {
  field: ContactField
  message: string
}

export function ContactForm() {
  const { t, i18n } = useLingui()
  const lang = useLangPrefix()
  // Set when the server renders its answer to the form sent without JavaScript.
  const submitted = useContactSubmission()
  const pathname = useRouterState({ select: (state) => state.location.pathname })
  const [summary, setSummary] = useState<SummaryItem[] | null>(submitted?.problems.length ? submitted.problems : null)
  const submission = useActorRef(
    contactSubmissionMachine.provide({ actors: { send: fromPromise(({ input }) => sendContactMessage(input)) } }),
    { inspect: getInspector() },
  )
  const live = useSelector(
    submission,
    (snapshot) => ({
      sentBy: snapshot.matches('sent') ? snapshot.context.name : null,
      failure: snapshot.matches({ filling: 'failed' }) ? snapshot.context.failure : null,
      sending: snapshot.hasTag('pending'),
    }),
    shallowEqual,
  )
  // The server's answer to the form sent without JavaScript is a page of its own (never
  // hydrated): what it says stands in for the machine's state there.
  const sentBy = submitted ? submitted.sentBy : live.sentBy
  const failure: SubmissionFailure | null = submitted ? submitted.failure : live.failure
  const { sending } = live
  // Bumped after each submit attempt: the effect then moves focus to what the attempt produced.
  const [attempt, setAttempt] = useState(0)
  const alertRef = useRef<HTMLDivElement>(null)
  const confirmationRef = useRef<HTMLHeadingElement>(null)

  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    getValues,
    formState: { errors },
  } = useForm<ContactValues>({ defaultValues: submitted?.values ?? emptyContact, shouldFocusError: false })
  const errorOf = (field: ContactField) =>
    errors[field]?.message ?? submitted?.problems.find((problem) => problem.field === field)?.message

  // The machine's answer to each Send: a field the database refused is marked and summarised.
  useEffect(() => {
    const subscription = submission.on('contact.answered', ({ refusedField }) => {
      if (refusedField) {
        const message = refusedFieldMessage(i18n, refusedField, getValues())
        setError(refusedField, { type: 'server', message })
        setSummary([{ field: refusedField, message }])
      }
      setAttempt((n) => n + 1)
    })
    return () => subscription.unsubscribe()
  }, [submission, i18n, getValues, setError])

  useEffect(() => {
    if (attempt === 0) return
    if (sentBy !== null) confirmationRef.current?.focus()
    else alertRef.current?.focus()
  }, [attempt, sentBy])

  // The page title says there is a problem too (WCAG technique G194's companion: the title
  // is the first thing a screen reader reads when the page is revisited).
  useEffect(() => {
    if (!summary?.length) return
    const original = document.title
    document.title = t`Error: ${original}`
    return () => {
      document.title = original
    }
  }, [summary, t])

  const rules = (field: ContactField) => ({ validate: validateField(i18n, field) })
  // The server's answer to the form sent without JavaScript shows the input in the markup itself
  // (react-hook-form only fills uncontrolled fields from the browser).
  const initial = (field: Exclude<keyof ContactValues, 'privacy' | 'marketing'>) =>
    submitted ? { defaultValue: submitted.values[field] } : {}
  const initiallyChecked = (field: 'privacy' | 'marketing') =>
    submitted ? { defaultChecked: submitted.values[field] } : {}

  const submit = handleSubmit(
    (values) => {
      setSummary(null)
      submission.send({
        type: 'contact.submit',
        name: values.name.trim(),
        row: toRow(values, i18n.locale === 'en' ? 'en' : 'es'),
        // Only the hidden field, which no person sees or reaches, marks a bot. A quick sender (the
        // browser filled the form in, the text was pasted) is a person too: their message is sent,
        // never dropped behind a "thank you".
        trap: values.website.trim() !== '',
      })
    },
    (fieldErrors) => {
      submission.send({ type: 'contact.invalid' })
      setSummary(
        contactFields.flatMap((field) => {
          const message = fieldErrors[field]?.message
          return message ? [{ field, message }] : []
        }),
      )
      setAttempt((n) => n + 1)
    },
  )

  if (sentBy !== null) {
    const email = siteConfig.email
    return (
      <section className={styles.confirmation} aria-labelledby="contact-confirmation-title">
        <h2 id="contact-confirmation-title" ref={confirmationRef} tabIndex={-1} className={styles.confirmationTitle}>
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
  }

  const interestOptions = [
    { value: '', label: t`Choose an option` },
    ...serviceSlugs.map((slug) => ({ value: slug, label: i18n._(services[slug].name) })),
    ...specializationSlugs.map((slug) => ({ value: slug, label: i18n._(specializations[slug].name) })),
    { value: 'other', label: t`Something else` },
  ]
  const firm = siteConfig.name
  const email = siteConfig.email
  const problemCount = summary?.length ?? 0

  return (
    // method and action: without JavaScript the browser posts the form to this page's address.
    <form
      className={formStyles.form}
      method="post"
      action={pathname}
      onSubmit={submit}
      noValidate
      aria-labelledby="contact-form-title"
    >
      {/* When the form was served; the server fills it in (the time check for the no-JS post). */}
      <input type="hidden" name={startedFieldName} defaultValue="" suppressHydrationWarning />
      <h2 id="contact-form-title">
        <Trans>Send us a message</Trans>
      </h2>
      <p className={styles.intro}>
        <Trans>All fields are required unless marked optional.</Trans>
      </p>

      {summary && summary.length > 0 && (
        <FormAlert ref={alertRef}>
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
                  href={`#${fieldId(field)}`}
                  onClick={(event) => {
                    event.preventDefault()
                    setFocus(field)
                  }}
                >
                  {message}
                </a>
              </li>
            ))}
          </ul>
        </FormAlert>
      )}
      {failure && (
        <FormAlert ref={alertRef}>
          {failure === 'expired' ? (
            <Trans>
              This form was open for too long to be sent safely. Please check what you wrote, which is still here, and
              send it again.
            </Trans>
          ) : failure === 'rateLimited' ? (
            <Trans>
              We have received several messages from your connection in the last hour, so we cannot accept another one
              now. Please try again later, or write to us at <a href={mailtoHref(email)}>{email}</a>.
            </Trans>
          ) : (
            <Trans>
              Your message could not be sent. Check your connection and try again; what you wrote is still here. You can
              also write to us at <a href={mailtoHref(email)}>{email}</a>.
            </Trans>
          )}
        </FormAlert>
      )}

      <Field
        id={fieldId('name')}
        label={t`Name`}
        autoComplete="name"
        aria-required="true"
        error={errorOf('name')}
        {...initial('name')}
        {...register('name', rules('name'))}
      />
      <Field
        id={fieldId('email')}
        label={t`E-mail`}
        type="email"
        inputMode="email"
        autoComplete="email"
        aria-required="true"
        hint={t`We reply to this address.`}
        error={errorOf('email')}
        {...initial('email')}
        {...register('email', rules('email'))}
      />
      <Field
        id={fieldId('company')}
        label={t`Company or organization`}
        autoComplete="organization"
        aria-required="true"
        error={errorOf('company')}
        {...initial('company')}
        {...register('company', rules('company'))}
      />
      <Field
        id={fieldId('phone')}
        label={t`Phone (optional)`}
        type="tel"
        autoComplete="tel"
        hint={t`If you would rather we call you.`}
        error={errorOf('phone')}
        {...initial('phone')}
        {...register('phone', rules('phone'))}
      />
      <SelectField
        id={fieldId('interest')}
        label={t`What is your enquiry about?`}
        options={interestOptions}
        aria-required="true"
        error={errorOf('interest')}
        {...initial('interest')}
        {...register('interest', rules('interest'))}
      />
      <TextAreaField
        id={fieldId('message')}
        label={t`Message`}
        rows={8}
        aria-required="true"
        hint={t`What you would like to change, which systems and data are involved, and your timeline. Up to 5,000 characters.`}
        error={errorOf('message')}
        {...initial('message')}
        {...register('message', rules('message'))}
      />

      {/* Honeypot: out of sight, out of the tab order and hidden from screen readers. */}
      <div className={styles.honeypot} aria-hidden="true">
        <label htmlFor={fieldId('website')}>
          <Trans>Website (leave this field empty)</Trans>
        </label>
        <input id={fieldId('website')} type="text" tabIndex={-1} autoComplete="off" {...register('website')} />
      </div>

      <CheckboxField
        id={fieldId('privacy')}
        label={
          <Trans>
            I have read the <a href={`#${privacyNoticeId}`}>basic information on data protection</a>.
          </Trans>
        }
        aria-required="true"
        error={errorOf('privacy')}
        {...initiallyChecked('privacy')}
        {...register('privacy', rules('privacy'))}
      />
      <CheckboxField
        id={fieldId('marketing')}
        label={t`Send me occasional news about ${firm}'s services and events.`}
        hint={t`Optional. You can unsubscribe at any time with one click.`}
        {...initiallyChecked('marketing')}
        {...register('marketing')}
      />

      <div className={styles.submitRow}>
        <button type="submit" className={layout.buttonPrimary} disabled={sending}>
          {sending ? <Trans>Sending...</Trans> : <Trans>Send message</Trans>}
        </button>
      </div>
    </form>
  )
}
