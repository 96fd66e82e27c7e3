// The committed database types must match the migrations: a schema change without
// `npm run db:types` fails here.
import { readFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { databaseTypesPath, generateDatabaseTypes } from '../../supabase/server/db/types/generate'

describe('generated database types', () => {
  it('are up to date with supabase/migrations (run `npm run db:types` if not)', async () => {
    const committed = await readFile(databaseTypesPath, 'utf8')
    expect(committed).toBe(await generateDatabaseTypes())
  })
})
