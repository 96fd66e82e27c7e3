// A project's plan as both areas show it: the totals (hours and budget planned and used), the
// timeline (an ordered list of phases, each with its dates, status, use and milestones; the bar
// on the plan's dates is decorative, everything it shows is in the text) and the burn-down (an
// SVG whose accessible name sums it up; the figures are in the totals and the timeline).
import { scaleLinear, scaleTime } from 'd3-scale'
import { line } from 'd3-shape'
import { Trans, useLingui } from '@lingui/react/macro'
import { formatDate, formatMetric, formatPercent, parseDate, todayIso } from '@/lib/format'
import { labelOf } from '@/lib/labels'
import * as page from '@/components/ui/page.css'
import { ChartDateLabel, chartHeight, ChartLegend, LineChartFrame, useChartWidth } from '@/components/ui/line-chart'
import { phaseStatusLabels, phaseStatusTone } from './labels'
import {
  burndown,
  milestonesOf,
  planTotals,
  shareUsed,
  sortPhases,
  usedByPhase,
  type BurnPoint,
  type PlanMilestone,
  type PlanPhase,
  type UsageRow,
} from './plan-model'
import * as styles from './plan.css'

const hours = (value: number, locale: string) => formatMetric(value, 'hours', locale)
const euros = (value: number, locale: string) => formatMetric(value, 'EUR', locale)

/** "85 h of 200 h (43%)", or what was used alone when nothing was planned. */
function UseOf({ used, planned, format }: { used: number; planned: number | null; format: 'hours' | 'budget' }) {
  const { i18n } = useLingui()
  const show = format === 'hours' ? hours : euros
  const usedText = show(used, i18n.locale)
  const share = shareUsed(used, planned)
  if (share === null) return <Trans>{usedText} used</Trans>
  const plannedText = show(planned!, i18n.locale)
  const percent = formatPercent(Math.round(share * 100), i18n.locale)
  return (
    <Trans>
      {usedText} of {plannedText} ({percent})
    </Trans>
  )
}

export function PlanSummary({ phases, usage }: { phases: PlanPhase[]; usage: UsageRow[] }) {
  const totals = planTotals(phases, usage)
  return (
    <dl className={styles.totals} data-testid="plan-totals">
      <div className={styles.total}>
        <dt className={styles.totalTerm}>
          <Trans>Hours used</Trans>
        </dt>
        <dd className={styles.totalValue}>
          <UseOf used={totals.usedHours} planned={totals.plannedHours || null} format="hours" />
        </dd>
      </div>
      {totals.plannedBudget > 0 && (
        <div className={styles.total}>
          <dt className={styles.totalTerm}>
            <Trans>Budget used</Trans>
          </dt>
          <dd className={styles.totalValue}>
            <UseOf used={totals.usedAmount} planned={totals.plannedBudget} format="budget" />
          </dd>
        </div>
      )}
    </dl>
  )
}

export function PlanTimeline({
  phases,
  milestones,
  usage,
  label,
  headingLevel = 3,
}: {
  phases: PlanPhase[]
  milestones: PlanMilestone[]
  usage: UsageRow[]
  label: string
  /** The level of each phase's heading, under the page's own. */
  headingLevel?: 3 | 4
}) {
  const Heading = headingLevel === 3 ? 'h3' : 'h4'
  const { i18n } = useLingui()
  const used = usedByPhase(usage)
  const ordered = sortPhases(phases)
  const today = todayIso()
  const starts = ordered.map((phase) => parseDate(phase.start_date).getTime())
  const ends = ordered.map((phase) => parseDate(phase.end_date).getTime() + 864e5)
  const [first, last] = [Math.min(...starts), Math.max(...ends)]
  const place = (time: number) => `${(100 * (time - first)) / Math.max(1, last - first)}%`
  const now = parseDate(today).getTime()
  const loose = milestones.filter((milestone) => !milestone.phase_id)
  return (
    <ol className={styles.timeline} aria-label={label} data-testid="plan-timeline">
      {ordered.map((phase) => {
        const from = formatDate(phase.start_date, i18n.locale)
        const to = formatDate(phase.end_date, i18n.locale)
        const phaseUse = used.get(phase.id) ?? { hours: 0, amount: 0 }
        const start = parseDate(phase.start_date).getTime()
        const end = parseDate(phase.end_date).getTime() + 864e5
        return (
          <li key={phase.id} className={styles.phase} data-phase-id={phase.id}>
            <div className={styles.phaseHeader}>
              <Heading className={styles.phaseTitle}>{phase.title}</Heading>
              <span className={page.badge[phaseStatusTone[phase.status] ?? 'neutral']} data-status={phase.status}>
                {labelOf(i18n, phaseStatusLabels, phase.status)}
              </span>
              <span className={page.mutedText}>
                <Trans>
                  {from} to {to}
                </Trans>
              </span>
            </div>
            <div className={styles.track} aria-hidden="true">
              <div
                className={phase.status === 'planned' ? styles.spanPlanned : styles.span}
                style={{ left: place(start), width: `calc(${place(end)} - ${place(start)})` }}
              />
              {now >= first && now <= last && <div className={styles.today} style={{ left: place(now) }} />}
            </div>
            <p className={page.text}>
              <Trans>Hours:</Trans> <UseOf used={phaseUse.hours} planned={phase.planned_hours} format="hours" />
              {phase.planned_budget ? (
                <>
                  {' · '}
                  <Trans>Budget:</Trans> <UseOf used={phaseUse.amount} planned={phase.planned_budget} format="budget" />
                </>
              ) : null}
            </p>
            <MilestoneList milestones={milestonesOf(phase, milestones)} today={today} />
          </li>
        )
      })}
      {loose.length > 0 && (
        <li className={styles.phase}>
          <Heading className={styles.phaseTitle}>
            <Trans>Other milestones</Trans>
          </Heading>
          <MilestoneList milestones={loose} today={today} />
        </li>
      )}
    </ol>
  )
}

