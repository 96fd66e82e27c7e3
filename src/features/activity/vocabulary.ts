// What the activity log records: the closed lists the database accepts
// (activity_log_entity_type_check, activity_log_action_check).
// tests/integration/schema/vocabularies.test.ts compares them with the migrated database. Free of
// supabase-js and Lingui, so a route's search validation can read them.

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
