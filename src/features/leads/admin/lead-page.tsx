// One lead of the pipeline: its status (a lost lead says why), its assignee and follow-up date,
// the conversion into a client organization (once qualified), internal notes, the history of its
// status, everything the visitor sent, and a "Reply by e-mail" link in the lead's language.
// A refused change (the database decides) is said in the reader's language.
import { useState, type ReactNode } from 'react'
import { useForm } from 'react-hook-form'
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { getRouteApi, Link } from '@tanstack/react-router'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Field, SelectField, TextAreaField } from '@/components/form/field'
import { OutcomeAlert, type Outcome } from '@/components/form/form-alert'
import { useRulesResolver } from '@/components/form/rules-resolver'
import * as layout from '@/components/ui/layout.css'
import { useLangPrefix } from '@/lib/use-lang'
import { formatDate, formatDateTime } from '@/lib/format'
import { labelOf } from '@/lib/labels'
import { mailtoHref } from '@/lib/email-address'
import * as page from '@/components/ui/page.css'
import { adminKeys } from '@/lib/query-keys'
import { checkConversion, checkLead, checkNote, type ConversionInput, type LeadInput, type NoteInput } from '../rules'
import { interestLabels, leadStatusLabels, localeNames } from './labels'
import { LeadStatusBadge } from './lead-status'
import { LeadStatusForm, useSaveLead } from './lead-status-form'
import {
  addLeadNote,
  convertLead,
  invitationFailureMessage,
  inviteLeadPerson,
  leadFailure,
  leadHistoryQuery,
  leadKeys,
  leadNotesQuery,
  leadQuery,
  staffQuery,
  type Lead,
} from './queries'
import { replyHref } from './reply'
import { isLeadStatus } from './search'
import * as styles from './leads.css'
import { RecordNotFound } from '@/components/ui/record-not-found'

const savedMessage = msg`The assignee and the follow-up date are saved.`
const noteAddedMessage = msg`The note is added.`
const convertedAndInvitedMessage = msg`The organization is created and the invitation is on its way.`

const route = getRouteApi('/{-$lang}/_app/admin/dashboard/leads/$leadId')

type Person = { full_name: string; email: string | null } | null

function personName(person: unknown): string | null {
  const p = person as Person
  return p ? p.full_name || p.email : null
}

export function LeadPage() {
  const { leadId } = route.useParams()
  const { data: lead } = useSuspenseQuery(leadQuery(leadId))
  return lead ? <LeadDetails lead={lead} /> : <LeadNotFound />
}

function BackLink() {
  const lang = useLangPrefix()
  return (
    <Link to="/{-$lang}/admin/dashboard/leads" params={{ lang }} className={page.backLink}>
      <Trans>All leads</Trans>
    </Link>
  )
}

function LeadNotFound() {
  return (
    <RecordNotFound
      back={<BackLink />}
      title={<Trans>Lead not found</Trans>}
      reason={<Trans>This message does not exist or has been deleted.</Trans>}
    />
  )
}

function Detail({ term, children }: { term: ReactNode; children: ReactNode }) {
  return (
    <div>
      <dt className={page.detailTerm}>{term}</dt>
      <dd className={page.detailValue}>{children}</dd>
    </div>
  )
}

function Section({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <section className={page.section} aria-labelledby={id}>
      <h2 id={id} className={page.sectionTitle}>
        {title}
      </h2>
      {children}
    </section>
  )
}

