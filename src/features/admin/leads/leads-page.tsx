// The contact form's leads: counts per status as filter links (?status=…), then the list, newest
// first; each name opens the lead.
import { useId } from 'react'
import { useSuspenseQuery } from '@tanstack/react-query'
import { getRouteApi, Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import * as layout from '@/components/ui/layout.css'
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
import { TableScroll } from '@/components/ui/table-scroll'

const route = getRouteApi('/{-$lang}/_app/admin/dashboard/leads/')

export function LeadsPage() {
  const { t, i18n } = useLingui()
  const lang = useLangPrefix()
  const { status } = route.useSearch()
  const { data: counts } = useSuspenseQuery(leadCountsQuery())
  const { data: leads } = useSuspenseQuery(leadsListQuery(status ?? null))
  const captionId = useId()
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
        <TableScroll labelledBy={captionId}>
          <table className={page.table}>
            <caption id={captionId} className={layout.visuallyHidden}>
              <Trans>Leads: {shownLabel}</Trans>
            </caption>
            <thead>
              <tr>
                <th scope="col" className={page.th}>
                  <Trans>Name</Trans>
                </th>
                <th scope="col" className={page.th}>
                  <Trans>Company</Trans>
                </th>
                <th scope="col" className={page.th}>
                  <Trans>Interest</Trans>
                </th>
                <th scope="col" className={page.th}>
                  <Trans>Status</Trans>
                </th>
                <th scope="col" className={page.th}>
                  <Trans>Language</Trans>
                </th>
                <th scope="col" className={page.th}>
                  <Trans>Received</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {leads.map((lead) => (
                <tr key={lead.id} data-testid="lead-row">
                  <th scope="row" className={page.rowHeader}>
                    <Link
                      to="/{-$lang}/admin/dashboard/leads/$leadId"
                      params={{ lang, leadId: lead.id }}
                      className={page.itemTitle}
                    >
                      {lead.name}
                    </Link>
                    <div className={page.mutedText}>{lead.email}</div>
                  </th>
                  <td className={page.td}>{lead.company ?? ''}</td>
                  <td className={page.td}>{lead.interest ? labelOf(i18n, interestLabels, lead.interest) : ''}</td>
                  <td className={page.td}>
                    <LeadStatusBadge status={lead.status} />
                  </td>
                  <td className={page.td}>{labelOf(i18n, localeNames, lead.locale)}</td>
                  <td className={`${page.td} ${page.nowrap}`}>
                    <time dateTime={lead.created_at}>{formatDate(lead.created_at, i18n.locale)}</time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </div>
  )
}
