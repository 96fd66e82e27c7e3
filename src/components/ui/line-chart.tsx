// The frame both line charts draw in (a metric over time, the plan's burn-down): an SVG drawn at
// the frame's real width, so labels stay readable at 375px, named by a sentence that summarises
// it, with the value axis's grid lines and labels; each chart draws its lines and dates inside.
// Its legend names each line by the way it is drawn (solid, dashed), so they differ without colour.
import { useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react'
import { flushSync } from 'react-dom'
import * as chart from './chart.css'

/** The charts' height (one definition, beside the styles that keep its room while a chart loads). */
export { chartHeight } from './chart.css'

export interface ChartMargin {
  top: number
  right: number
  bottom: number
  left: number
}

/** The frame's width, measured, and followed when it changes (never under 240px). */
export function useChartWidth(initial: number) {
  const ref = useRef<HTMLDivElement>(null)
  const [width, setWidth] = useState(initial)
  useLayoutEffect(() => {
    const element = ref.current
    if (!element) return
    const measure = () => setWidth(Math.max(240, Math.round(element.getBoundingClientRect().width)))
    if (typeof ResizeObserver === 'undefined') {
      measure()
      return
    }
    // The observer answers first with the browser's own layout, before the paint. Measuring here
    // instead forced the whole new page's layout into React's commit: one long task on a phone.
    // flushSync: the chart is drawn at its width in that same frame, never at the guess.
    const observer = new ResizeObserver(() => flushSync(measure))
    observer.observe(element)
    return () => observer.disconnect()
  }, [])
  return [ref, width] as const
}

interface LineChartFrameProps {
  frameRef: RefObject<HTMLDivElement | null>
  width: number
  margin: ChartMargin
  /** The accessible name: a sentence that summarises the chart. */
  summary: string
  /** The value axis: its scale, the values it marks and how each is written. */
  y: (value: number) => number
  ticks: number[]
  tickLabel: (tick: number) => string
  children: ReactNode
}

export function LineChartFrame({
  frameRef,
  width,
  margin,
  summary,
  y,
  ticks,
  tickLabel,
  children,
}: LineChartFrameProps) {
  return (
    <div ref={frameRef} className={chart.frame}>
      <svg
        className={chart.svg}
        role="img"
        aria-label={summary}
        width={width}
        height={chart.chartHeight}
        viewBox={`0 0 ${width} ${chart.chartHeight}`}
      >
        {ticks.map((tick) => (
          <g key={tick}>
            <line className={chart.grid} x1={margin.left} x2={width - margin.right} y1={y(tick)} y2={y(tick)} />
            <text className={chart.axisText} x={margin.left - 8} y={y(tick)} dy="0.32em" textAnchor="end">
              {tickLabel(tick)}
            </text>
          </g>
        ))}
        {children}
      </svg>
    </div>
  )
}

/** A date under the chart. */
export function ChartDateLabel({
  x,
  anchor,
  children,
}: {
  x: number
  anchor: 'start' | 'middle' | 'end'
  children: ReactNode
}) {
  return (
    <text className={chart.axisText} x={x} y={chart.chartHeight - 8} textAnchor={anchor}>
      {children}
    </text>
  )
}

/** The legend: each line's name beside a swatch drawn as the line is (`solid` or `dashed`). */
export function ChartLegend({
  lines,
}: {
  lines: readonly (false | { swatch: 'solid' | 'dashed'; label: ReactNode })[]
}) {
  return (
    <ul className={chart.legend}>
      {lines.map(
        (line, index) =>
          line && (
            <li key={index} className={chart.legendItem}>
              <span className={line.swatch === 'solid' ? chart.swatchSolid : chart.swatchDashed} aria-hidden="true" />
              {line.label}
            </li>
          ),
      )}
    </ul>
  )
}

/** Where a chart will be, at its height, while its code loads (a lazy chart's Suspense fallback). */
export function ChartPlaceholder() {
  return (
    <div className={chart.frame}>
      <div className={chart.placeholder} />
    </div>
  )
}
