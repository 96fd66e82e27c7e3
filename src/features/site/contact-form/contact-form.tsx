// The contact form. Checked here with the database's own rules (rules.ts, through the rules
// resolver), then inserted into contact_messages (send.ts, which brings supabase-js only now); what
// happens to a message once sent is machines/contact-submission.machine.ts (use-submission.ts).
// Errors show beside each field and in a summary that takes the focus and links to each field
// (contact-alerts.tsx); the input is kept. Bots are turned away quietly: a filled honeypot or a
// form sent within 3 s of appearing gets the confirmation (contact-confirmation.tsx) and nothing
// is sent. The database limits messages per address and tells the staff.
import { useEffect, useRef, useState } from 'react'
import { useRouterState } from '@tanstack/react-router'
import { useForm } from 'react-hook-form'
import { Trans, useLingui } from '@lingui/react/macro'
import * as formStyles from '@/components/form/form.css'
import * as layout from '@/components/ui/layout.css'
import { useRulesResolver } from '@/components/form/rules-resolver'
import {
  checkContact,
  contactFields,
  emptyContact,
  isContactField,
  toRow,
  type ContactField,
  type ContactValues,
} from './rules'
import { refusedFieldMessage, startedFieldName } from './submission'
import { useSubmission } from './use-submission'
import { ContactConfirmation } from './contact-confirmation'
import { contactFieldId, ErrorSummary, FailureAlert, type SummaryItem } from './contact-alerts'
import { ContactFields, type CheckField, type TextField } from './contact-fields'
import * as styles from './contact-form.css'

export function ContactForm() {
  const { t, i18n } = useLingui()
  const { submission, submitted, sentBy, failure, sending } = useSubmission()
  const pathname = useRouterState({ select: (state) => state.location.pathname })
  const [summary, setSummary] = useState<SummaryItem[] | null>(submitted?.problems.length ? submitted.problems : null)
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
  } = useForm<ContactValues>({
    defaultValues: submitted?.values ?? emptyContact,
    resolver: useRulesResolver(checkContact),
    shouldFocusError: false,
  })
  const errorOf = (field: ContactField) =>
    errors[field]?.message ?? submitted?.problems.find((problem) => problem.field === field)?.message

  // The machine's answer to each Send: a field the database refused is marked and summarised.
  useEffect(() => {
    const subscription = submission.on('contact.answered', ({ refusedField }) => {
      if (refusedField && isContactField(refusedField)) {
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

  // The server's answer to the form sent without JavaScript shows the input in the markup itself
  // (react-hook-form only fills uncontrolled fields from the browser).
  const text = (field: TextField) => ({
    id: contactFieldId(field),
    error: errorOf(field),
    ...(submitted ? { defaultValue: submitted.values[field] } : {}),
    ...register(field),
  })
  const check = (field: CheckField) => ({
    id: contactFieldId(field),
    error: field === 'privacy' ? errorOf(field) : undefined,
    ...(submitted ? { defaultChecked: submitted.values[field] } : {}),
    ...register(field),
  })

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

  if (sentBy !== null) return <ContactConfirmation ref={confirmationRef} sentBy={sentBy} />

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
        <ErrorSummary ref={alertRef} summary={summary} onFocusField={(field) => setFocus(field)} />
      )}
      {failure && <FailureAlert ref={alertRef} failure={failure} />}

      <ContactFields text={text} check={check} honeypot={register('website')} />

      <div className={styles.submitRow}>
        <button type="submit" className={layout.buttonPrimary} disabled={sending}>
          {sending ? <Trans>Sending...</Trans> : <Trans>Send message</Trans>}
        </button>
      </div>
    </form>
  )
}
