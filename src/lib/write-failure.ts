// What a failed write means, in words for the form: a database check constraint or trigger error
// (supabase/migrations) maps to a field and a translated message; anything else becomes a
// form-level message. Each concept names its own constraints and triggers (the `…Failures` of its
// rules.ts, built with failuresOf); this module only reads an error and looks it up. The forms
// validate first, so these mostly catch races and rules only the database can see (e.g. a value
// already recorded for that period).
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { isNetworkFailure } from './network-failure'

export interface FieldFailure {
  /** The form field the message belongs to; null for the form as a whole. */
  field: string | null
  message: MessageDescriptor
}

/** What a concept's failed writes mean: its constraints, and its trigger errors by their message. */
export interface Failures {
  constraints: Record<string, FieldFailure>
  /**
   * Trigger errors carry their constraint name in the error, but PostgREST only passes the message
   * on: each pattern names the constraint (a key of `constraints`) it stands for.
   */
  triggers?: readonly (readonly [RegExp, string])[]
}

/** An entity's constraints (its rules.ts) with their rules' messages. */
export function failuresOf<R extends string>(
  constraints: Record<string, { field: string; rule: R }>,
  messages: Record<R, MessageDescriptor>,
): Record<string, FieldFailure> {
  return Object.fromEntries(
    Object.entries(constraints).map(([name, { field, rule }]) => [name, { field, message: messages[rule] }]),
  )
}

export const genericSaveFailure = msg`The changes could not be saved. Please try again.`
export const networkFailure = msg`The server could not be reached. Check your connection and try again.`
export const deniedFailure = msg`You do not have permission to make this change.`

interface ErrorLike {
  code?: string
  message?: string
}

/** The constraint a PostgREST error names ('… violates check constraint "x"'), or a trigger's, if any. */
export function constraintOf(error: unknown, triggers: Failures['triggers'] = []): string | null {
  if (!error || typeof error !== 'object') return null
  const { message = '' } = error as ErrorLike
  const named = /constraint "([^"]+)"/.exec(message)
  if (named) return named[1] ?? null
  for (const [pattern, constraint] of triggers) if (pattern.test(message)) return constraint
  return null
}

/** A failed write as a field message (when the database names a rule of `failures`) or a form message. */
export function describeFailure(error: unknown, failures?: Failures): FieldFailure {
  if (isNetworkFailure(error)) return { field: null, message: networkFailure }
  const constraint = constraintOf(error, failures?.triggers)
  const named = constraint ? failures?.constraints[constraint] : undefined
  if (named) return named
  const code = error && typeof error === 'object' ? (error as ErrorLike).code : undefined
  if (code === '42501') return { field: null, message: deniedFailure }
  return { field: null, message: genericSaveFailure }
}

/** A PostgREST error object thrown as is, so describeFailure can read its code and message. */
export class WriteError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message)
    this.name = 'WriteError'
  }
}

type Result<T> = { data: T | null; error: { message: string; code?: string } | null }

/** The rows a write returned; throws the PostgREST error as a WriteError. */
export function check<R extends Result<unknown>>(result: R): NonNullable<R['data']> {
  if (result.error) throw new WriteError(result.error.message, result.error.code)
  if (result.data === null || result.data === undefined) throw new WriteError('The server returned no rows')
  return result.data as NonNullable<R['data']>
}

/** For writes that return nothing (deletes). */
export function checkOk(result: Result<unknown>): void {
  if (result.error) throw new WriteError(result.error.message, result.error.code)
}
