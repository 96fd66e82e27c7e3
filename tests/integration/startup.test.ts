// Start-up that cannot race (decision 0027). On PostgreSQL, servers starting at the same moment on
// one empty database take turns on an advisory lock: one bootstraps, migrates, seeds and uploads
// the demo files, the others wait and find it all done, and every one of them comes up. On PGlite,
// a second process on the same data directory is refused with a clear message.
import { randomUUID } from 'node:crypto'
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, inject, it } from 'vitest'
import type { Database } from '../../supabase/server/db/database'
import { openPostgres } from '../../supabase/server/db/postgres'
import { readEnv } from '../../supabase/server/env'
import { createServer, STARTUP_LOCK } from '../../supabase/server/server'
import { StartupError } from '../../supabase/server/startup-error'
import { developmentKeys } from '../../supabase/server/lib/dev-keys'
import { databaseKinds } from './support/server'
import { killAllServerProcesses, siteDist, startServerProcess } from './support/server-process'

const folders: string[] = []
const databases: string[] = []
afterAll(async () => {
  killAllServerProcesses()
  for (const folder of folders) rmSync(folder, { recursive: true, force: true })
  const adminUrl = inject('postgresTemplateUrl')
  if (adminUrl && databases.length > 0) {
    const admin = openPostgres(adminUrl, { max: 1 })
    for (const name of databases) await admin.exec(`drop database if exists ${name} with (force)`)
    await admin.close()
  }
})

function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  folders.push(dir)
  return dir
}

/** A new, empty database on the test cluster: its URL. */
async function emptyDatabase(): Promise<string> {
  const adminUrl = inject('postgresTemplateUrl')!
  const name = `startup_${randomUUID().replace(/-/g, '')}`
  const admin = openPostgres(adminUrl, { max: 1 })
  await admin.exec(`create database ${name}`)
  await admin.close()
  databases.push(name)
  return adminUrl.replace(/\/postgres$/, `/${name}`)
}

const count = async (db: Database, sql: string) => (await db.query<{ n: number }>(sql)).rows[0]!.n

