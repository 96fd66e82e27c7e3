// A report's types and statuses: the closed lists the database accepts (reports_type_check,
// reports_status_check).
// tests/integration/schema/vocabularies.test.ts compares them with the migrated database. Free of
// supabase-js and Lingui, so a route's search validation can read them.

export const reportTypes = ['weekly', 'monthly', 'quarterly', 'milestone', 'final', 'ad_hoc'] as const
export const reportStatuses = ['draft', 'published'] as const
