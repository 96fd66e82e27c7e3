// The project list's filters, read from the URL. Free of supabase-js: route files (in the entry
// bundle) read these. The codes themselves live in ../vocabulary.ts.
import { isOneOf } from '@/lib/vocabularies'
import { projectStatuses } from '@/features/projects/vocabulary'

/** Projects that still need work: what the overview counts, and the list's "open" filter. */
export const openProjectStatuses = ['planning', 'in_progress', 'on_hold'] as const

/** The status filter's codes: one status, or `open` for any of the open ones. */
export const openStatusFilter = 'open'

/** The longest filter value the URL keeps, and the longest name search the filter form sends. */
export const FILTER_MAX = 100

export interface ProjectFilters {
  organization?: string
  status?: string
  q?: string
  archived?: boolean
}

/** Only known values survive from the URL; anything else means "no filter". */
export function validateProjectSearch(search: Record<string, unknown>): ProjectFilters {
  const text = (value: unknown) =>
    typeof value === 'string' && value.trim() ? value.trim().slice(0, FILTER_MAX) : undefined
  const status = text(search.status)
  return {
    organization: text(search.organization),
    status: isOneOf(projectStatuses, status) || status === openStatusFilter ? status : undefined,
    q: text(search.q),
    archived: search.archived === true || search.archived === 'true' ? true : undefined,
  }
}
