// The activity log's filters live in the URL (?org=…&project=…&person=…&from=…&to=…&page=…), so a
// filtered view can be bookmarked and shared. Anything malformed is dropped rather than refused.
import { isUuid } from '@/lib/query-utils'
import { isCalendarDate } from '@/lib/rules/values'

export interface ActivitySearch {
  /** Organization id. */
  org?: string
  /** Project id. */
  project?: string
  /** The person who made the change (activity_log.actor_id). */
  person?: string
  /** First day, YYYY-MM-DD, in the reader's time zone. */
  from?: string
  /** Last day (inclusive), YYYY-MM-DD. */
  to?: string
  /** 1-based page; absent for the first. */
  page?: number
}

export type ActivityFilters = Omit<ActivitySearch, 'page'>

function uuid(value: unknown): string | undefined {
  return isUuid(value) ? value.toLowerCase() : undefined
}

/** A real calendar day as YYYY-MM-DD (2026-02-30 is not one). */
function day(value: unknown): string | undefined {
  return typeof value === 'string' && isCalendarDate(value) ? value : undefined
}

function page(value: unknown): number | undefined {
  const number = typeof value === 'string' ? Number(value) : value
  return typeof number === 'number' && Number.isInteger(number) && number > 1 && number < 1_000_000 ? number : undefined
}

export function validateActivitySearch(search: Record<string, unknown>): ActivitySearch {
  const result: ActivitySearch = {
    org: uuid(search.org),
    project: uuid(search.project),
    person: uuid(search.person),
    from: day(search.from),
    to: day(search.to),
    page: page(search.page),
  }
  // Absent keys rather than `undefined` ones keep the URL clean.
  for (const key of Object.keys(result) as (keyof ActivitySearch)[]) {
    if (result[key] === undefined) delete result[key]
  }
  return result
}

/** The filters without the page, for query keys and the CSV export. */
export function filtersOf(search: ActivitySearch): ActivityFilters {
  const { page: _page, ...filters } = search
  return filters
}

export function hasFilters(filters: ActivityFilters): boolean {
  return Object.values(filters).some((value) => value !== undefined && value !== '')
}

/** Local midnight of a YYYY-MM-DD day as an ISO instant (the reader's day, not UTC's). */
export function startOfDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number]
  return new Date(year, month - 1, date).toISOString()
}

/** Local midnight of the day after, so `to` includes its whole day. */
export function startOfNextDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number]
  return new Date(year, month - 1, date + 1).toISOString()
}
