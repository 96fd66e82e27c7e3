// How deep and how wide a query string may make a request. Each parser checks its limit as it
// descends, so the recursion is bounded by the limit whatever the input, and a request PostgreSQL
// would spend seconds planning is refused before it reaches the database.
import { RestError } from '../errors'

export interface ParseLimits {
  /** Levels of embedded resources in `select` (`a(b(c))` is 3). */
  maxEmbedDepth: number
  /** Embedded resources in one `select`, at every level together. */
  maxEmbeds: number
  /** Nesting of `and(…)`/`or(…)` trees, and steps of a JSON path (`col->a->b`). */
  maxFilterDepth: number
}

/** Generous for any real client; the settings of the same names may change them. */
export const defaultParseLimits: ParseLimits = { maxEmbedDepth: 8, maxEmbeds: 40, maxFilterDepth: 16 }

const settingNames: Record<keyof ParseLimits, string> = {
  maxEmbedDepth: 'REST_MAX_EMBED_DEPTH',
  maxEmbeds: 'REST_MAX_EMBEDS',
  maxFilterDepth: 'REST_MAX_FILTER_DEPTH',
}

/** A PostgREST-style 400 that names the limit, its value and the setting behind it. */
export function limitExceeded(limits: ParseLimits, which: keyof ParseLimits, what: string): RestError {
  return new RestError(
    400,
    'PGRST100',
    `${what} exceeds the limit of ${limits[which]}`,
    `The server's ${settingNames[which]} setting is ${limits[which]}`,
    'Simplify the request, or split it into several',
  )
}
