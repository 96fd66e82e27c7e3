// One metric over time as an SVG line chart (d3-scale + d3-shape; React draws the elements).
// Screen readers get a one-sentence summary as the image's name; the figures themselves are in
// the table next to it. The chart is drawn at its real width, so labels stay readable at 375px.
import { useLayoutEffect, useRef, useState } from 'react'
import { scaleLinear, scaleTime } from 'd3-scale'
import { line } from 'd3-shape'
import { useLingui } from '@lingui/react/macro'
import { formatMetric, formatPeriodLabel, parseDate } from '@/lib/format'
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

const HEIGHT = 220
const MARGIN = { top: 16, right: 20, bottom: 32, left: 64 }

function useWidth(initial: number) {
  const ref = useRef<HTMLDivElement>(null)
  const [width, setWidth] = useState(initial)
  useLayoutEffect(() => {
    const element = ref.current
    if (!element) return
    const measure = () => setWidth(Math.max(240, Math.round(element.getBoundingClientRect().width)))
    measure()
    if (typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(measure)
    observer.observe(element)
    return () => observer.disconnect()
  }, [])
  return [ref, width] as const
}

export function MetricChart({ points, unit, granularity, target, summary }: MetricChartProps) {
  const { i18n } = useLingui()
  const [ref, width] = useWidth(480)
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
    .range([HEIGHT - MARGIN.bottom, MARGIN.top])

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
    <div ref={ref} className={styles.frame}>
      <svg
        className={styles.svg}
        role="img"
        aria-label={summary}
        width={width}
        height={HEIGHT}
        viewBox={`0 0 ${width} ${HEIGHT}`}
      >
        {y.ticks(4).map((tick) => (
          <g key={tick}>
            <line className={styles.grid} x1={MARGIN.left} x2={width - MARGIN.right} y1={y(tick)} y2={y(tick)} />
            <text className={styles.axisText} x={MARGIN.left - 8} y={y(tick)} dy="0.32em" textAnchor="end">
              {formatMetric(tick, unit, locale, true)}
            </text>
          </g>
        ))}
        {xLabels.map((point, index) => (
          <text
            key={point.periodStart}
            className={styles.axisText}
            x={x(parseDate(point.periodStart))}
            y={HEIGHT - 8}
            textAnchor={index === 0 ? 'start' : index === xLabels.length - 1 ? 'end' : 'middle'}
          >
            {formatPeriodLabel(point.periodStart, granularity, locale, true)}
          </text>
        ))}
        {target !== null && (
          <line
            className={styles.targetLine}
            x1={MARGIN.left}
            x2={width - MARGIN.right}
            y1={y(target)}
            y2={y(target)}
          />
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
      </svg>
    </div>
  )
}
