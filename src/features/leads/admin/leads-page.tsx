// The contact form's leads: counts per status as filter links (?status=…), then the list, newest
// first; each name opens the lead.
import { useSuspenseQuery } from '@tanstack/react-query'
import { getRouteApi, Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { useLangPrefix } from '@/lib/use-lang'
import { formatDate } from '@/lib/format'
import { labelOf } from '@/lib/labels'
import { EmptyState } from '@/components/ui/page-kit'
import * as page from '@/components/ui/page.css'
import { LeadStatusBadge } from './lead-status'
import { interestLabels, leadStatusLabels, localeNames } from './labels'
import { leadCountsQuery, leadsListQuery } from './queries'
import { leadStatuses, type LeadsSearch } from './search'
import * as styles from './leads.css'
import { DataTable } from '@/components/ui/data-table'

const route = getRouteApi('/{-$lang}/_app/admin/dashboard/leads/')

export function LeadsPage() {
  const { t, i18n } = useLingui()
  const lang = useLangPrefix()
  const { status } = route.useSearch()
  const { data: counts } = useSuspenseQuery(leadCountsQuery())
  const { data: leads } = useSuspenseQuery(leadsListQuery(status ?? null))
  const total = counts.new + counts.in_progress + counts.closed
  const filters: { search: LeadsSearch; label: string; count: number; key: string }[] = [
    { key: 'all', search: {}, label: t`All`, count: total },
    ...leadStatuses.map((code) => ({
      key: code,
      search: { status: code },
      label: i18n._(leadStatusLabels[code]),
      count: counts[code],
    })),
  ]
  const shownLabel = status ? i18n._(leadStatusLabels[status]) : t`All`

  return (
    <div className={page.page}>
      <div className={page.pageHeader}>
        <h1 className={page.pageTitle}>
          <Trans>Leads</Trans>
        </h1>
        <p className={page.lead}>
          <Trans>Messages from the contact form. Open one to answer it and to record its status.</Trans>
        </p>
      </div>
      <nav aria-label={t`Filter leads by status`}>
        <ul className={styles.statusList}>
          {filters.map((filter) => (
            <li key={filter.key}>
              <Link
                to="/{-$lang}/admin/dashboard/leads"
                params={{ lang }}
                search={filter.search}
                activeOptions={{ exact: true, includeSearch: true }}
                className={styles.statusLink}
                data-testid={`leads-filter-${filter.key}`}
              >
                {filter.label}
                <span className={styles.count}>({i18n.number(filter.count)})</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {leads.length === 0 ? (
        <EmptyState>
          <Trans>There are no leads with this status.</Trans>
        </EmptyState>
      ) : (
        <DataTable
          caption={<Trans>Leads: {shownLabel}</Trans>}
          rows={leads}
          rowKey={(lead) => lead.id}
          rowAttributes={() => ({ 'data-testid': 'lead-row' })}
          columns={[
            {
              key: 'name',
              header: t`Name`,
              rowHeader: true,
              cell: (lead) => (
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
              ),
            },
            { key: 'company', header: t`Company`, cell: (lead) => lead.company ?? '' },
            {
              key: 'interest',
              header: t`Interest`,
              cell: (lead) => (lead.interest ? labelOf(i18n, interestLabels, lead.interest) : ''),
            },
            { key: 'status', header: t`Status`, cell: (lead) => <LeadStatusBadge status={lead.status} /> },
            { key: 'language', header: t`Language`, cell: (lead) => labelOf(i18n, localeNames, lead.locale) },
            {
              key: 'received',
              header: t`Received`,
              nowrap: true,
              cell: (lead) => <time dateTime={lead.created_at}>{formatDate(lead.created_at, i18n.locale)}</time>,
            },
          ]}
        />
      )}
    </div>
  )
}
