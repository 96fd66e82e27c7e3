// The leads page's view lives in the URL, so each view can be bookmarked: the board or the list
// (?view=list), one status (?status=new) and "mine" (?mine=1, the leads assigned to the reader).
import { isOneOf } from '@/lib/vocabularies'
import { leadStatuses } from '@/features/leads/vocabulary'

export { leadStatuses }
export type LeadStatus = (typeof leadStatuses)[number]

export function isLeadStatus(value: unknown): value is LeadStatus {
  return isOneOf(leadStatuses, value)
}

export interface LeadsSearch {
  status?: LeadStatus
  view?: 'list'
  mine?: 1
}

export function validateLeadsSearch(search: Record<string, unknown>): LeadsSearch {
  const result: LeadsSearch = {}
  if (isLeadStatus(search.status)) result.status = search.status
  if (search.view === 'list') result.view = 'list'
  if (search.mine === 1 || search.mine === '1' || search.mine === true) result.mine = 1
  return result
}
