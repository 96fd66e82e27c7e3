// The request headers that shape a response: `Prefer` (comma-joined, as postgrest-js appends them)
// and `Range`; `Accept` is media.ts's.
import { restErrors } from './errors'

export interface Preferences {
  return?: 'minimal' | 'representation' | 'headers-only'
  count?: 'exact' | 'planned' | 'estimated'
  resolution?: 'merge-duplicates' | 'ignore-duplicates'
  missing?: 'default' | 'null'
  handling?: 'strict' | 'lenient'
  /** How the transaction ends, when the server lets a request choose (REST_DB_TX_END `*-allow-override`). */
  tx?: 'commit' | 'rollback'
  maxAffected?: number
  /** A time zone PostgreSQL knows, set for the transaction (`timezone=`), as PostgREST does. */
  timezone?: string
  /** Preferences we do not know or do not apply, for `handling=strict`. */
  invalid: string[]
}

const allowed: Record<string, readonly string[]> = {
  return: ['minimal', 'representation', 'headers-only'],
  count: ['exact', 'planned', 'estimated'],
  resolution: ['merge-duplicates', 'ignore-duplicates'],
  missing: ['default', 'null'],
  handling: ['strict', 'lenient'],
  tx: ['commit', 'rollback'],
}
// `params=single-object` left PostgREST in version 12, so it is unknown there and here.

/**
 * `txOverride`: the server lets a request choose how its transaction ends; otherwise `tx=commit`
 * and `tx=rollback` are known (never invalid) but not applied, as PostgREST reads them.
 * `timezones`: the names PostgreSQL knows; the first `timezone=` decides, and an unknown one makes
 * every `timezone=` invalid (PostgREST's rule).
 */
export function parsePrefer(
  header: string | null | undefined,
  txOverride = false,
  timezones: ReadonlySet<string> = new Set(),
): Preferences {
  const prefs: Preferences = { invalid: [] }
  const items = (header ?? '')
    .split(',')
    .map((raw) => raw.trim())
    .filter((item) => item !== '')
  const zone = items.find((item) => item.startsWith('timezone='))?.slice('timezone='.length)
  if (zone !== undefined && timezones.has(zone)) prefs.timezone = zone
  for (const item of items) {
    const [key = '', value = ''] = item.split('=').map((part) => part.trim())
    // A preference given twice keeps its first value, as PostgREST reads them.
    if (key === 'max-affected' && /^\d+$/.test(value)) prefs.maxAffected ??= Number(value)
    else if (item.startsWith('timezone=')) {
      if (prefs.timezone === undefined) prefs.invalid.push(item)
    } else if (Object.hasOwn(allowed, key) && allowed[key]?.includes(value)) {
      if (key === 'tx' && !txOverride) continue
      if ((prefs as unknown as Record<string, unknown>)[key] === undefined) Object.assign(prefs, { [key]: value })
    } else prefs.invalid.push(item)
  }
  return prefs
}

/**
 * `handling=strict` refuses what it does not know (PGRST122). PostgREST checks once the request is
 * planned, so a missing table, relationship or function is reported first; handlers call this there.
 */
export function requireValidPreferences(prefs: Preferences) {
  if (prefs.handling === 'strict' && prefs.invalid.length > 0) throw restErrors.invalidPreferences(prefs.invalid)
}

type Applicable = keyof Omit<Preferences, 'invalid'>

/** What a request does, which decides the preferences PostgREST reports as applied. */
export type AppliedTo = 'read' | 'rpc' | 'insert' | 'upsert' | 'update' | 'delete'

const appliedBy: Record<AppliedTo, Applicable[]> = {
  read: ['count', 'tx', 'handling', 'timezone'],
  rpc: ['count', 'tx', 'handling', 'timezone', 'maxAffected'],
  insert: ['missing', 'return', 'count', 'tx', 'handling', 'timezone'],
  upsert: ['resolution', 'missing', 'return', 'count', 'tx', 'handling', 'timezone'],
  update: ['missing', 'return', 'count', 'tx', 'handling', 'timezone', 'maxAffected'],
  delete: ['return', 'count', 'tx', 'handling', 'timezone', 'maxAffected'],
}

// The order PostgREST writes them in, whatever the order they were asked in.
const appliedOrder: Applicable[] = [
  'resolution',
  'missing',
  'return',
  'count',
  'tx',
  'handling',
  'timezone',
  'maxAffected',
]

/** The `Preference-Applied` header value for what this request honoured. */
export function preferenceApplied(prefs: Preferences, to: AppliedTo): string | undefined {
  const parts: string[] = []
  for (const key of appliedOrder) {
    const value = prefs[key]
    if (value === undefined || !appliedBy[to].includes(key)) continue
    if (key === 'maxAffected') {
      if (prefs.handling === 'strict') parts.push(`max-affected=${value}`)
    } else parts.push(`${key}=${value}`)
  }
  return parts.length > 0 ? parts.join(', ') : undefined
}

/** `Range: 0-9` as an offset and limit; undefined when absent or not an items range. */
export function parseRangeHeader(header: string | null | undefined): { offset: number; limit?: number } | undefined {
  const match = /^\s*(?:items=)?(\d+)-(\d*)\s*$/.exec(header ?? '')
  if (!match) return undefined
  const lower = Number(match[1])
  if (match[2] === '') return { offset: lower }
  const upper = Number(match[2])
  if (lower > upper) {
    throw restErrors.invalidRange(
      'The lower boundary must be lower than or equal to the upper boundary in the Range header.',
    )
  }
  return { offset: lower, limit: upper - lower + 1 }
}
