// The leads list's status filter lives in the URL (?status=new), so each view can be bookmarked.
export const leadStatuses = ['new', 'in_progress', 'closed'] as const
export type LeadStatus = (typeof leadStatuses)[number]

export function isLeadStatus(value: unknown): value is LeadStatus {
  return typeof value === 'string' && (leadStatuses as readonly string[]).includes(value)
}

export interface LeadsSearch {
  status?: LeadStatus
}

export function validateLeadsSearch(search: Record<string, unknown>): LeadsSearch {
  return isLeadStatus(search.status) ? { status: search.status } : {}
}
