// A function's own settings, read from its environment (`Deno.env` on Supabase; our server passes
// its validated values under the same names) and checked with a zod schema once, at start: every
// bad variable is named together, and the function does not start with any.
import type { z } from 'zod'

export function readSettings<T extends z.ZodObject>(
  schema: T,
  read: (name: string) => string | undefined,
  functionName: string,
): z.output<T> {
  // An empty variable counts as unset, as in our server's .env.
  const given = Object.fromEntries(
    Object.keys(schema.shape).flatMap((name) => {
      const value = read(name)
      return value === undefined || value === '' ? [] : [[name, value]]
    }),
  )
  const result = schema.safeParse(given)
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
    throw new Error(`${functionName}: invalid settings:\n${problems.join('\n')}`)
  }
  return result.data
}
