// One lead: everything the visitor sent (with their consent flags and language), when, and who
// handled it; buttons that move its status (new → in progress → closed, and reopen); and a
// "Reply by e-mail" link that opens the reader's mail program with a subject and a greeting in
// the lead's language. A refused change (the database decides) is said in the reader's language.
import { useState, type ReactNode } from 'react'
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { getRouteApi, Link } from '@tanstack/react-router'
import type { MessageDescriptor } from '@lingui/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { FormAlert } from '@/components/form/field'
import * as layout from '@/components/ui/layout.css'
import { useLangPrefix } from '@/lib/use-lang'
import { useFocusWhenShown } from '@/lib/use-focus-when-shown'
import { formatDateTime } from '@/lib/format'
import { labelOf } from '@/lib/labels'
import { mailtoHref } from '@/lib/email-address'
import * as page from '@/components/ui/page.css'
import { adminKeys } from '@/lib/query-keys'
import { interestLabels, leadStatusLabels, localeNames } from './labels'
import { LeadStatusBadge } from './lead-status'
import { leadFailureMessage, leadKeys, leadQuery, updateLeadStatus, type Lead } from './queries'
import { replyHref } from './reply'
import { isLeadStatus, type LeadStatus } from './search'
import * as styles from './leads.css'

const route = getRouteApi('/{-$lang}/_app/admin/dashboard/leads/$leadId')

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
    <div className={page.page}>
      <BackLink />
      <h1 className={page.pageTitle}>
        <Trans>Lead not found</Trans>
      </h1>
      <p className={page.text}>
        <Trans>This message does not exist or has been deleted.</Trans>
      </p>
    </div>
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

function useLeadStatus(leadId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (status: LeadStatus) => updateLeadStatus(leadId, status),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: leadKeys.all() }),
        queryClient.invalidateQueries({ queryKey: adminKeys.overview() }),
      ]),
  })
}

type Outcome = { kind: 'done'; status: LeadStatus } | { kind: 'failed'; message: MessageDescriptor }

function LeadDetails({ lead }: { lead: Lead }) {
  const { t, i18n } = useLingui()
  const mutation = useLeadStatus(lead.id)
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  const outcomeRef = useFocusWhenShown(outcome)
  const yes = t`Yes`
  const no = t`No`
  const dateTime = (value: string) => formatDateTime(value, i18n.locale)
  const handler = lead.handler as { full_name: string; email: string | null } | null
  const language = labelOf(i18n, localeNames, lead.locale)
  const status = isLeadStatus(lead.status) ? lead.status : 'new'

  async function change(next: LeadStatus) {
    setOutcome(null)
    try {
      await mutation.mutateAsync(next)
      setOutcome({ kind: 'done', status: next })
    } catch (error) {
      setOutcome({ kind: 'failed', message: leadFailureMessage(error) })
    }
  }

  // Each says what it does to the lead ("Close" alone read as closing the page).
  const actions: { to: LeadStatus; label: string }[] =
    status === 'new'
      ? [
          { to: 'in_progress', label: t`Mark in progress` },
          { to: 'closed', label: t`Mark as closed` },
        ]
      : status === 'in_progress'
        ? [{ to: 'closed', label: t`Mark as closed` }]
        : [{ to: 'in_progress', label: t`Reopen the lead` }]

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
      </div>

      <section className={page.section} aria-labelledby="lead-actions-title">
        <h2 id="lead-actions-title" className={page.sectionTitle}>
          <Trans>Answer and record</Trans>
        </h2>
        {outcome && (
          <FormAlert ref={outcomeRef} tone={outcome.kind === 'failed' ? 'error' : 'info'}>
            {outcome.kind === 'failed' ? i18n._(outcome.message) : <StatusChanged status={outcome.status} />}
          </FormAlert>
        )}
        <div className={page.actions}>
          <a className={layout.buttonPrimary} href={replyHref(lead)} aria-describedby="lead-reply-hint">
            <Trans>Reply by e-mail</Trans>
          </a>
          {actions.map((action) => (
            <button
              key={action.to}
              type="button"
              className={layout.buttonSecondary}
              disabled={mutation.isPending}
              onClick={() => void change(action.to)}
            >
              {action.label}
            </button>
          ))}
        </div>
        <p id="lead-reply-hint" className={page.mutedText}>
          <Trans>Opens your e-mail program with a subject and a greeting in the lead’s language ({language}).</Trans>
        </p>
      </section>

      <section className={page.section} aria-labelledby="lead-message-title">
        <h2 id="lead-message-title" className={page.sectionTitle}>
          <Trans>Message</Trans>
        </h2>
        <p className={styles.message} lang={lead.locale === 'en' ? 'en' : 'es'}>
          {lead.message}
        </p>
      </section>

      <section className={page.section} aria-labelledby="lead-details-title">
        <h2 id="lead-details-title" className={page.sectionTitle}>
          <Trans>Details</Trans>
        </h2>
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
          <Detail term={<Trans>Handled by</Trans>}>
            {handler ? handler.full_name || handler.email : <Trans>Nobody yet</Trans>}
          </Detail>
        </dl>
      </section>
    </div>
  )
}

function StatusChanged({ status }: { status: LeadStatus }) {
  const { i18n } = useLingui()
  const name = i18n._(leadStatusLabels[status])
  return <Trans>The lead is now: {name}.</Trans>
}
