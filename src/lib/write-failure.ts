// The one reading of a failed write (decision 0052): what a Supabase error means for the person.
// A catalog says what each kind of refusal means; `readFailure` only reads the error and looks it
// up, in one order:
//   1. the catalog's own reading (`read`), for answers that are not PostgREST's (a function's);
//   2. the constraint the error names, or a trigger's error by its text (`triggers`) → `constraints`;
//   3. other trigger errors by their text → `patterns`;
//   4. the error's code (Postgres', PostgREST's or a function's: 23514, 42501, PGRST116, PT429…) → `codes`;
//   5. a request that never got an answer → `network` (`codeless` too, for the calls whose every
//      answer has a code);
//   6. anything else → `fallback`.
// `saveFailures` is the default catalog (the values refused, the portal's read-only preview, the
// network, "something went wrong"); each concept's rules.ts names its constraints (`…Constraints`,
// turned into messages with failuresOf) and extends it with `withFailures`. Forms read a
// `Failure` (a field and a message); a screen whose failures are a closed list of its own (the
// conversation's, an upload's) uses a catalog of that list's keys. The forms validate first, so
// these mostly catch races and rules only the database can see.
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { asFailure, networkFailure, previewReadOnlyMessage, unexpectedFailure } from './auth/messages'
import { isNetworkFailure } from './network-failure'

export interface Failure<F extends string = string> {
  /** The form field the message belongs to; null for the form as a whole. */
  field: F | null
  message: MessageDescriptor
}

export type FieldFailure = Failure

/** What each failure of a write means, as a T: a form's Failure, or a screen's own kind of failure. */
export interface Catalog<T> {
  /** The catalog's own reading, tried first; undefined when it does not apply. */
  read?: (error: unknown) => T | undefined
  /** A constraint's name (as Postgres names it in the error, or in its details) → what it means. */
  constraints?: Readonly<Record<string, T>>
  /**
   * Trigger errors carry their constraint name in the error, but PostgREST only passes the message
   * on: each pattern names the constraint (a key of `constraints`) it stands for.
   */
  triggers?: readonly (readonly [RegExp, string])[]
  /** Errors whose text alone says what failed. */
  patterns?: readonly (readonly [RegExp, T])[]
  /** An error code (Postgres', PostgREST's or a function's) → what it means. */
  codes?: Readonly<Record<string, T>>
  /** The server could not be reached. */
  network: T
  /** An error without a code, for calls whose every answer has one: the request got no answer. */
  codeless?: T
  /** Anything else. */
  fallback: T
}

export type FailureCatalog<F extends string = string> = Catalog<Failure<F>>

/** A concept's constraints and triggers (its rules.ts), for the staff forms' catalog. */
export interface Failures {
  constraints: Record<string, FieldFailure>
  triggers?: Catalog<unknown>['triggers']
}

/** A message for the form as a whole. */
export const formFailure = (message: MessageDescriptor): Failure<never> => ({ field: null, message })

/** An entity's constraints (its rules.ts) with their rules' messages. */
export function failuresOf<F extends string, R extends string>(
  constraints: Readonly<Record<string, { field: F; rule: R }>>,
  messages: Readonly<Record<R, MessageDescriptor>>,
): Record<string, Failure<F>> {
  return Object.fromEntries(
    Object.entries(constraints).map(([name, { field, rule }]) => [name, { field, message: messages[rule] }]),
  )
}

/** A catalog with more: its lists extended (the new entries win), its other answers replaced. */
export function withFailures<T>(base: Catalog<T>, more: Partial<Catalog<T>>): Catalog<T> {
  return {
    ...base,
    ...more,
    constraints: { ...base.constraints, ...more.constraints },
    triggers: [...(more.triggers ?? []), ...(base.triggers ?? [])],
    patterns: [...(more.patterns ?? []), ...(base.patterns ?? [])],
    codes: { ...base.codes, ...more.codes },
  }
}

interface ErrorLike {
  code?: unknown
  message?: unknown
  details?: unknown
}