function LeadDetails({ lead }: { lead: Lead }) {
  const { t, i18n } = useLingui()
  const yes = t`Yes`
  const no = t`No`
  const dateTime = (value: string) => formatDateTime(value, i18n.locale)
  const handler = personName(lead.handler)
  const language = labelOf(i18n, localeNames, lead.locale)

  return (
    <div className={page.page}>
      <BackLink />
      <div className={page.pageHeader}>
        <h1 className={page.pageTitle}>{lead.name}</h1>
        <div className={styles.headerRow}>
          <span>
            <Trans>Status:</Trans>
          </span>{' '}
          <LeadStatusBadge status={lead.status} />
        </div>
        {lead.status === 'lost' && lead.lost_reason && (
          <p className={page.text}>
            <Trans>Lost because: {lead.lost_reason}</Trans>
          </p>
        )}
      </div>

      <Section id="lead-status-title" title={<Trans>Status</Trans>}>
        <LeadStatusForm lead={lead} />
      </Section>

      <Section id="lead-assignment-title" title={<Trans>Assignee and follow-up</Trans>}>
        <AssignmentForm lead={lead} />
      </Section>

      <Section id="lead-conversion-title" title={<Trans>Client organization</Trans>}>
        <Conversion lead={lead} />
      </Section>

      <Section id="lead-actions-title" title={<Trans>Answer</Trans>}>
        <div className={page.actions}>
          <a className={layout.buttonPrimary} href={replyHref(lead)} aria-describedby="lead-reply-hint">
            <Trans>Reply by e-mail</Trans>
          </a>
        </div>
        <p id="lead-reply-hint" className={page.mutedText}>
          <Trans>Opens your e-mail program with a subject and a greeting in the lead’s language ({language}).</Trans>
        </p>
      </Section>

      <Section id="lead-message-title" title={<Trans>Message</Trans>}>
        <p className={styles.message} lang={lead.locale === 'en' ? 'en' : 'es'}>
          {lead.message}
        </p>
      </Section>

      <Section id="lead-notes-title" title={<Trans>Internal notes</Trans>}>
        <Notes leadId={lead.id} />
      </Section>

      <Section id="lead-history-title" title={<Trans>History</Trans>}>
        <History lead={lead} />
      </Section>

      <Section id="lead-details-title" title={<Trans>Details</Trans>}>
        <dl className={page.details}>
          <Detail term={<Trans>Name</Trans>}>{lead.name}</Detail>
          <Detail term={<Trans>E-mail</Trans>}>
            <a href={mailtoHref(lead.email)}>{lead.email}</a>
          </Detail>
          <Detail term={<Trans>Company</Trans>}>{lead.company || <Trans>Not given</Trans>}</Detail>
          <Detail term={<Trans>Phone</Trans>}>
            {lead.phone ? (
              <a href={`tel:${lead.phone.replace(/[^+\d]/g, '')}`}>{lead.phone}</a>
            ) : (
              <Trans>Not given</Trans>
            )}
          </Detail>
          <Detail term={<Trans>Interest</Trans>}>
            {lead.interest ? labelOf(i18n, interestLabels, lead.interest) : <Trans>Not given</Trans>}
          </Detail>
          <Detail term={<Trans>Language</Trans>}>{language}</Detail>
          <Detail term={<Trans>Privacy notice accepted</Trans>}>{lead.privacy_accepted ? yes : no}</Detail>
          <Detail term={<Trans>Agreed to marketing e-mails</Trans>}>{lead.marketing_opt_in ? yes : no}</Detail>
          <Detail term={<Trans>Received</Trans>}>
            <time dateTime={lead.created_at}>{dateTime(lead.created_at)}</time>
          </Detail>
          <Detail term={<Trans>Last changed</Trans>}>
            <time dateTime={lead.updated_at}>{dateTime(lead.updated_at)}</time>
          </Detail>
          <Detail term={<Trans>Handled by</Trans>}>{handler ?? <Trans>Nobody yet</Trans>}</Detail>
        </dl>
      </Section>
    </div>
  )
}

