// The closed lists of codes the database accepts (its `check (x in (...))` constraints), one
// place each: forms offer them, the CSV importer and the URL filters check against them, and
// labels.ts names them. tests/integration/schema/vocabularies.test.ts compares every list with
// the migrated database, so a new code in a migration fails until it is added here (and named).
// Free of supabase-js and Lingui: route files in the entry bundle read these. The lists an Edge
// Function checks too live in supabase/functions/_shared/vocabularies.ts, which deploys with it.

export { locales, profileRoles } from '@functions/_shared/vocabularies'

export const serviceCodes = [
  'business-intelligence',
  'data-architecture',
  'data-engineering',
  'governance',
  'financial-intelligence',
  'customer-intelligence',
] as const
export const projectStatuses = ['planning', 'in_progress', 'on_hold', 'completed', 'cancelled'] as const

export const documentCategories = ['deliverable', 'specification', 'data', 'contract', 'other'] as const

export const reportTypes = ['weekly', 'monthly', 'quarterly', 'milestone', 'final', 'ad_hoc'] as const
export const reportStatuses = ['draft', 'published'] as const

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
] as const
export const metricGranularities = ['day', 'week', 'month', 'quarter', 'year'] as const

export const taskStatuses = ['todo', 'in_progress', 'blocked', 'done'] as const
export const taskPriorities = ['low', 'medium', 'high', 'urgent'] as const

export const leadStatuses = ['new', 'contacted', 'qualified', 'won', 'lost'] as const

export const activityEntityTypes = [
  'project',
  'document',
  'report',
  'analytics_metric',
  'task',
  'profile',
  'conversation_message',
  'approval',
] as const
export const activityActions = ['create', 'update', 'delete', 'view_as_start', 'view_as_end'] as const

/** True when `value` is one of `list`'s codes (and narrows it to that code). */
export function isOneOf<T extends string>(list: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && (list as readonly string[]).includes(value)
}

/** What staff may ask a client to approve, where a request stands, and the answers an approver gives. */
export const deliverableTypes = ['document', 'report'] as const
export const approvalStatuses = ['pending', 'approved', 'changes_requested'] as const
export const approvalDecisions = ['approved', 'changes_requested'] as const
export type ApprovalDecisionCode = (typeof approvalDecisions)[number]