function MilestoneList({ milestones, today }: { milestones: PlanMilestone[]; today: string }) {
  const { i18n } = useLingui()
  if (milestones.length === 0) return null
  return (
    <ul className={styles.milestones}>
      {milestones.map((milestone) => {
        const due = formatDate(milestone.due_date, i18n.locale)
        const reached = milestone.reached_at ? formatDate(milestone.reached_at.slice(0, 10), i18n.locale) : ''
        const late = milestone.status !== 'reached' && milestone.due_date < today
        return (
          <li key={milestone.id} className={styles.milestone} data-milestone-id={milestone.id}>
            <span className={styles.diamond} aria-hidden="true">
              ◆
            </span>
            <span>
              <Trans>Milestone:</Trans> <strong>{milestone.title}</strong>
            </span>
            <span className={late ? page.overdue : page.mutedText}>
              {milestone.status === 'reached' ? (
                <Trans>reached on {reached}</Trans>
              ) : late ? (
                <Trans>overdue, due {due}</Trans>
              ) : (
                <Trans>due {due}</Trans>
              )}
            </span>
          </li>
        )
      })}
    </ul>
  )
}

const MARGIN = { top: 16, right: 20, bottom: 32, left: 72 }

/** Planned work remaining over the plan's dates: the ideal line (dashed) and the actual one. */
export function PlanBurndown({ phases, usage }: { phases: PlanPhase[]; usage: UsageRow[] }) {
  const { t, i18n } = useLingui()
  const [ref, width] = useChartWidth(480)
  const today = todayIso()
  const chart = burndown(phases, usage, today)
  if (!chart) return null
  const locale = i18n.locale
  const show = (value: number, compact = false) =>
    formatMetric(value, chart.measure === 'hours' ? 'hours' : 'EUR', locale, compact)
  const x = scaleTime()
    .domain([parseDate(chart.start), parseDate(chart.end)])
    .range([MARGIN.left, width - MARGIN.right])
  const low = Math.min(0, ...chart.actual.map((point) => point.remaining))
  const y = scaleLinear()
    .domain([low, chart.planned])
    .nice(4)
    .range([chartHeight - MARGIN.bottom, MARGIN.top])
  const path = (points: BurnPoint[]) =>
    line<BurnPoint>()
      .x((point) => x(parseDate(point.date)))
      .y((point) => y(point.remaining))(points) ?? ''
  const remaining = show(chart.actual[chart.actual.length - 1]!.remaining)
  const planned = show(chart.planned)
  const from = formatDate(chart.start, locale)
  const to = formatDate(chart.end, locale)
  const summary =
    chart.measure === 'hours'
      ? t`Burn-down of the planned hours from ${from} to ${to}: ${remaining} of ${planned} remain.`
      : t`Burn-down of the planned budget from ${from} to ${to}: ${remaining} of ${planned} remain.`
  const now = parseDate(today)
  return (
    <figure className={styles.figure} data-testid="plan-burndown">
      <LineChartFrame
        frameRef={ref}
        width={width}
        margin={MARGIN}
        summary={summary}
        y={y}
        ticks={y.ticks(4)}
        tickLabel={(tick) => show(tick, true)}
      >
        <ChartDateLabel x={MARGIN.left} anchor="start">
          {formatDate(chart.start, locale, 'short')}
        </ChartDateLabel>
        <ChartDateLabel x={width - MARGIN.right} anchor="end">
          {formatDate(chart.end, locale, 'short')}
        </ChartDateLabel>
        {now >= parseDate(chart.start) && now <= parseDate(chart.end) && (
          <line className={styles.todayLine} x1={x(now)} x2={x(now)} y1={MARGIN.top} y2={chartHeight - MARGIN.bottom} />
        )}
        <path className={styles.idealLine} d={path(chart.ideal)} />
        <path className={styles.actualLine} d={path(chart.actual)} />
      </LineChartFrame>
      <figcaption>
        <p className={page.text}>{summary}</p>
        <ChartLegend
          lines={[
            { swatch: 'solid', label: <Trans>Remaining after the work recorded</Trans> },
            { swatch: 'dashed', label: <Trans>Remaining at an even pace</Trans> },
          ]}
        />
      </figcaption>
    </figure>
  )
}

/** Says where the project's progress comes from: the plan, or a value staff typed over it. */
export function ProgressSource({ overridden }: { overridden: boolean }) {
  return (
    <p className={styles.overrideNote} data-testid="progress-source">
      {overridden ? (
        <Trans>Progress set by the team, in place of the plan’s.</Trans>
      ) : (
        <Trans>Progress follows the plan: finished phases, and hours used in the phases under way.</Trans>
      )}
    </p>
  )
}