function AssignmentForm({ lead }: { lead: Lead }) {
  const { t, i18n } = useLingui()
  const { data: staff } = useSuspenseQuery(staffQuery())
  const staffIds = new Set(staff.map((person) => person.id))
  const save = useSaveLead(lead.id)
  const [outcome, setOutcome] = useState<Outcome<MessageDescriptor> | null>(null)
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LeadInput>({
    values: {
      status: isLeadStatus(lead.status) ? lead.status : 'new',
      lostReason: lead.lost_reason ?? '',
      assigneeId: lead.assignee_id ?? '',
      followUpOn: lead.follow_up_on ?? '',
    },
    resolver: useRulesResolver((values: LeadInput) => checkLead(values, staffIds)),
  })
  const submit = handleSubmit(async (values) => {
    setOutcome(null)
    try {
      await save.mutateAsync(values)
      setOutcome({ tone: 'info', text: savedMessage })
    } catch (error) {
      const failure = leadFailure(error)
      if (failure.field === 'assigneeId' || failure.field === 'followUpOn')
        setError(failure.field, { message: i18n._(failure.message) })
      else setOutcome({ tone: 'error', text: failure.message })
    }
  })
  return (
    <form className={styles.statusForm} onSubmit={submit} noValidate>
      <OutcomeAlert outcome={outcome} />
      <SelectField
        label={t`Assignee`}
        options={[
          { value: '', label: t`Nobody` },
          ...staff.map((person) => ({ value: person.id, label: person.full_name || person.email || person.id })),
        ]}
        error={errors.assigneeId?.message}
        {...register('assigneeId')}
      />
      <Field
        type="date"
        label={t`Follow-up date`}
        hint={t`On that day the assignee gets a reminder.`}
        error={errors.followUpOn?.message}
        {...register('followUpOn')}
      />
      <button type="submit" className={layout.buttonSecondary} disabled={isSubmitting}>
        <Trans>Save assignee and date</Trans>
      </button>
    </form>
  )
}

function Notes({ leadId }: { leadId: string }) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const { data: notes } = useSuspenseQuery(leadNotesQuery(leadId))
  const [outcome, setOutcome] = useState<Outcome<MessageDescriptor> | null>(null)
  const add = useMutation({
    mutationFn: (body: string) => addLeadNote(leadId, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: leadKeys.notes(leadId) }),
  })
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<NoteInput>({
    defaultValues: { body: '' },
    resolver: useRulesResolver((values: NoteInput) => checkNote(values)),
  })
  const submit = handleSubmit(async (values) => {
    setOutcome(null)
    try {
      await add.mutateAsync(values.body)
      reset({ body: '' })
      setOutcome({ tone: 'info', text: noteAddedMessage })
    } catch (error) {
      const failure = leadFailure(error)
      if (failure.field === 'body') setError('body', { message: i18n._(failure.message) })
      else setOutcome({ tone: 'error', text: failure.message })
    }
  })
  return (
    <>
      <p className={page.mutedText}>
        <Trans>Only staff see these notes.</Trans>
      </p>
      <form className={styles.statusForm} onSubmit={submit} noValidate>
        <OutcomeAlert outcome={outcome} />
        <TextAreaField
          label={t`New note`}
          rows={3}
          maxLength={5000}
          error={errors.body?.message}
          {...register('body')}
        />
        <button type="submit" className={layout.buttonSecondary} disabled={isSubmitting}>
          <Trans>Add the note</Trans>
        </button>
      </form>
      {notes.length === 0 ? (
        <p className={page.mutedText}>
          <Trans>No notes yet.</Trans>
        </p>
      ) : (
        <ul className={page.plainList} data-testid="lead-notes">
          {notes.map((note) => {
            const author = personName(note.author) ?? t`A former staff member`
            const at = formatDateTime(note.created_at, i18n.locale)
            return (
              <li key={note.id} className={page.listItem}>
                <p className={styles.noteBody}>{note.body}</p>
                <p className={styles.cardMeta}>
                  <Trans>
                    {author}, <time dateTime={note.created_at}>{at}</time>
                  </Trans>
                </p>
              </li>
            )
          })}
        </ul>
      )}
    </>
  )
}

function History({ lead }: { lead: Lead }) {
  const { t, i18n } = useLingui()
  const { data: changes } = useSuspenseQuery(leadHistoryQuery(lead.id))
  const received = formatDateTime(lead.created_at, i18n.locale)
  return (
    <ol className={page.plainList} data-testid="lead-history" reversed>
      {changes.map((change) => {
        const who = personName(change.changer) ?? t`Someone no longer on the staff`
        const from = labelOf(i18n, leadStatusLabels, change.from_status)
        const to = labelOf(i18n, leadStatusLabels, change.to_status)
        const at = formatDateTime(change.changed_at, i18n.locale)
        return (
          <li key={change.id} className={page.listItem}>
            <span>
              <Trans>
                {who} moved it from {from} to {to}
              </Trans>
            </span>
            {change.lost_reason && (
              <span className={styles.cardMeta}>
                <Trans>Reason: {change.lost_reason}</Trans>
              </span>
            )}
            <time className={styles.cardMeta} dateTime={change.changed_at}>
              {at}
            </time>
          </li>
        )
      })}
      <li className={page.listItem}>
        <span>
          <Trans>Received through the contact form</Trans>
        </span>
        <time className={styles.cardMeta} dateTime={lead.created_at}>
          {received}
        </time>
      </li>
    </ol>
  )
}

