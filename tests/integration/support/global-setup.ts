// Runs once before the integration tests: builds a "golden" migrated and seeded database, as a
// PGlite snapshot file and, when PostgreSQL is installed, as a template database on a
// throw-away server. Each test file then starts from a copy in a fraction of a second.
import { writeFileSync, rmSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { openPglite } from '../../../supabase/server/db/pglite'
import { openPostgres } from '../../../supabase/server/db/postgres'
import { migrate } from '../../../supabase/server/db/migrate'
import { startPostgresCluster } from './postgres-cluster'

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot: string
    postgresTemplateUrl: string | null
  }
}

const seedFile = join(process.cwd(), 'supabase', 'seed.sql')

export default async function setup(project: TestProject) {
  const cluster = process.env.TEST_POSTGRES === 'off' ? undefined : await startPostgresCluster()
  // A run without PostgreSQL reports its cases as skipped; in CI that would pass half a suite.
  if (!cluster && process.env.CI && process.env.TEST_POSTGRES !== 'off')
    throw new Error(
      'CI runs the integration tests on PostgreSQL as well as PGlite, but no PostgreSQL server binaries ' +
        'were found under /usr/lib/postgresql/*/bin (or TEST_POSTGRES_BIN). Install them (Debian: apt-get install postgresql; ' +
        '.ci/run does), or set TEST_POSTGRES=off to run on PGlite only on purpose.',
    )
  const dir = mkdtempSync(join(tmpdir(), 'cauce-golden-'))
  try {
    const db = await openPglite()
    await migrate(db, { seedFile })
    const snapshot = join(dir, 'golden.tar.gz')
    const dump = await db.dumpDataDir()
    writeFileSync(snapshot, Buffer.from(await dump.arrayBuffer()))
    await db.close()
    project.provide('pgliteSnapshot', snapshot)

    if (cluster) {
      const admin = openPostgres(cluster.url('postgres'), { max: 1 })
      await admin.exec('create database golden')
      await admin.close()
      const golden = openPostgres(cluster.url('golden'), { max: 1 })
      await migrate(golden, { seedFile })
      await golden.close()
    }
  } catch (error) {
    cluster?.stop()
    rmSync(dir, { recursive: true, force: true })
    throw error
  }
  project.provide('postgresTemplateUrl', cluster ? cluster.url('postgres') : null)

  return () => {
    cluster?.stop()
    rmSync(dir, { recursive: true, force: true })
  }
}
