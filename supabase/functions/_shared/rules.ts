// The zod parts a rule is built from that an Edge Function needs as well as the app (which
// re-exports them from src/lib/rules/check.ts): the message is the rule's key.
import { z } from 'zod'

/** What a zod part reports when a rule is broken: the rule's key, and stop at the first one. */
export const problem = (rule: string) => ({ message: rule, abort: true })

/** A typed cell or form value, trimmed ('' when missing). */
export const text = z.preprocess((value) => (typeof value === 'string' ? value.trim() : ''), z.string())

/** One of a closed list of codes (vocabularies.ts, src/lib/vocabularies.ts). */
export const oneOf = <T extends string>(list: readonly [T, ...T[]], rule: string) =>
  text.pipe(z.enum(list, problem(rule)))
