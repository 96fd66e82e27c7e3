// Builds the database types from supabase/migrations on a fresh in-memory database, so the
// result depends only on the committed migrations.
import { openPglite } from '../pglite'
import { migrate } from '../migrate'
import { introspect } from './introspect'
import { renderDatabaseTypes } from './render'

export const databaseTypesPath = 'supabase/functions/_shared/database.types.ts'

export async function generateDatabaseTypes(): Promise<string> {
  const db = await openPglite()
  try {
    await migrate(db)
    return renderDatabaseTypes(await introspect(db))
  } finally {
    await db.close()
  }
}