describe.skipIf(!databaseKinds().includes('postgres'))('start-up on postgres', () => {
  it(
    'brings up three servers started at once on one empty database, migrating and seeding once',
    {
      timeout: 240_000,
    },
    async () => {
      const databaseUrl = await emptyDatabase()
      const dist = siteDist()
      if (dist !== 'dist') folders.push(dist)
      // One data folder for the three, as copies of one server behind a load balancer would share
      // their storage: the demo files are written once, into it.
      const env = { NODE_ENV: 'test', DATABASE_URL: databaseUrl, DATA_DIR: tempDir('cauce-startup-'), SITE_DIST: dist }
      const servers = await Promise.all([1, 2, 3].map(() => startServerProcess(env, 180_000)))

      for (const server of servers) {
        const health = await fetch(`${server.url}/auth/v1/health`, { headers: { apikey: developmentKeys.anonKey } })
        expect(health.status, server.output()).toBe(200)
        const read = await fetch(`${server.url}/rest/v1/organizations?select=name&order=name`, {
          headers: {
            apikey: developmentKeys.serviceRoleKey,
            authorization: `Bearer ${developmentKeys.serviceRoleKey}`,
          },
        })
        expect(read.status, server.output()).toBe(200)
        expect(await read.json()).toEqual([{ name: 'Almacenes Ribera' }, { name: 'Kuntur Pay' }])
      }
      // One server did the work; the others found it done.
      const outputs = servers.map((server) => server.output())
      expect(outputs.filter((output) => output.includes('database: applied seed.sql'))).toHaveLength(1)
      expect(outputs.filter((output) => output.includes('database: uploaded 15 demo document files'))).toHaveLength(1)
      expect(outputs.filter((output) => /database: applied/.test(output))).toHaveLength(1)

      const db = openPostgres(databaseUrl, { max: 1 })
      const golden = openPostgres(inject('postgresTemplateUrl')!.replace(/\/postgres$/, '/golden'), { max: 1 })
      try {
        // Every migration once (the version is the key: a second apply would have failed, not doubled).
        const migrations = readdirSync(join(process.cwd(), 'supabase', 'migrations')).filter((f) => f.endsWith('.sql'))
        expect(await count(db, 'select count(*)::int as n from supabase_migrations.schema_migrations')).toBe(
          migrations.length,
        )
        const applied = (await db.query<{ name: string }>('select name from _platform.applied')).rows.map((r) => r.name)
        expect(applied.filter((name) => name === 'seed' || name === 'demo-files').sort()).toEqual([
          'demo-files',
          'seed',
        ])
        // The seed once: the tables it fills without fixed ids (or through triggers) hold what one
        // seed gives, the golden database's count.
        for (const table of [
          'public.activity_log',
          'public.notifications',
          'public.analytics_metrics',
          'public.tasks',
          'public.documents',
          'auth.users',
        ]) {
          const sql = `select count(*)::int as n from ${table}`
          expect(await count(db, sql), table).toBe(await count(golden, sql))
        }
        expect(await count(db, 'select count(*)::int as n from storage.objects')).toBe(15)
      } finally {
        await db.close()
        await golden.close()
      }
    },
  )

  it.each([
    ['a direct connection (session lock)', true],
    ['a transaction-mode pooler (lock in an open transaction)', false],
  ])('makes a second taker wait for the lock behind %s', async (_name, preparedStatements) => {
    const url = await emptyDatabase()
    const one = openPostgres(url, { max: 1, preparedStatements })
    const two = openPostgres(url, { max: 1, preparedStatements })
    try {
      const releaseOne = await one.lock(STARTUP_LOCK)
      let waited = false
      let taken = false
      const second = two.lock(STARTUP_LOCK, { onWait: () => (waited = true) }).then((release) => {
        taken = true
        return release
      })
      // No clock: PostgreSQL shows the second taker's request for the lock waiting, not granted.
      const waiting = async () =>
        (
          await one.query<{ count: number }>(
            "select count(*)::int as count from pg_locks where locktype = 'advisory' and not granted",
          )
        ).rows[0]?.count
      await expect.poll(waiting).toBe(1)
      expect({ waited, taken }).toEqual({ waited: true, taken: false })
      // Another name is another lock.
      await (
        await two.lock('another.lock')
      )()
      await releaseOne()
      const releaseTwo = await second
      expect(taken).toBe(true)
      await releaseTwo()
      // Released: taken at once again.
      let waitedAgain = false
      await (
        await one.lock(STARTUP_LOCK, { onWait: () => (waitedAgain = true) })
      )()
      expect(waitedAgain).toBe(false)
    } finally {
      await one.close()
      await two.close()
    }
  })

  it('gives up after STARTUP_LOCK_TIMEOUT_MS with a clear message while another start holds the lock', async () => {
    const url = await emptyDatabase()
    const holder = openPostgres(url, { max: 1 })
    const release = await holder.lock(STARTUP_LOCK)
    const log: string[] = []
    try {
      const start = createServer({
        env: readEnv({
          NODE_ENV: 'test',
          DATABASE_URL: url,
          DATA_DIR: tempDir('cauce-startup-'),
          STARTUP_LOCK_TIMEOUT_MS: '1000',
        }),
        log: (line) => log.push(line),
      })
      await expect(start).rejects.toThrow(StartupError)
      await expect(start).rejects.toThrow(
        'Another server has been starting on this database for over 1 s (it holds the start-up lock).',
      )
      expect(log).toEqual(['waiting for another server to finish starting on this database'])
      // It never got to migrate.
      expect(await count(holder, `select count(*)::int as n from pg_namespace where nspname = '_platform'`)).toBe(0)
    } finally {
      await release()
      await holder.close()
    }
  })
})

describe('start-up on pglite', () => {
  it(
    'refuses a second server on the same data directory, and takes over the lock a killed one left',
    {
      timeout: 240_000,
    },
    async () => {
      const dist = siteDist()
      if (dist !== 'dist') folders.push(dist)
      const env = { NODE_ENV: 'test', DATA_DIR: tempDir('cauce-startup-pglite-'), SITE_DIST: dist }
      const health = async (url: string) =>
        (await fetch(`${url}/auth/v1/health`, { headers: { apikey: developmentKeys.anonKey } })).status
      const first = await startServerProcess({ ...env }, 150_000)

      const second = startServerProcess({ ...env })
      await expect(second).rejects.toThrow(
        new RegExp(
          `The server exited before it was ready:\\n.*The embedded database in ${env.DATA_DIR}/db is already open in process \\d+`,
        ),
      )
      const message = await second.catch((error: Error) => error.message)
      expect(message).toContain('Only one server can use it at a time')
      expect(message).not.toMatch(/\n\s+at /)
      // The first goes on serving.
      expect(await health(first.url)).toBe(200)

      // Killed, it leaves its lock file behind, naming a process that is gone: the next start takes it.
      await first.signal('SIGKILL')
      expect(readdirSync(env.DATA_DIR)).toContain('db.lock')
      const third = await startServerProcess({ ...env }, 150_000)
      expect(third.output()).not.toMatch(/database: applied/)
      expect(await health(third.url)).toBe(200)
      await third.signal('SIGTERM')
      // A clean stop removes it, as part of the server's own shutdown.
      expect(readdirSync(env.DATA_DIR), third.output()).not.toContain('db.lock')
    },
  )
})
