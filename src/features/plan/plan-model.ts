// The plan's figures, computed from its rows the same way in both areas: what each phase has used
// (from public.plan_usage's totals per phase and day), the whole plan's planned and used hours and
// budget, and the burn-down series (planned work remaining, ideal and actual, over the plan's
// dates). Pure functions: no React, no Supabase.
import type { Tables } from '@/lib/db'

export interface PlanPhase {
  id: string
  title: string
  start_date: string
  end_date: string
  status: string
  planned_hours: number | null
  planned_budget: number | null
  position: number
}

export interface PlanMilestone {
  id: string
  phase_id: string | null
  title: string
  due_date: string
  status: string
  reached_at: string | null
}

/** One record of time worked on a phase (its amount is the hours times the rate, when there is one). */
export type TimeEntry = Pick<
  Tables<'plan_time_entries'>,
  'id' | 'phase_id' | 'person_id' | 'worked_on' | 'hours' | 'rate' | 'amount' | 'note'
>

export interface UsageRow {
  phase_id: string
  worked_on: string
  hours: number | string
  amount: number | string | null
}

export interface Used {
  hours: number
  amount: number
}

/** Hours and euros used per phase. */
export function usedByPhase(usage: readonly UsageRow[]): Map<string, Used> {
  const totals = new Map<string, Used>()
  for (const row of usage) {
    const total = totals.get(row.phase_id) ?? { hours: 0, amount: 0 }
    total.hours += Number(row.hours)
    total.amount += Number(row.amount ?? 0)
    totals.set(row.phase_id, total)
  }
  return totals
}

/** A share of a planned figure (0-∞, 1 is all of it), or null when nothing was planned. */
export function shareUsed(used: number, planned: number | null): number | null {
  return planned && planned > 0 ? used / planned : null
}

/** The plan's order: position, then start date, then title. */
export function sortPhases<T extends Pick<PlanPhase, 'position' | 'start_date' | 'title'>>(phases: readonly T[]): T[] {
  return [...phases].sort(
    (a, b) => a.position - b.position || a.start_date.localeCompare(b.start_date) || a.title.localeCompare(b.title),
  )
}

export interface PlanTotals {
  plannedHours: number
  plannedBudget: number
  usedHours: number
  usedAmount: number
}

export function planTotals(phases: readonly PlanPhase[], usage: readonly UsageRow[]): PlanTotals {
  const used = usedByPhase(usage)
  return phases.reduce<PlanTotals>(
    (sum, phase) => ({
      plannedHours: sum.plannedHours + Number(phase.planned_hours ?? 0),
      plannedBudget: sum.plannedBudget + Number(phase.planned_budget ?? 0),
      usedHours: sum.usedHours + (used.get(phase.id)?.hours ?? 0),
      usedAmount: sum.usedAmount + (used.get(phase.id)?.amount ?? 0),
    }),
    { plannedHours: 0, plannedBudget: 0, usedHours: 0, usedAmount: 0 },
  )
}

export interface BurnPoint {
  date: string
  remaining: number
}

export interface Burndown {
  /** What is burnt down: planned hours, or the planned budget when no phase plans hours. */
  measure: 'hours' | 'budget'
  planned: number
  start: string
  end: string
  /** From all the plan at its start to nothing at its end. */
  ideal: BurnPoint[]
  /** What remains after each day work was recorded, from the start up to `today`. */
  actual: BurnPoint[]
}

/** The burn-down of a plan, or null when it has no phases or nothing planned. */
export function burndown(phases: readonly PlanPhase[], usage: readonly UsageRow[], today: string): Burndown | null {
  if (phases.length === 0) return null
  const totals = planTotals(phases, usage)
  const measure = totals.plannedHours > 0 ? 'hours' : 'budget'
  const planned = measure === 'hours' ? totals.plannedHours : totals.plannedBudget
  if (planned <= 0) return null
  const start = phases.map((phase) => phase.start_date).reduce((a, b) => (a < b ? a : b))
  const end = phases.map((phase) => phase.end_date).reduce((a, b) => (a > b ? a : b))
  const byDay = new Map<string, number>()
  for (const row of usage) {
    const value = measure === 'hours' ? Number(row.hours) : Number(row.amount ?? 0)
    byDay.set(row.worked_on, (byDay.get(row.worked_on) ?? 0) + value)
  }
  const actual: BurnPoint[] = [{ date: start, remaining: planned }]
  let remaining = planned
  for (const date of [...byDay.keys()].sort()) {
    remaining -= byDay.get(date)!
    const point = { date: date < start ? start : date, remaining: round(remaining) }
    if (actual[actual.length - 1]!.date === point.date) actual[actual.length - 1] = point
    else actual.push(point)
  }
  const last = actual[actual.length - 1]!
  const until = today < end ? today : end
  if (until > last.date && until >= start) actual.push({ date: until, remaining: last.remaining })
  return {
    measure,
    planned: round(planned),
    start,
    end,
    ideal: [
      { date: start, remaining: round(planned) },
      { date: end, remaining: 0 },
    ],
    actual,
  }
}

const round = (value: number) => Math.round(value * 100) / 100

/** A phase's milestones, by due date. */
export function milestonesOf(phase: PlanPhase, milestones: readonly PlanMilestone[]): PlanMilestone[] {
  return milestones
    .filter((milestone) => milestone.phase_id === phase.id)
    .sort((a, b) => a.due_date.localeCompare(b.due_date))
}
