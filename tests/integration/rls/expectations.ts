// The outcomes an RLS case can promise, and the one assertion that checks them, shared by the
// matrix and the rule tables.
import { expect } from 'vitest'
import type { Outcome } from './run-as'

export type Expectation =
  | { sees: number } // select: exactly n rows
  | 'allowed' // write succeeds and touches at least one row
  | 'filtered' // write runs but row-level security hides every target row
  | 'denied' // refused with 42501 (no privilege, a policy's WITH CHECK, or a guard trigger)
  | { error: string; constraint?: string; message?: RegExp } // refused with this SQLSTATE

export const sees = (n: number): Expectation => ({ sees: n })
export const ALLOWED = 'allowed'
export const FILTERED = 'filtered'
export const DENIED = 'denied'
export const violates = (constraint: string): Expectation => ({ error: '23514', constraint })
export const refused = (message: RegExp): Expectation => ({ error: '42501', message })

export function describeExpectation(e: Expectation): string {
  if (typeof e === 'string') return e
  if ('sees' in e) return `sees ${e.sees}`
  return `error ${e.error}${e.constraint ? ` (${e.constraint})` : ''}${e.message ? ` ${e.message.source}` : ''}`
}

export function checkOutcome(outcome: Outcome, expectation: Expectation) {
  if (expectation === 'denied' || (typeof expectation === 'object' && 'error' in expectation)) {
    if (outcome.ok) throw new Error(`expected a refusal, but it succeeded (${outcome.affected} rows)`)
    const wanted = expectation === 'denied' ? { error: '42501' } : expectation
    expect(outcome.code, outcome.message).toBe(wanted.error)
    if (wanted.constraint) expect(outcome.constraint ?? outcome.message).toContain(wanted.constraint)
    if (wanted.message) expect(outcome.message).toMatch(wanted.message)
    return
  }
  if (!outcome.ok) throw new Error(`expected success, got ${outcome.code}: ${outcome.message}`)
  if (typeof expectation === 'object') expect(outcome.rows).toHaveLength(expectation.sees)
  else if (expectation === 'allowed') expect(outcome.affected).toBeGreaterThan(0)
  else expect(outcome.affected).toBe(0)
}
