// The values the project pages offer, as the database's check constraints allow them, and the
// list's filters. Free of supabase-js: route files (in the entry bundle) read these.
export const projectStatuses = ['planning', 'in_progress', 'on_hold', 'completed', 'cancelled'] as const
export const serviceCodes = [
  'business-intelligence',
  'data-architecture',
  'data-engineering',
  'governance',
  'financial-intelligence',
  'customer-intelligence',
] as const
export const reportTypes = ['weekly', 'monthly', 'quarterly', 'milestone', 'final', 'ad_hoc'] as const
export const taskStatuses = ['todo', 'in_progress', 'blocked', 'done'] as const
export const taskPriorities = ['low', 'medium', 'high', 'urgent'] as const
export const metricUnits = [
  'count',
  'percent',
  'EUR',
  'USD',
  'COP',
  'MXN',
  'hours',
  'days',
  'seconds',
  'ratio',
  'score',
]
export const metricGranularities = ['day', 'week', 'month', 'quarter', 'year']

export interface ProjectFilters {
  organization?: string
  status?: string
  q?: string
  archived?: boolean
}

/** Only known values survive from the URL; anything else means "no filter". */
export function validateProjectSearch(search: Record<string, unknown>): ProjectFilters {
  const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim().slice(0, 100) : undefined)
  const status = text(search.status)
  return {
    organization: text(search.organization),
    status: status && (projectStatuses as readonly string[]).includes(status) ? status : undefined,
    q: text(search.q),
    archived: search.archived === true || search.archived === 'true' ? true : undefined,
  }
}
