// The leads list's status filter lives in the URL (?status=new), so each view can be bookmarked.
import { isOneOf, leadStatuses } from '@/lib/vocabularies'

export { leadStatuses }
export type LeadStatus = (typeof leadStatuses)[number]

export function isLeadStatus(value: unknown): value is LeadStatus {
  return isOneOf(leadStatuses, value)
}

export interface LeadsSearch {
  status?: LeadStatus
}

export function validateLeadsSearch(search: Record<string, unknown>): LeadsSearch {
  return isLeadStatus(search.status) ? { status: search.status } : {}
}
