// `Accept`, negotiated as PostgREST does: a JSON array (the default), a single object, stripped
// nulls, CSV, and, when REST_DB_PLAN_ENABLED is on (PostgREST's db-plan-enabled), the EXPLAIN plan of
// the query that would answer one of those (`application/vnd.pgrst.plan+json|+text`).
import { RestError, restErrors } from './errors'

export interface PlanMedia {
  format: 'json' | 'text'
  /** EXPLAIN's options, in PostgREST's order. */
  options: PlanOption[]
  /** The media type whose query is explained, as PostgREST names it back. */
  for: string
}

const planOptions = ['analyze', 'verbose', 'settings', 'buffers', 'wal'] as const
type PlanOption = (typeof planOptions)[number]

export interface MediaType {
  single: boolean
  stripNulls: boolean
  /** `text/csv`: PostgREST's CSV body (a header line, then each row as PostgreSQL writes a record). */
  csv: boolean
  /** Answer with the query's plan instead of running it for its rows. */
  plan?: PlanMedia
}

const arrayTypes = new Set([
  '*/*',
  'application/*',
  'application/json',
  'application/vnd.pgrst.array+json',
  'application/vnd.pgrst.array',
])
const objectTypes = new Set(['application/vnd.pgrst.object+json', 'application/vnd.pgrst.object'])
const csvTypes = new Set(['text/csv'])
const planTypes: Record<string, PlanMedia['format']> = {
  'application/vnd.pgrst.plan': 'text',
  'application/vnd.pgrst.plan+text': 'text',
  'application/vnd.pgrst.plan+json': 'json',
}

interface Offered {
  type: string
  params: Map<string, string>
  q: number
}

/** Splits at `separator` outside double quotes (one pass: a header's length bounds the work). */
function splitOutsideQuotes(text: string, separator: string): string[] {
  const parts: string[] = []
  let quoted = false
  let start = 0
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '"') quoted = !quoted
    else if (text[i] === separator && !quoted) {
      parts.push(text.slice(start, i))
      start = i + 1
    }
  }
  parts.push(text.slice(start))
  return parts
}

/** `type; name=value; name="quoted; value"`, names and the type lower-cased. */
function parseEntry(entry: string): Offered | undefined {
  const parts = splitOutsideQuotes(entry, ';').map((part) => part.trim())
  const type = parts.shift()?.toLowerCase() ?? ''
  if (type === '') return undefined
  const params = new Map<string, string>()
  for (const part of parts) {
    const at = part.indexOf('=')
    if (at < 0) continue
    params.set(
      part.slice(0, at).trim().toLowerCase(),
      part
        .slice(at + 1)
        .trim()
        .replace(/^"(.*)"$/, '$1'),
    )
  }
  const q = params.has('q') ? Number(params.get('q')) : 1
  return { type, params, q: Number.isFinite(q) ? q : 1 }
}

/** The rows' media type, for a plain type or the one a plan is `for`. */
function rowsMedia(type: string, params: Map<string, string>): MediaType | undefined {
  const stripNulls = type.startsWith('application/vnd.pgrst.') && params.get('nulls') === 'stripped'
  if (arrayTypes.has(type)) return { single: false, stripNulls, csv: false }
  if (objectTypes.has(type)) return { single: true, stripNulls, csv: false }
  if (csvTypes.has(type)) return { single: false, stripNulls: false, csv: true }
  return undefined
}

function planOf(offered: Offered): MediaType | undefined {
  const format = planTypes[offered.type]
  if (!format) return undefined
  const inner = parseEntry(offered.params.get('for') || 'application/json')
  const rows = inner && rowsMedia(inner.type, inner.params)
  if (!inner || !rows) return undefined
  const asked = (offered.params.get('options') ?? '').toLowerCase().split('|')
  const options = planOptions.filter((option) => asked.includes(option))
  return { ...rows, plan: { format, options, for: inner.type } }
}

/** The Content-Type of a plan, as PostgREST writes it. */
export function planContentType(plan: PlanMedia): string {
  const options = plan.options.length > 0 ? `; options=${plan.options.join('|')}` : ''
  return `application/vnd.pgrst.plan+${plan.format}; for="${plan.for}"${options}`
}

/**
 * The first type the server has among those offered, higher `q` first (ties keep their order).
 * A plan is skipped, as if unknown, unless `plans` is on, as PostgREST does with db-plan-enabled off.
 */
export function negotiateMediaType(accept: string | null | undefined, plans = false): MediaType {
  if (!accept || accept.trim() === '') return { single: false, stripNulls: false, csv: false }
  const offered = splitOutsideQuotes(accept, ',')
    .map(parseEntry)
    .filter((entry) => entry !== undefined)
  for (const entry of [...offered].sort((a, b) => b.q - a.q)) {
    if (entry.q <= 0) continue
    const media = planTypes[entry.type] ? (plans ? planOf(entry) : undefined) : rowsMedia(entry.type, entry.params)
    if (media) return media
  }
  throw restErrors.mediaType(offered.map(named))
}

/**
 * negotiateMediaType, with a refusal (406 PGRST107) handed back rather than thrown: PostgREST
 * negotiates once the request is planned, so the handlers report it there (`requireAcceptable`).
 */
export function negotiateLater(
  accept: string | null | undefined,
  plans = false,
): { media: MediaType; unacceptable?: RestError } {
  try {
    return { media: negotiateMediaType(accept, plans) }
  } catch (error) {
    if (!(error instanceof RestError)) throw error
    return { media: { single: false, stripNulls: false, csv: false }, unacceptable: error }
  }
}

/** How PostgREST names an offered type in PGRST107: a plan with its `for` and options. */
function named(entry: Offered): string {
  const format = planTypes[entry.type]
  if (!format) return entry.type
  const inner = parseEntry(entry.params.get('for') || 'application/json')
  const asked = (entry.params.get('options') ?? '').toLowerCase().split('|')
  return planContentType({
    format,
    options: planOptions.filter((option) => asked.includes(option)),
    for: inner?.type ?? 'application/json',
  })
}
