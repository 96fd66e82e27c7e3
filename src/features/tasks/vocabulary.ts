// A task's statuses and priorities: the closed lists the database accepts (tasks_status_check,
// tasks_priority_check).
// tests/integration/schema/vocabularies.test.ts compares them with the migrated database. Free of
// supabase-js and Lingui, so a route's search validation can read them.

export const taskStatuses = ['todo', 'in_progress', 'blocked', 'done'] as const
export const taskPriorities = ['low', 'medium', 'high', 'urgent'] as const
