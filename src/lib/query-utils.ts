// Small helpers every area's queries share: PostgREST answers to values or thrown errors, and
// the checks made before asking the server at all.

/** Throws the PostgREST error so TanStack Query (and the route's error component) sees it. */
export function unwrap<T>(result: { data: T; error: { message: string } | null }): T {
  if (result.error) throw new Error(result.error.message)
  return result.data
}

/** Like unwrap, for lists: an answer without rows is an empty array. */
export function unwrapList<T>(result: { data: T[] | null; error: { message: string } | null }): T[] {
  if (result.error) throw new Error(result.error.message)
  return result.data ?? []
}

/** Ids in URLs are uuids; anything else is "not found" without asking the server. */
export { isUuid } from '@functions/_shared/uuid'

/** Metric rows with their numeric columns as numbers: some PostgREST versions send them as strings. */
export function numericMetrics<T extends { value: unknown; target: unknown }>(
  rows: T[],
): (Omit<T, 'value' | 'target'> & { value: number; target: number | null })[] {
  return rows.map((row) => ({
    ...row,
    value: Number(row.value),
    target: row.target === null ? null : Number(row.target),
  }))
}

/**
 * How long an answer a route's loader asked for counts as fresh: long enough that the component
 * which shows it, mounting once the page's main data has arrived, reads that answer rather than
 * asking again (a second round of requests), short enough that coming back to the page later asks
 * afresh (its live updates only run while it is open).
 */
export const loadedWithRouteMs = 5_000
