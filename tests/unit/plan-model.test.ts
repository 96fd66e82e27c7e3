// The plan's figures (src/features/plan/plan-model.ts): use per phase, totals and the burn-down
// series both areas draw.
import { describe, expect, it } from 'vitest'
import { burndown, planTotals, shareUsed, sortPhases, usedByPhase } from '../../src/features/plan/plan-model'

const phase = (
  id: string,
  start: string,
  end: string,
  hours: number | null,
  budget: number | null = null,
  position = 0,
) => ({
  id,
  title: id,
  start_date: start,
  end_date: end,
  status: 'planned',
  planned_hours: hours,
  planned_budget: budget,
  position,
})

describe('plan figures', () => {
  const phases = [
    phase('b', '2026-02-01', '2026-02-28', 60, 6000, 1),
    phase('a', '2026-01-01', '2026-01-31', 40, null, 0),
  ]
  const usage = [
    { phase_id: 'a', worked_on: '2026-01-10', hours: '10', amount: null },
    { phase_id: 'a', worked_on: '2026-01-12', hours: 5, amount: '500' },
    { phase_id: 'b', worked_on: '2026-01-12', hours: '5.5', amount: 550 },
  ]

  it('adds up what each phase and the whole plan used', () => {
    expect(usedByPhase(usage).get('a')).toEqual({ hours: 15, amount: 500 })
    expect(planTotals(phases, usage)).toEqual({
      plannedHours: 100,
      plannedBudget: 6000,
      usedHours: 20.5,
      usedAmount: 1050,
    })
    expect(shareUsed(15, 40)).toBe(0.375)
    expect(shareUsed(15, null)).toBeNull()
    expect(sortPhases(phases).map((p) => p.id)).toEqual(['a', 'b'])
  })

  it('burns the planned hours down from the start to the end, up to today', () => {
    expect(burndown(phases, usage, '2026-01-20')).toEqual({
      measure: 'hours',
      planned: 100,
      start: '2026-01-01',
      end: '2026-02-28',
      ideal: [
        { date: '2026-01-01', remaining: 100 },
        { date: '2026-02-28', remaining: 0 },
      ],
      actual: [
        { date: '2026-01-01', remaining: 100 },
        { date: '2026-01-10', remaining: 90 },
        { date: '2026-01-12', remaining: 79.5 },
        { date: '2026-01-20', remaining: 79.5 },
      ],
    })
    // After the plan's end the line stops at the end; before its start it is just the start.
    expect(burndown(phases, usage, '2026-06-01')!.actual.at(-1)).toEqual({ date: '2026-02-28', remaining: 79.5 })
  })

  it('burns the budget down when no phase plans hours, and draws nothing without a plan', () => {
    const budgetOnly = [phase('c', '2026-01-01', '2026-01-31', null, 1000)]
    const chart = burndown(
      budgetOnly,
      [{ phase_id: 'c', worked_on: '2026-01-05', hours: 2, amount: 200 }],
      '2026-01-05',
    )
    expect(chart).toMatchObject({ measure: 'budget', planned: 1000, actual: [{ remaining: 1000 }, { remaining: 800 }] })
    expect(burndown([], [], '2026-01-05')).toBeNull()
    expect(burndown([phase('d', '2026-01-01', '2026-01-31', null, null)], [], '2026-01-05')).toBeNull()
  })
})
