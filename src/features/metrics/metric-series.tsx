// A metric's rows grouped into a series, and the head of its card (title, latest value, chart):
// the portal's metric cards and the admin area's metrics page show the same thing. The chart and
// d3 (17 kB of gzip, a long task to evaluate on a phone) load after the page's first render, in
// the room the chart will take: a project page shows its text without waiting for them.
import { lazy, Suspense } from 'react'
import { Trans } from '@lingui/react/macro'
import { ChartPlaceholder } from '@/components/ui/line-chart'
import * as chart from './metric-chart.css'
import * as styles from '@/components/ui/page.css'

const MetricChart = lazy(() => import('./metric-chart').then((module) => ({ default: module.MetricChart })))

/** The columns of an analytics_metrics row that a series needs. */
export interface MetricRow {
  metric_key: string
  label_es: string
  label_en: string
  unit: string
  granularity: string
  target: number | null
  value: number
  period_start: string
}

export interface MetricSeries<R extends MetricRow = MetricRow> {
  key: string
  label: string
  unit: string
  granularity: string
  target: number | null
  rows: R[]
}

/** Rows (ordered by key, then period) grouped per metric, labelled in the active language. */
export function groupMetrics<R extends MetricRow>(rows: R[], locale: string): MetricSeries<R>[] {
  const series = new Map<string, MetricSeries<R>>()
  for (const row of rows) {
    let entry = series.get(row.metric_key)
    if (!entry) {
      entry = {
        key: row.metric_key,
        label: locale === 'es' ? row.label_es : row.label_en,
        unit: row.unit,
        granularity: row.granularity,
        target: null,
        rows: [],
      }
      series.set(row.metric_key, entry)
    }
    entry.rows.push(row)
    // the newest period's target is the one that applies now
    if (row.target !== null) entry.target = row.target
  }
  return [...series.values()]
}

/** A metric card's title, latest value and chart (the portal's card and the staff view share it). */
export function MetricCardHead({
  metric,
  latest,
  to,
  summary,
}: {
  metric: MetricSeries
  latest: string
  to: string
  summary: string
}) {
  return (
    <>
      <h3 className={styles.cardTitle}>{metric.label}</h3>
      <p className={chart.latest}>
        <span className={chart.latestValue}>{latest}</span>
        <span className={styles.mutedText}>
          <Trans>latest, {to}</Trans>
        </span>
      </p>
      <Suspense fallback={<ChartPlaceholder />}>
        <MetricChart
          points={metric.rows.map((row) => ({ periodStart: row.period_start, value: row.value }))}
          unit={metric.unit}
          granularity={metric.granularity}
          target={metric.target}
          summary={summary}
        />
      </Suspense>
    </>
  )
}
