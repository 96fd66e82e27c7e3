// A project's metrics: one card per metric_key with its latest value, a line chart over time
// (with the target when there is one) and the same figures in a table that a button shows.
import { useId, useState } from 'react'
import { useSuspenseQuery } from '@tanstack/react-query'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useProfile } from '@/lib/auth/use-auth'
import { formatMetric, formatPeriodLabel } from '@/lib/format'
import { groupMetrics, MetricCardHead, type MetricSeries } from '@/features/metrics/metric-series'
import { EmptyState } from '@/components/ui/page-kit'
import { projectMetricsQuery, type PortalMetric } from '@/features/metrics/portal/queries'
import { ChartLegend } from '@/components/ui/line-chart'
import * as chart from '@/features/metrics/metric-chart.css'
import * as styles from '@/components/ui/page.css'
import { DataTable } from '@/components/ui/data-table'
import { actionName } from '@/lib/action-name'

/** metric_key → label in the active language, for the activity timeline. */
export function useMetricLabels(projectId: string): Record<string, string> {
  const { i18n } = useLingui()
  const profile = useProfile()
  const { data } = useSuspenseQuery(projectMetricsQuery(profile.id, projectId))
  return Object.fromEntries(groupMetrics(data, i18n.locale).map((series) => [series.key, series.label]))
}

export function MetricsSection({ projectId }: { projectId: string }) {
  const { i18n } = useLingui()
  const profile = useProfile()
  const { data } = useSuspenseQuery(projectMetricsQuery(profile.id, projectId))
  const series = groupMetrics(data, i18n.locale)

  if (series.length === 0) {
    return (
      <EmptyState>
        <Trans>No metrics have been shared for this project yet.</Trans>
      </EmptyState>
    )
  }
  return (
    <ul className={chart.metricList}>
      {series.map((metric) => (
        <MetricCard key={metric.key} metric={metric} />
      ))}
    </ul>
  )
}

function MetricCard({ metric }: { metric: MetricSeries<PortalMetric> }) {
  const { t, i18n } = useLingui()
  const locale = i18n.locale
  const [showTable, setShowTable] = useState(false)
  const tableId = useId()

  const rows = metric.rows
  const latestRow = rows[rows.length - 1]
  const firstRow = rows[0]
  if (!latestRow || !firstRow) return null

  const format = (value: number) => formatMetric(value, metric.unit, locale)
  const values = rows.map((row) => row.value)
  const label = metric.label
  const count = rows.length
  const from = formatPeriodLabel(firstRow.period_start, metric.granularity, locale)
  const to = formatPeriodLabel(latestRow.period_start, metric.granularity, locale)
  const latest = format(latestRow.value)
  const lowest = format(Math.min(...values))
  const highest = format(Math.max(...values))
  const target = metric.target === null ? null : format(metric.target)
  const summary =
    target === null
      ? i18n._(
          msg`${label}: ${count} values from ${from} to ${to}, between ${lowest} and ${highest}. Latest value: ${latest}.`,
        )
      : i18n._(
          msg`${label}: ${count} values from ${from} to ${to}, between ${lowest} and ${highest}. Latest value: ${latest}. Target: ${target}.`,
        )
  const hasNotes = rows.some((row) => row.notes)

  return (
    <li className={styles.card} data-metric={metric.key}>
      <MetricCardHead metric={metric} latest={latest} to={to} summary={summary} />
      <ChartLegend
        lines={[
          { swatch: 'solid', label: <Trans>Value</Trans> },
          target !== null && { swatch: 'dashed', label: <Trans>Target: {target}</Trans> },
        ]}
      />
      <div>
        <button
          type="button"
          className={styles.smallButton}
          aria-expanded={showTable}
          aria-controls={tableId}
          aria-label={actionName(i18n, i18n._(showTable ? msg`Hide the figures` : msg`Show the figures`), label)}
          onClick={() => setShowTable((open) => !open)}
        >
          {showTable ? <Trans>Hide the figures</Trans> : <Trans>Show the figures</Trans>}
        </button>
      </div>
      <DataTable
        id={tableId}
        hidden={!showTable}
        layout="scroll"
        regionLabel={i18n._(msg`Figures of ${label}`)}
        caption={<Trans>{label} by period</Trans>}
        showCaption
        rows={rows}
        columns={[
          {
            key: 'period',
            header: t`Period`,
            rowHeader: true,
            cell: (row) => formatPeriodLabel(row.period_start, metric.granularity, locale),
          },
          { key: 'value', header: t`Value`, numeric: true, cell: (row) => format(row.value) },
          {
            key: 'target',
            header: t`Target`,
            numeric: true,
            cell: (row) => (row.target === null ? '—' : format(row.target)),
          },
          hasNotes && { key: 'notes', header: t`Notes`, cell: (row) => row.notes },
        ]}
      />
    </li>
  )
}
