// The pieces every entity's rules (src/features/<concept>/rules.ts) are built from: zod parts that name the
// rule they stand for (the issue's message is the rule's key), and one way to turn a parse into
// one problem per field, in the fields' order, with the rule's translated message.
import { z } from 'zod'
import type { MessageDescriptor } from '@lingui/core'
import { problem, text } from '@functions/_shared/rules'

// The parts an Edge Function needs too live in supabase/functions/_shared/rules.ts.
export { oneOf, problem, text } from '@functions/_shared/rules'

export interface RuleProblem<F extends string = string, R extends string = string> {
  field: F
  rule: R
  message: MessageDescriptor
}

export type Checked<V, F extends string, R extends string> =
  { values: V; problems: [] } | { values: null; problems: RuleProblem<F, R>[] }

/** Text that must be there and fit `max` characters. */
export const requiredText = (max: number, missing: string, tooLong: string) =>
  text.pipe(z.string().min(1, problem(missing)).max(max, problem(tooLong)))

/** Optional text of at most `max` characters; '' is none (null). */
export const optionalText = (max: number, tooLong: string) =>
  text.pipe(z.string().max(max, problem(tooLong))).transform((value) => value || null)

/** A YYYY-MM-DD day, or '' for none (null). */
export const optionalDay = (isDay: (value: string) => boolean, rule: string) =>
  text.pipe(z.string().refine((value) => !value || isDay(value), problem(rule))).transform((value) => value || null)

/** A checkbox's value. */
export const checkbox = z.preprocess((value) => value === true || value === 'true', z.boolean())

/**
 * Parses `input` with `schema`; rules across fields (`across`, e.g. an end before its start) are
 * checked apart from the schema so they are named even when another field is wrong too (zod
 * skips an object's refinements once a field has failed). One problem per field: the first.
 */
export function checkWith<V, F extends string, R extends string>(
  schema: z.ZodType<V>,
  fields: readonly F[],
  messages: Record<R, MessageDescriptor>,
  input: unknown,
  across: { field: F; rule: R }[] = [],
): Checked<V, F, R> {
  const result = schema.safeParse(input)
  if (result.success && across.length === 0) return { values: result.data, problems: [] }
  const problems: RuleProblem<F, R>[] = []
  const add = (field: F, rule: R) => {
    if (fields.includes(field) && !problems.some((known) => known.field === field))
      problems.push({ field, rule, message: messages[rule] })
  }
  for (const issue of result.success ? [] : result.error.issues) {
    if (!(issue.message in messages)) throw new Error(`Rule without a message: ${issue.message}`)
    add(issue.path[0] as F, issue.message as R)
  }
  for (const { field, rule } of across) add(field, rule)
  problems.sort((a, b) => fields.indexOf(a.field) - fields.indexOf(b.field))
  return { values: null, problems }
}

/** Trimmed text of a raw form value, for rules across fields. */
export const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : '')