function Conversion({ lead }: { lead: Lead }) {
  const { t, i18n } = useLingui()
  const lang = useLangPrefix()
  const queryClient = useQueryClient()
  const [outcome, setOutcome] = useState<Outcome<MessageDescriptor> | null>(null)
  const [converted, setConverted] = useState<string | null>(null)
  const organization = lead.organization as { id: string; name: string } | null
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ConversionInput>({
    defaultValues: { organizationName: lead.company?.trim() || lead.name.trim() },
    resolver: useRulesResolver((values: ConversionInput) => checkConversion(values)),
  })
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: leadKeys.all() }),
      queryClient.invalidateQueries({ queryKey: adminKeys.overview() }),
      queryClient.invalidateQueries({ queryKey: ['admin', 'organizations'] }),
    ])

  const invite = async (organizationId: string) => {
    try {
      await inviteLeadPerson(lead, organizationId)
      setOutcome({ tone: 'info', text: convertedAndInvitedMessage })
    } catch (error) {
      setOutcome({ tone: 'error', text: invitationFailureMessage(error) })
    }
  }

  const submit = handleSubmit(async (values) => {
    setOutcome(null)
    let organizationId: string
    try {
      organizationId = await convertLead(lead.id, values.organizationName)
    } catch (error) {
      const failure = leadFailure(error)
      if (failure.field === 'organizationName') setError('organizationName', { message: i18n._(failure.message) })
      else setOutcome({ tone: 'error', text: failure.message })
      return
    }
    setConverted(organizationId)
    await invite(organizationId)
    await refresh()
  })

  if (organization) {
    const name = organization.name
    const convertedOn = lead.converted_at ? formatDate(lead.converted_at, i18n.locale) : ''
    return (
      <>
        <OutcomeAlert outcome={outcome} />
        <p className={page.text}>
          {lead.converted_at ? (
            <Trans>
              This lead became the client organization{' '}
              <Link
                to="/{-$lang}/admin/dashboard/organizations/$organizationId"
                params={{ lang, organizationId: organization.id }}
              >
                {name}
              </Link>{' '}
              on <time dateTime={lead.converted_at}>{convertedOn}</time>.
            </Trans>
          ) : (
            <Trans>
              This lead became the client organization{' '}
              <Link
                to="/{-$lang}/admin/dashboard/organizations/$organizationId"
                params={{ lang, organizationId: organization.id }}
              >
                {name}
              </Link>
              .
            </Trans>
          )}
        </p>
        {converted && outcome?.tone === 'error' && (
          <div className={page.actions}>
            <button type="button" className={layout.buttonSecondary} onClick={() => void invite(converted)}>
              <Trans>Send the invitation again</Trans>
            </button>
          </div>
        )}
      </>
    )
  }
  if (lead.status !== 'qualified' && lead.status !== 'won') {
    return (
      <p className={page.mutedText}>
        <Trans>Once the lead is qualified, it can become a client organization here.</Trans>
      </p>
    )
  }
  const email = lead.email
  return (
    <form className={styles.statusForm} onSubmit={submit} noValidate>
      <OutcomeAlert outcome={outcome} />
      <p className={page.mutedText}>
        <Trans>
          Creates the organization in the lead’s language, marks the lead won and invites {email} as a client of it. The
          lead’s history stays linked from the organization.
        </Trans>
      </p>
      <Field
        label={t`Name of the organization`}
        maxLength={200}
        error={errors.organizationName?.message}
        {...register('organizationName')}
      />
      <button type="submit" className={layout.buttonPrimary} disabled={isSubmitting}>
        <Trans>Convert into a client organization</Trans>
      </button>
    </form>
  )
}
