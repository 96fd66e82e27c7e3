// What a failed write means, in words for the form: a database check constraint or trigger error
// (supabase/migrations) maps to a field and a translated message; an error code (permission
// denied, no such row) to the form's message the screen chose; a connection that failed to "could
// not reach the server"; anything else to the screen's general message. Each concept names its own
// constraints and triggers (the `…Failures` of its rules.ts, built with failuresOf); this module
// only reads an error and looks it up: `toFormFailure` with a screen's own catalog, or
// `describeFailure` with the staff forms' usual one. The forms validate first, so these mostly
// catch races and rules only the database can see (e.g. a value already recorded for that period).
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { asFailure } from './auth/messages'
import { isNetworkFailure } from './network-failure'

export interface Failure<F extends string = string> {
  /** The form field the message belongs to; null for the form as a whole. */
  field: F | null
  message: MessageDescriptor
}

export type FieldFailure = Failure

/** What a concept's failed writes mean: its constraints, and its trigger errors by their message. */
export interface Failures {
  constraints: Record<string, FieldFailure>
  /**
   * Trigger errors carry their constraint name in the error, but PostgREST only passes the message
   * on: each pattern names the constraint (a key of `constraints`) it stands for.
   */
  triggers?: readonly (readonly [RegExp, string])[]
}

export interface FailureCatalog<F extends string = string> {
  /** A constraint's name (as Postgres names it in the error) → its field and message. */
  constraints?: Readonly<Record<string, Failure<F>>>
  /** Trigger errors whose text alone says what failed → a failure. */
  patterns?: readonly (readonly [RegExp, Failure<F>])[]
  /** An error code (Postgres' or PostgREST's, e.g. 42501, PGRST116) → the form's message. */
  codes?: Readonly<Record<string, MessageDescriptor>>
  /** The server could not be reached. */
  network: MessageDescriptor
  /** How this entity finds the constraint in an error, when its triggers need more than the name. */
  constraintOf?: (error: unknown) => string | null
  /** Anything else; a function for screens whose general message depends on the error. */
  fallback: MessageDescriptor | ((error: unknown) => MessageDescriptor)
}

/** An entity's constraints (its rules.ts) with their rules' messages. */
export function failuresOf<F extends string, R extends string>(
  constraints: Readonly<Record<string, { field: F; rule: R }>>,
  messages: Readonly<Record<R, MessageDescriptor>>,
): Record<string, Failure<F>> {
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

function textOf(error: unknown): string {
  if (!error || typeof error !== 'object') return ''
  return String((error as ErrorLike).message ?? '')
}

/** A failed write as a field message (when the database names a rule) or a form message. */
export function toFormFailure<F extends string>(error: unknown, catalog: FailureCatalog<F>): Failure<F> {
  const constraints = catalog.constraints ?? {}
  const text = textOf(error)
  const constraint =
    catalog.constraintOf?.(error) ??
    constraintOf(error) ??
    Object.keys(constraints).find((name) => text.includes(name)) ??
    null
  const known = constraint ? constraints[constraint] : undefined
  if (known) return known
  for (const [pattern, failure] of catalog.patterns ?? []) if (pattern.test(text)) return failure
  const failure = asFailure(error)
  const byCode = failure.code ? catalog.codes?.[failure.code] : undefined
  if (byCode) return { field: null, message: byCode }
  if (isNetworkFailure(error) || isNetworkFailure(failure)) return { field: null, message: catalog.network }
  if (failure.retryable && !(failure.status && failure.status >= 500)) return { field: null, message: catalog.network }
  const fallback = typeof catalog.fallback === 'function' ? catalog.fallback(error) : catalog.fallback
  return { field: null, message: fallback }
}

/** The staff forms' usual catalog: a concept's `failures`, "not allowed", the network and "could not be saved". */
export function describeFailure(error: unknown, failures?: Failures): FieldFailure {
  return toFormFailure(error, {
    constraints: failures?.constraints,
    constraintOf: (candidate) => constraintOf(candidate, failures?.triggers),
    codes: { '42501': deniedFailure },
    network: networkFailure,
    fallback: genericSaveFailure,
  })
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
