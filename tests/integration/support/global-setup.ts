// Runs once before the integration tests: builds a "golden" migrated and seeded database, as a
// PGlite snapshot file and, when PostgreSQL is installed, as a template database on a
// throw-away server. Each test file then starts from a copy in a fraction of a second.
import { spawnSync } from 'node:child_process'
import { writeFileSync, rmSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { openPglite } from '../../../supabase/server/db/pglite'
import { openPostgres } from '../../../supabase/server/db/postgres'
import { migrate } from '../../../supabase/server/db/migrate'
import { startPostgresCluster } from './postgres-cluster'
import { hasServerLibrary, postgresBinDir, postgresBinPlaces } from './postgres-bin'

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot: string
    postgresTemplateUrl: string | null
  }
}

const seedFile = join(process.cwd(), 'supabase', 'seed.sql')

export default async function setup(project: TestProject) {
  const withPostgres = process.env.TEST_POSTGRES !== 'off'
  // A run without PostgreSQL reports its cases as skipped, and one without pg_cron the cases of
  // Supabase Cron's schedules: locally that shows as a partial run, in CI it would pass as a whole.
  if (process.env.CI && withPostgres) refuseAPartialRun()
  const cluster = withPostgres ? await startPostgresCluster() : undefined
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

/** In CI, the PostgreSQL cases and pg_cron's must run: stops the run, saying what is missing. */
function refuseAPartialRun() {
  const bin = postgresBinDir()
  if (!bin)
    throw new Error(
      'CI runs the integration tests on PostgreSQL as well as PGlite, but no PostgreSQL server binaries ' +
        `were found under ${postgresBinPlaces}. Install them (Debian: apt-get install postgresql; ` +
        '.ci/run does), or set TEST_POSTGRES=off to run on PGlite only on purpose.',
    )
  if (!hasServerLibrary('pg_cron', bin)) {
    // Debian names the package after the server's major version: postgresql-15-cron for 15.
    const version = spawnSync(join(bin, 'postgres'), ['--version'], { encoding: 'utf8' }).stdout ?? ''
    const major = /\(PostgreSQL\) (\d+)/.exec(version)?.[1] ?? '15'
    throw new Error(
      `CI runs the Supabase Cron cases on PostgreSQL with pg_cron, but the PostgreSQL in ${bin} has no ` +
        `pg_cron library (../lib/pg_cron.so). Install it (Debian: apt-get install postgresql-${major}-cron; ` +
        '.ci/run does), or set TEST_POSTGRES=off to run on PGlite only on purpose.',
    )
  }
}
