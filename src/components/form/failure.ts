// The one way a screen turns a refused or failed write into what it says: a Postgres constraint
// or trigger the entity's rules name goes to its field with the rule's message; an error code
// (permission denied, no such row) to the form's message the screen chose; a connection that
// failed to "could not reach the server"; anything else to the screen's general message. Each
// entity brings its catalog (its constraints from its one schema, decision 0024), so the form,
// the table and the importer say the same thing for the same rule.
import type { MessageDescriptor } from '@lingui/core'
import { asFailure } from '@/lib/auth/messages'
import { isNetworkFailure } from '@/lib/network-failure'

export interface Failure<F extends string = string> {
  /** The form field the message belongs to; null for the form as a whole. */
  field: F | null
  message: MessageDescriptor
}

export interface FailureCatalog<F extends string = string> {
  /** A constraint's name (as Postgres names it in the error) → its field and message. */
  constraints?: Readonly<Record<string, Failure<F>>>
  /** Trigger errors carry no constraint name through PostgREST: their text → a failure. */
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

/** An entity's constraints (its rules.ts) with their rules' messages, as a catalog's `constraints`. */
export function namedConstraints<F extends string, R extends string>(
  constraints: Readonly<Record<string, { field: F; rule: R }>>,
  messages: Readonly<Record<R, MessageDescriptor>>,
): Record<string, Failure<F>> {
  return Object.fromEntries(
    Object.entries(constraints).map(([name, { field, rule }]) => [name, { field, message: messages[rule] }]),
  )
}

function textOf(error: unknown): string {
  if (!error || typeof error !== 'object') return ''
  return String((error as { message?: unknown }).message ?? '')
}

/** The constraint a PostgREST error names ('… violates check constraint "x"'), or one of the catalog's it mentions. */
export function constraintOf(error: unknown, known: Readonly<Record<string, unknown>> = {}): string | null {
  const text = textOf(error)
  const named = /constraint "([^"]+)"/.exec(text)
  if (named?.[1]) return named[1]
  return Object.keys(known).find((name) => text.includes(name)) ?? null
}

/** A failed write as a field message (when the database names a rule) or a form message. */
export function toFormFailure<F extends string>(error: unknown, catalog: FailureCatalog<F>): Failure<F> {
  const constraints = catalog.constraints ?? {}
  const constraint = catalog.constraintOf?.(error) ?? constraintOf(error, constraints)
  const known = constraint ? constraints[constraint] : undefined
  if (known) return known
  const text = textOf(error)
  for (const [pattern, failure] of catalog.patterns ?? []) if (pattern.test(text)) return failure
  const failure = asFailure(error)
  const byCode = failure.code ? catalog.codes?.[failure.code] : undefined
  if (byCode) return { field: null, message: byCode }
  if (isNetworkFailure(error) || isNetworkFailure(failure)) return { field: null, message: catalog.network }
  if (failure.retryable && !(failure.status && failure.status >= 500)) return { field: null, message: catalog.network }
  const fallback = typeof catalog.fallback === 'function' ? catalog.fallback(error) : catalog.fallback
  return { field: null, message: fallback }
}
