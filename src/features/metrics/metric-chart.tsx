// One metric over time as an SVG line chart (d3-scale + d3-shape; React draws the elements).
// Screen readers get a one-sentence summary as the image's name; the figures themselves are in
// the table next to it. The chart is drawn at its real width, so labels stay readable at 375px.
import { scaleLinear, scaleTime } from 'd3-scale'
import { line } from 'd3-shape'
import { useLingui } from '@lingui/react/macro'
import { formatMetric, formatPeriodLabel, parseDate } from '@/lib/format'
import { ChartDateLabel, chartHeight, LineChartFrame, useChartWidth } from '@/components/ui/line-chart'
import * as styles from './metric-chart.css'

export interface ChartPoint {
  periodStart: string
  value: number
}

interface MetricChartProps {
  points: ChartPoint[]
  unit: string
  granularity: string
  target: number | null
  /** The accessible name: a sentence that summarises the series. */
  summary: string
}

const MARGIN = { top: 16, right: 20, bottom: 32, left: 64 }

export function MetricChart({ points, unit, granularity, target, summary }: MetricChartProps) {
  const { i18n } = useLingui()
  const [ref, width] = useChartWidth(480)
  const locale = i18n.locale

  const dates = points.map((point) => parseDate(point.periodStart))
  const values = points.map((point) => point.value)
  const low = Math.min(...values, ...(target === null ? [] : [target]))
  const high = Math.max(...values, ...(target === null ? [] : [target]))
  const pad = low === high ? Math.abs(low) * 0.1 || 1 : 0

  const first = dates[0] ?? new Date()
  const last = dates[dates.length - 1] ?? first
  const x = scaleTime()
    .domain(
      first.getTime() === last.getTime()
        ? [new Date(first.getTime() - 864e5 * 15), new Date(first.getTime() + 864e5 * 15)]
        : [first, last],
    )
    .range([MARGIN.left, width - MARGIN.right])
  const y = scaleLinear()
    .domain([Math.min(0, low - pad), high + pad])
    .nice(4)
    .range([chartHeight - MARGIN.bottom, MARGIN.top])

  const path =
    line<ChartPoint>()
      .x((point) => x(parseDate(point.periodStart)))
      .y((point) => y(point.value))(points) ?? ''

  // At most one x label per ~90px, always the first and the last period.
  const slots = Math.max(2, Math.floor((width - MARGIN.left - MARGIN.right) / 90))
  const step = Math.max(1, Math.ceil((points.length - 1) / (slots - 1)))
  const xLabels = points.filter((_, index) => index % step === 0 || index === points.length - 1)
  if (xLabels.length > 1) {
    const lastShown = xLabels[xLabels.length - 2]
    const lastPoint = points[points.length - 1]
    // drop the one before the end when it would collide with the last label
    if (lastShown && lastPoint && x(parseDate(lastPoint.periodStart)) - x(parseDate(lastShown.periodStart)) < 60) {
      xLabels.splice(xLabels.length - 2, 1)
    }
  }

  return (
    <LineChartFrame
      frameRef={ref}
      width={width}
      margin={MARGIN}
      summary={summary}
      y={y}
      ticks={y.ticks(4)}
      tickLabel={(tick) => formatMetric(tick, unit, locale, true)}
    >
      {xLabels.map((point, index) => (
        <ChartDateLabel
          key={point.periodStart}
          x={x(parseDate(point.periodStart))}
          anchor={index === 0 ? 'start' : index === xLabels.length - 1 ? 'end' : 'middle'}
        >
          {formatPeriodLabel(point.periodStart, granularity, locale, true)}
        </ChartDateLabel>
      ))}
      {target !== null && (
        <line className={styles.targetLine} x1={MARGIN.left} x2={width - MARGIN.right} y1={y(target)} y2={y(target)} />
      )}
      <path className={styles.line} d={path} />
      {points.map((point) => (
        <circle
          key={point.periodStart}
          className={styles.point}
          cx={x(parseDate(point.periodStart))}
          cy={y(point.value)}
          r={3.5}
        />
      ))}
    </LineChartFrame>
  )
}
