// A lead's statuses: the closed list the database accepts (contact_messages_status_check).
// tests/integration/schema/vocabularies.test.ts compares them with the migrated database. Free of
// supabase-js and Lingui, so a route's search validation can read them.

export const leadStatuses = ['new', 'contacted', 'qualified', 'won', 'lost'] as const
