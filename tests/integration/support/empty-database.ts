// An empty database of either kind, for tests of what runs before or between the migrations (the
// platform bootstrap, a migration meeting an older install). What closes and drops it is added to
// the test file's own `cleanups`, which it runs after its tests.
import { randomUUID } from 'node:crypto'
import { inject } from 'vitest'
import type { Database } from '../../../supabase/server/db/database'
import { openPglite } from '../../../supabase/server/db/pglite'
import { openPostgres } from '../../../supabase/server/db/postgres'
import type { DatabaseKind } from './server'

export type Cleanup = () => Promise<void> | void

export async function emptyDatabase(kind: DatabaseKind, prefix: string, cleanups: Cleanup[]): Promise<Database> {
  if (kind === 'pglite') {
    const db = await openPglite()
    cleanups.push(() => db.close())
    return db
  }
  const adminUrl = inject('postgresTemplateUrl')!
  const name = `${prefix}_${randomUUID().replace(/-/g, '')}`
  const admin = openPostgres(adminUrl, { max: 1 })
  await admin.exec(`create database ${name}`)
  await admin.close()
  const db = openPostgres(adminUrl.replace(/\/postgres$/, `/${name}`), { max: 1 })
  cleanups.push(async () => {
    await db.close()
    const drop = openPostgres(adminUrl, { max: 1 })
    await drop.exec(`drop database if exists ${name} with (force)`)
    await drop.close()
  })
  return db
}
