// A metric's units and granularities: the closed lists the database accepts
// (analytics_metrics_unit_check, analytics_metrics_granularity_check).
// tests/integration/schema/vocabularies.test.ts compares them with the migrated database. Free of
// supabase-js and Lingui, so a route's search validation can read them.

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
