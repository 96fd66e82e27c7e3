// The lead pipeline: a board with a column per status (new → lost; stacked on a phone) or a list
// (?view=list), filtered by status (?status=…) and to the reader's own leads (?mine=1). Each card
// has a status control, so a lead moves between columns by keyboard; each name opens the lead.
import { useState, type ReactNode } from 'react'
import { useSuspenseQuery } from '@tanstack/react-query'
import { getRouteApi, Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { useLangPrefix } from '@/lib/use-lang'
import { useProfile } from '@/lib/auth/use-auth'
import { formatDate } from '@/lib/format'
import { labelOf } from '@/lib/labels'
import { useFocusWhenShown } from '@/lib/use-focus-when-shown'
import { FormAlert } from '@/components/form/form-alert'
import { EmptyState, PageHeader } from '@/components/ui/page-kit'
import * as page from '@/components/ui/page.css'
import { DataTable } from '@/components/ui/data-table'
import { useColumnKit } from '@/components/ui/columns'
import { LeadStatusBadge } from './lead-status'
import { LeadStatusForm, StatusChanged } from './lead-status-form'
import { interestLabels, leadStatusLabels } from './labels'
import { leadsQuery, type LeadListItem } from './queries'
import { leadStatuses, type LeadStatus, type LeadsSearch } from './search'
import * as styles from './leads.css'

const route = getRouteApi('/{-$lang}/_app/admin/dashboard/leads/')

type Person = { full_name: string; email: string | null } | null

function personName(person: unknown): string | null {
  const p = person as Person
  return p ? p.full_name || p.email : null
}

/** Today as YYYY-MM-DD in the reader's time zone: a follow-up on or before it is due. */
function today(): string {
  const now = new Date()
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`
}

export function LeadsPage() {
  const { t, i18n } = useLingui()
  const profile = useProfile()
  const search = route.useSearch()
  const { status, view, mine } = search
  const { data: all } = useSuspenseQuery(leadsQuery())
  const [moved, setMoved] = useState<{ name: string; status: string; at: number } | null>(null)
  const movedRef = useFocusWhenShown(moved)

  const scoped = mine ? all.filter((lead) => lead.assignee_id === profile.id) : all
  const counts = Object.fromEntries(
    leadStatuses.map((code) => [code, scoped.filter((lead) => lead.status === code).length]),
  ) as Record<LeadStatus, number>
  const leads = status ? scoped.filter((lead) => lead.status === status) : scoped
  const keep = (next: LeadsSearch): LeadsSearch => ({
    ...(next.status ? { status: next.status } : {}),
    ...(next.view ? { view: next.view } : {}),
    ...(next.mine ? { mine: next.mine } : {}),
  })
  const filters: { search: LeadsSearch; label: string; count: number; key: string }[] = [
    { key: 'all', search: keep({ view, mine }), label: t`All`, count: scoped.length },
    ...leadStatuses.map((code) => ({
      key: code,
      search: keep({ status: code, view, mine }),
      label: i18n._(leadStatusLabels[code]),
      count: counts[code],
    })),
  ]
  const shownLabel = status ? i18n._(leadStatusLabels[status]) : t`All`

  return (
    <div className={page.page}>
      <PageHeader
        title={<Trans>Leads</Trans>}
        lead={
          <>
            <Trans>
              Messages from the contact form, as a sales pipeline. Move a lead with its status control, or open it to
              assign it, add notes and convert it into a client organization.
            </Trans>
          </>
        }
      />
      <nav aria-label={t`How to show the leads`}>
        <ul className={styles.statusList}>
          <li>
            <LeadsLink search={keep({ status, mine })} testId="leads-view-board">
              <Trans>Board</Trans>
            </LeadsLink>
          </li>
          <li>
            <LeadsLink search={keep({ status, mine, view: 'list' })} testId="leads-view-list">
              <Trans>List</Trans>
            </LeadsLink>
          </li>
          <li>
            <LeadsLink
              search={keep({ status, view, mine: mine ? undefined : 1 })}
              testId="leads-mine"
              toggled={Boolean(mine)}
            >
              {mine ? <Trans>Showing only mine: show everyone’s</Trans> : <Trans>Only mine</Trans>}
            </LeadsLink>
          </li>
        </ul>
      </nav>
      <nav aria-label={t`Filter leads by status`}>
        <ul className={styles.statusList}>
          {filters.map((filter) => (
            <li key={filter.key}>
              <LeadsLink search={filter.search} testId={`leads-filter-${filter.key}`}>
                {filter.label}
                <span className={styles.count}>({i18n.number(filter.count)})</span>
              </LeadsLink>
            </li>
          ))}
        </ul>
      </nav>
      {moved && (
        <FormAlert ref={movedRef} tone="info">
          <StatusChanged name={moved.name} status={moved.status} />
        </FormAlert>
      )}
      {leads.length === 0 ? (
        <EmptyState>
          <Trans>There are no leads here.</Trans>
        </EmptyState>
      ) : view === 'list' ? (
        <LeadsList leads={leads} caption={shownLabel} />
      ) : (
        <div className={styles.board} data-testid="leads-board">
          {(status ? [status] : leadStatuses).map((code) => (
            <BoardColumn
              key={code}
              status={code}
              leads={leads.filter((lead) => lead.status === code)}
              onMoved={(lead, to) => setMoved({ name: lead.name, status: to, at: Date.now() })}
            />
          ))}
        </div>
      )}
    </div>
  )
}

/**
 * A link of the page's view and filter bars: to this page with other search params, shown as
 * current when they are the page's (a view, a status), or when its toggle is on (only mine).
 */
function LeadsLink({
  search,
  testId,
  toggled,
  children,
}: {
  search: LeadsSearch
  testId: string
  /** A toggle's state: current while on, instead of when its params are the page's. */
  toggled?: boolean
  children: ReactNode
}) {
  const lang = useLangPrefix()
  return (
    <Link
      to="/{-$lang}/admin/dashboard/leads"
      params={{ lang }}
      search={search}
      {...(toggled === undefined
        ? { activeOptions: { exact: true, includeSearch: true } }
        : { 'aria-current': toggled ? 'true' : undefined })}
      className={styles.statusLink}
      data-testid={testId}
    >
      {children}
    </Link>
  )
}

function BoardColumn({
  status,
  leads,
  onMoved,
}: {
  status: LeadStatus
  leads: LeadListItem[]
  onMoved: (lead: LeadListItem, status: string) => void
}) {
  const { i18n } = useLingui()
  const label = i18n._(leadStatusLabels[status])
  const count = i18n.number(leads.length)
  const titleId = `leads-column-${status}`
  return (
    <section className={styles.column} aria-labelledby={titleId} data-testid={`leads-column-${status}`}>
      <h2 id={titleId} className={styles.columnTitle}>
        <Trans>
          {label} ({count})
        </Trans>
      </h2>
      {leads.length === 0 ? (
        <p className={page.mutedText}>
          <Trans>None.</Trans>
        </p>
      ) : (
        <ul className={styles.cardList}>
          {leads.map((lead) => (
            <li key={lead.id}>
              <LeadCard lead={lead} onMoved={(to) => onMoved(lead, to)} />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

function LeadCard({ lead, onMoved }: { lead: LeadListItem; onMoved: (status: string) => void }) {
  const { i18n } = useLingui()
  const lang = useLangPrefix()
  const assignee = personName(lead.assignee)
  const followUp = lead.follow_up_on
  const due = followUp !== null && followUp <= today() && lead.status !== 'won' && lead.status !== 'lost'
  return (
    <article className={styles.card} data-testid="lead-card" aria-label={lead.name}>
      <Link to="/{-$lang}/admin/dashboard/leads/$leadId" params={{ lang, leadId: lead.id }} className={page.itemTitle}>
        {lead.name}
      </Link>
      {lead.company && <p className={styles.cardMeta}>{lead.company}</p>}
      <p className={styles.cardMeta}>
        {assignee ? <Trans>Assigned to {assignee}</Trans> : <Trans>Not assigned</Trans>}
      </p>
      {followUp && (
        <p className={due ? page.overdue : styles.cardMeta}>
          <Trans>
            Follow up: <time dateTime={followUp}>{formatDate(followUp, i18n.locale)}</time>
          </Trans>
        </p>
      )}
      <LeadStatusForm lead={lead} compact onMoved={onMoved} />
    </article>
  )
}

function LeadsList({ leads, caption }: { leads: LeadListItem[]; caption: string }) {
  const { t, i18n } = useLingui()
  const kit = useColumnKit<LeadListItem>()
  const lang = useLangPrefix()
  return (
    <DataTable
      caption={<Trans>Leads: {caption}</Trans>}
      rows={leads}
      rowAttributes={() => ({ 'data-testid': 'lead-row' })}
      columns={[
        kit.name((lead) => (
          <>
            <Link
              to="/{-$lang}/admin/dashboard/leads/$leadId"
              params={{ lang, leadId: lead.id }}
              className={page.itemTitle}
            >
              {lead.name}
            </Link>
            <div className={page.mutedText}>{lead.email}</div>
          </>
        )),
        { key: 'company', header: t`Company`, cell: (lead) => lead.company ?? '' },
        {
          key: 'interest',
          header: t`Interest`,
          cell: (lead) => (lead.interest ? labelOf(i18n, interestLabels, lead.interest) : ''),
        },
        { key: 'status', header: t`Status`, cell: (lead) => <LeadStatusBadge status={lead.status} /> },
        { key: 'assignee', header: t`Assignee`, cell: (lead) => personName(lead.assignee) ?? '' },
        {
          key: 'follow-up',
          header: t`Follow up`,
          nowrap: true,
          cell: (lead) =>
            lead.follow_up_on ? (
              <time dateTime={lead.follow_up_on}>{formatDate(lead.follow_up_on, i18n.locale)}</time>
            ) : (
              ''
            ),
        },
        {
          key: 'received',
          header: t`Received`,
          nowrap: true,
          cell: (lead) => <time dateTime={lead.created_at}>{formatDate(lead.created_at, i18n.locale)}</time>,
        },
      ]}
    />
  )
}
