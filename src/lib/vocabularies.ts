// The closed lists of codes the database accepts (its `check (x in (...))` constraints) that
// several concepts share: the languages, the roles and the firm's services (projects, leads, the
// site). A concept's own lists are in its vocabulary.ts (features/<concept>/). Forms offer them,
// the CSV importer and the URL filters check against them, and labels.ts names them.
// tests/integration/schema/vocabularies.test.ts compares every list with the migrated database,
// so a new code in a migration fails until it is added (and named). Free of supabase-js and
// Lingui: route files in the entry bundle read these. The lists an Edge Function checks too live
// in supabase/functions/_shared/vocabularies.ts, which deploys with it.

export { locales, profileRoles } from '@functions/_shared/vocabularies'

export const serviceCodes = [
  'business-intelligence',
  'data-architecture',
  'data-engineering',
  'governance',
  'financial-intelligence',
  'customer-intelligence',
] as const

/** True when `value` is one of `list`'s codes (and narrows it to that code). */
export function isOneOf<T extends string>(list: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && (list as readonly string[]).includes(value)
}
