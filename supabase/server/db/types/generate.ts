// Builds the database types from supabase/migrations on a fresh in-memory database, so the
// result depends only on the committed migrations.
import type { Queryable } from '../database'
import { openPglite } from '../pglite'
import { migrate } from '../migrate'
import { introspect } from './introspect'
import { renderDatabaseTypes } from './render'

export const databaseTypesPath = 'supabase/functions/_shared/database.types.ts'

/** The types of a database migrated already (the tests' golden copy), from its catalog alone. */
export async function databaseTypesOf(db: Queryable): Promise<string> {
  return renderDatabaseTypes(await introspect(db))
}

export async function generateDatabaseTypes(): Promise<string> {
  const db = await openPglite()
  try {
    await migrate(db)
    return await databaseTypesOf(db)
  } finally {
    await db.close()
  }
}
