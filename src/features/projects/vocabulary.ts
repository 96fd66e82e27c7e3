// A project's statuses: the closed list the database accepts (projects_status_check).
// tests/integration/schema/vocabularies.test.ts compares them with the migrated database. Free of
// supabase-js and Lingui, so a route's search validation can read them.

export const projectStatuses = ['planning', 'in_progress', 'on_hold', 'completed', 'cancelled'] as const