function textOf(error: unknown, key: keyof ErrorLike): string {
  if (!error || typeof error !== 'object') return ''
  const value = (error as ErrorLike)[key]
  return typeof value === 'string' ? value : ''
}

/** The constraint a PostgREST error names ('… violates check constraint "x"'), or a trigger's, if any. */
export function constraintOf(error: unknown, triggers: Catalog<unknown>['triggers'] = []): string | null {
  const message = textOf(error, 'message')
  const named = /constraint "([^"]+)"/.exec(message)
  if (named) return named[1] ?? null
  for (const [pattern, constraint] of triggers) if (pattern.test(message)) return constraint
  return null
}

/** What a failed write (any thrown value or returned error) means, by the catalog. */
export function readFailure<T>(error: unknown, catalog: Catalog<T>): T {
  const own = catalog.read?.(error)
  if (own !== undefined) return own
  const constraints = catalog.constraints ?? {}
  const text = `${textOf(error, 'message')} ${textOf(error, 'details')}`
  const constraint =
    constraintOf(error, catalog.triggers) ?? Object.keys(constraints).find((name) => text.includes(name)) ?? null
  const known = constraint ? constraints[constraint] : undefined
  if (known !== undefined) return known
  const message = textOf(error, 'message')
  for (const [pattern, meaning] of catalog.patterns ?? []) if (pattern.test(message)) return meaning
  const failure = asFailure(error)
  const code = failure.code || textOf(error, 'code')
  const byCode = code ? catalog.codes?.[code] : undefined
  if (byCode !== undefined) return byCode
  if (isNetworkFailure(error) || isNetworkFailure(failure)) return catalog.network
  if (failure.retryable && !(failure.status && failure.status >= 500)) return catalog.network
  if (catalog.codeless !== undefined && error && typeof error === 'object' && !code) return catalog.codeless
  return catalog.fallback
}

/** A failed write as a field message (when the database names a rule) or a form message. */
export function toFormFailure<F extends string>(error: unknown, catalog: FailureCatalog<F>): Failure<F> {
  return readFailure(error, catalog)
}

// ─── The default catalog ─────────────────────────────────────────────────────────────────────

/** Check constraints (23514) and the profile trigger (42501): the server refused the values. */
export const refusedValues = msg`The server did not accept these values. Please check them and try again.`

/**
 * The default catalog: the portal's read-only preview (decision 0022), values the server refused,
 * the network, and "something went wrong on our side" for anything else.
 */
export const saveFailures: FailureCatalog<never> = {
  codes: {
    view_as_read_only: formFailure(previewReadOnlyMessage),
    '23514': formFailure(refusedValues),
    '42501': formFailure(refusedValues),
  },
  network: formFailure(networkFailure),
  fallback: formFailure(unexpectedFailure),
}

/** A failed save by the default catalog, for the reader. */
export function saveFailureMessage(error: unknown): MessageDescriptor {
  return readFailure(error, saveFailures).message
}

// ─── The staff forms' catalog ────────────────────────────────────────────────────────────────

export const genericSaveFailure = msg`The changes could not be saved. Please try again.`
export const staffNetworkFailure = msg`The server could not be reached. Check your connection and try again.`
export const deniedFailure = msg`You do not have permission to make this change.`

/** The project lists' staff forms: "not allowed", their network sentence and "could not be saved". */
export const staffFailures: FailureCatalog<never> = {
  codes: { '42501': formFailure(deniedFailure) },
  network: formFailure(staffNetworkFailure),
  fallback: formFailure(genericSaveFailure),
}

/** The staff forms' catalog with a concept's `failures`. */
export function describeFailure(error: unknown, failures?: Failures): FieldFailure {
  return readFailure<FieldFailure>(error, withFailures<FieldFailure>(staffFailures, failures ?? {}))
}

// ─── Writes that throw ───────────────────────────────────────────────────────────────────────

/**
 * A refused write thrown as the answer's code and message (PostgREST's, or a function's, which
 * may also name the field and rule it refused), so a catalog can read it.
 */
export class WriteError extends Error {
  constructor(
    message: string,
    readonly code?: string,
    readonly refused?: { field?: string; rule?: string },
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
