// Our server's platform bootstrap (supabase/server/db/platform/, and the bookkeeping migrate.ts
// adds) creates only what Supabase's own platform has, so nothing the product uses can exist only
// here (decision 0028). An empty database is bootstrapped without the project's migrations; every
// schema, table, view, column, function, role and publication it gained must be in the list taken
// from Supabase's sources (support/supabase-platform.ts), or be one of the named exceptions below.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { migrate } from '../../supabase/server/db/migrate'
import { readCatalogObjects, type CatalogObjects } from './support/catalog-objects'
import { describeEachDatabase } from './support/server'
import { emptyDatabase, type Cleanup } from './support/empty-database'
import { supabasePlatform } from './support/supabase-platform'

/**
 * What our bootstrap has that Supabase's platform does not, each on purpose. None is for the
 * product: no migration, seed or app code may use them (each says what does). An entry that no
 * longer matches anything fails the test, so the list cannot outlive its reason.
 */
const exceptions: Record<string, string> = {
  // Our server's own bookkeeping of the bootstrap files applied (migrate.ts); Supabase's image
  // needs none, as it is built once.
  'schema _platform': 'migrate.ts: which bootstrap files a database has',
  '_platform.applied': 'migrate.ts: which bootstrap files a database has',
  // Our change capture for Realtime (decision 0014): PGlite has no logical decoding, so a trigger
  // queues each change of a published table. Used only by supabase/server/realtime/; on Supabase,
  // Realtime reads the write-ahead log instead.
  'schema _realtime': 'Realtime change capture (decision 0014)',
  '_realtime.changes': 'Realtime change capture (decision 0014)',
  '_realtime.capture()': 'Realtime change capture (decision 0014)',
  '_realtime.sync_publication()': 'Realtime change capture (decision 0014)',
  '_realtime.visible_to(regclass, jsonb, jsonb)': 'Realtime change capture (decision 0014)',
  '_realtime.deleted_visible_to(regclass, jsonb, jsonb)': 'Realtime change capture (decision 0014)',
  '_realtime.conditions_hold(regclass, jsonb, jsonb)': 'Realtime change capture (decision 0014)',
  '_realtime.invalid_value(text[], text[])': 'Realtime change capture (decision 0014)',
  // The TOTP time step last accepted, so our auth refuses a code replayed within its window.
  // Written and read only by supabase/server/auth/ (Supabase Auth keeps no such column).
  'auth.mfa_factors.last_totp_step': 'our auth: TOTP replay check',
  // When a one-time token was used; Supabase Auth deletes a token on use instead. Only
  // supabase/server/auth/ reads it.
  'auth.one_time_tokens.used_at': 'our auth: one-time tokens marked used',
}

/** Each object `after` has and `before` had not, named as the failure names it. */
function gained(before: CatalogObjects, after: CatalogObjects): string[] {
  const names: string[] = []
  for (const schema of after.schemas) if (!before.schemas.includes(schema)) names.push(`schema ${schema}`)
  for (const [relation, columns] of Object.entries(after.relations)) {
    const old = before.relations[relation]
    if (!old) names.push(relation)
    for (const column of columns) if (!old?.includes(column)) names.push(`${relation}.${column}`)
  }
  for (const fn of after.functions) if (!before.functions.includes(fn)) names.push(fn)
  // Roles are the cluster's, not one database's (the golden database made them on PostgreSQL):
  // every one there is held to the list.
  for (const role of after.roles) names.push(`role ${role}`)
  for (const publication of after.publications)
    if (!before.publications.includes(publication)) names.push(`publication ${publication}`)
  return names
}

/** Whether Supabase's platform has the object `name` (as `gained` names it). */
function onSupabase(name: string): boolean {
  const [kind, rest = ''] = name.split(' ')
  if (kind === 'schema') return supabasePlatform.schemas.includes(rest)
  if (kind === 'role') return supabasePlatform.roles.includes(rest)
  if (kind === 'publication') return supabasePlatform.publications.includes(rest)
  if (name.endsWith(')')) return supabasePlatform.functions.includes(name)
  if (name in supabasePlatform.relations) return true
  const dot = name.lastIndexOf('.')
  return supabasePlatform.relations[name.slice(0, dot)]?.includes(name.slice(dot + 1)) ?? false
}

const cleanups: Cleanup[] = []
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup()
})

describeEachDatabase('the platform bootstrap on %s', (kind) => {
  it('creates only what Supabase’s platform has', { timeout: 120_000 }, async () => {
    const db = await emptyDatabase(kind, 'platform', cleanups)
    const noMigrations = mkdtempSync(join(tmpdir(), 'cauce-no-migrations-'))
    cleanups.push(() => rmSync(noMigrations, { recursive: true, force: true }))
    const before = await readCatalogObjects(db)
    await migrate(db, { migrationsDir: noMigrations })
    const created = gained(before, await readCatalogObjects(db))

    // It read what the bootstrap made (else the comparison below would hold of nothing).
    expect(created).toEqual(
      expect.arrayContaining(['schema auth', 'auth.users.id', 'auth.uid()', 'storage.objects', 'role anon']),
    )
    const allowed = (name: string) => onSupabase(name) || name in exceptions
    // A column of a table that is itself extra or excepted goes with its table.
    const tableOf = (name: string) => name.slice(0, name.lastIndexOf('.'))
    const extra = created.filter(
      (name) => !allowed(name) && !(created.includes(tableOf(name)) && !onSupabase(tableOf(name))),
    )
    expect(extra.map((name) => `${name}: not in Supabase's platform`)).toEqual([])
    const stale = Object.keys(exceptions).filter((name) => !created.includes(name))
    expect(stale.map((name) => `${name}: listed as an exception but not created`)).toEqual([])
  })
})
