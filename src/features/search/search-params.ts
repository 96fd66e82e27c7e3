// The search page's URL (?q=) and its limits, kept apart from the query (search.ts) because the
// route files import them statically: this module brings no database client into the bundle.

/** The same limits as public.search: fewer characters match too much, more are not a search. */
export const searchLimits = { min: 2, max: 100 } as const

export interface SearchParams {
  q?: string
}

/** `?q=` kept as typed (trimmed, cut at the maximum): a hostile URL cannot make a longer search. */
export function validateSearchParams(search: Record<string, unknown>): SearchParams {
  const q = typeof search.q === 'string' ? search.q.trim().slice(0, searchLimits.max) : ''
  return q ? { q } : {}
}

export function isSearchable(query: string | undefined): query is string {
  return query !== undefined && query.trim().length >= searchLimits.min
}
