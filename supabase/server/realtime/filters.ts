// The `filter` of a postgres_changes binding, as Realtime parses it: `column=op.value`, several
// joined by top-level commas (AND), `in.(a,b,c)` for a list, values optionally double-quoted with
// backslash escapes. We support eq, neq, lt, lte, gt, gte and in (what every Realtime version
// has); anything else is refused with Realtime's "Error parsing" message, never ignored.

export interface Filter {
  column: string
  op: 'eq' | 'neq' | 'lt' | 'lte' | 'gt' | 'gte' | 'in'
  value?: string
  values?: string[]
}

const scalarOps = new Set(['eq', 'neq', 'lt', 'lte', 'gt', 'gte'])
/** More `in` values than Realtime accepts. */
const maxInValues = 100

export type ParsedFilters = { ok: true; filters: Filter[] } | { ok: false; message: string }

/** Splits at commas outside parentheses and double quotes. */
function splitTopLevel(text: string): string[] {
  const parts: string[] = []
  let depth = 0
  let quoted = false
  let current = ''
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!
    if (quoted) {
      if (char === '\\' && i + 1 < text.length) {
        current += char + text[++i]
        continue
      }
      if (char === '"') quoted = false
    } else if (char === '"') quoted = true
    else if (char === '(') depth++
    else if (char === ')') depth = Math.max(0, depth - 1)
    else if (char === ',' && depth === 0) {
      parts.push(current)
      current = ''
      continue
    }
    current += char
  }
  parts.push(current)
  return parts
}

function unquote(value: string): string {
  if (value.length >= 2 && value.startsWith('"') && value.endsWith('"'))
    return value.slice(1, -1).replace(/\\(.)/g, '$1')
  return value
}

export function parseFilter(text: string | undefined, maxLength: number): ParsedFilters {
  if (text === undefined || text.trim() === '') return { ok: true, filters: [] }
  if (text.length > maxLength)
    return { ok: false, message: `Error parsing \`filter\` params: longer than ${maxLength} characters` }
  const filters: Filter[] = []
  for (const segment of splitTopLevel(text)) {
    if (segment.trim() === '')
      return { ok: false, message: 'filter must not contain empty segments (check for extra commas)' }
    const match = /^([^=]+)=([a-z]+)\.(.*)$/s.exec(segment)
    const fail = (): ParsedFilters => ({
      ok: false,
      message: `Error parsing \`filter\` params: ${JSON.stringify([segment])}`,
    })
    if (!match) return fail()
    const [, column, op, raw] = match as unknown as [string, string, string, string]
    if (op === 'in') {
      if (!raw.startsWith('(') || !raw.endsWith(')'))
        return { ok: false, message: '`in` filter value must be wrapped by parentheses' }
      const values = splitTopLevel(raw.slice(1, -1)).map((value) => unquote(value.trim()))
      if (values.length > maxInValues)
        return { ok: false, message: `\`in\` filter accepts at most ${maxInValues} values` }
      filters.push({ column: column.trim(), op: 'in', values })
    } else if (scalarOps.has(op)) {
      filters.push({ column: column.trim(), op: op as Filter['op'], value: unquote(raw) })
    } else return fail()
  }
  return { ok: true, filters }
}
