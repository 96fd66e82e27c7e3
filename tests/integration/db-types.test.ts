// The committed database types must match the migrations: a schema change without
// `npm run db:types` fails here. Read from the run's golden copy (global-setup: the same migrations,
// applied once), not from a database migrated again for this test alone.
import { readFile } from 'node:fs/promises'
import { readFileSync } from 'node:fs'
import { describe, expect, inject, it } from 'vitest'
import { openPglite } from '../../supabase/server/db/pglite'
import { databaseTypesOf, databaseTypesPath } from '../../supabase/server/db/types/generate'

describe('generated database types', () => {
  it('are up to date with supabase/migrations (run `npm run db:types` if not)', async () => {
    const committed = await readFile(databaseTypesPath, 'utf8')
    const db = await openPglite({ loadDataDir: new Blob([readFileSync(inject('pgliteSnapshot'))]) })
    try {
      expect(committed).toBe(await databaseTypesOf(db))
    } finally {
      await db.close()
    }
  })
})
