// A document's categories: the closed list the database accepts (documents_category_check).
// tests/integration/schema/vocabularies.test.ts compares them with the migrated database. Free of
// supabase-js and Lingui, so a route's search validation can read them.

export const documentCategories = ['deliverable', 'specification', 'data', 'contract', 'other'] as const
