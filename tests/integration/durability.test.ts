// Durability: the real server, as a child process, is killed with SIGKILL while clients write and
// is then restarted on the same data: every write it acknowledged is there, nothing is re-seeded.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomBytes } from 'node:crypto'
import { afterAll, expect, it } from 'vitest'
import WebSocket from 'ws'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { developmentKeys } from '../../supabase/server/lib/dev-keys'
import { demoPassword } from '../../supabase/server/welcome'
import { openPostgres } from '../../supabase/server/db/postgres'
import { describeEachDatabase } from './support/server'
import { startPostgresCluster, type PostgresCluster } from './support/postgres-cluster'
import { freePort } from './support/free-port'
import { killAllServerProcesses, siteDist, startServerProcess } from './support/server-process'

const tables = ['organizations', 'profiles', 'projects', 'tasks', 'analytics_metrics', 'contact_messages'] as const
type Table = (typeof tables)[number]
type Written = 'tasks' | 'analytics_metrics' | 'contact_messages'

function connect(url: string, key: string = developmentKeys.serviceRoleKey): SupabaseClient {
  return createClient(url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never },
  })
}

// How each written table marks this run's rows, so the seed's rows can be counted apart.
const marker = (tag: string): Record<Written, [column: string, pattern: string]> => ({
  tasks: ['title', `durability ${tag} %`],
  analytics_metrics: ['metric_key', `dur_${tag}_%`],
  contact_messages: ['name', `durability ${tag} %`],
})

/** Rows per table that this run did not write (the seed's). */
async function seedCounts(url: string, tag: string): Promise<Record<Table, number>> {
  const service = connect(url)
  const counts = {} as Record<Table, number>
  for (const table of tables) {
    const total = await service.from(table).select('*', { count: 'exact', head: true })
    if (total.error) throw new Error(`${table}: ${total.error.message}`)
    let ours = 0
    if (table in marker(tag)) {
      const [column, pattern] = marker(tag)[table as Written]
      const own = await service.from(table).select('*', { count: 'exact', head: true }).like(column, pattern)
      if (own.error) throw new Error(`${table}: ${own.error.message}`)
      ours = own.count ?? 0
    }
    counts[table] = (total.count ?? 0) - ours
  }
  return counts
}

async function presentIds(url: string, table: Written, tag: string): Promise<Set<string>> {
  const [column, pattern] = marker(tag)[table]
  const ids = new Set<string>()
  for (let from = 0; ; from += 1000) {
    const page = await connect(url)
      .from(table)
      .select('id')
      .like(column, pattern)
      .order('id')
      .range(from, from + 999)
    if (page.error) throw new Error(`${table}: ${page.error.message}`)
    if (page.data.length === 0) return ids
    for (const row of page.data) ids.add(row.id as string)
  }
}

/** Five writers in parallel: rows as the service role and as the signed-in demo admin (RLS applies), and uploads. */
async function startWriters(url: string, tag: string) {
  const service = connect(url)
  const admin = connect(url, developmentKeys.anonKey)
  const signIn = await admin.auth.signInWithPassword({ email: 'admin@caucedata.com', password: demoPassword })
  if (signIn.error) throw new Error(`sign-in: ${signIn.error.message}`)
  const projects = await service.from('projects').select('id').order('id')
  if (projects.error || projects.data.length === 0) throw new Error('no seeded projects')
  const projectIds = projects.data.map((row) => row.id as string)

  const rows: Record<Written, string[]> = { tasks: [], analytics_metrics: [], contact_messages: [] }
  const uploads = new Map<string, string>()
  let stopped = false
  // A 4xx is a bug in this test, not the crash: it must not pass for a lost write.
  const loop = async (
    name: string,
    write: (n: number) => Promise<{ ok: boolean; status: number; message?: string }>,
  ) => {
    for (let n = 0; !stopped; n++) {
      const result = await write(n)
      if (!result.ok && result.status >= 400 && result.status < 500)
        throw new Error(`${name} was refused (${result.status}): ${result.message}`)
    }
  }
  const insert =
    (table: Written, client: SupabaseClient, row: (n: number) => Record<string, unknown>) => async (n: number) => {
      const { data, error, status } = await client.from(table).insert(row(n)).select('id').single()
      const ok = status === 201 && !error && Boolean(data)
      if (ok) rows[table].push(data!.id as string)
      return { ok, status, message: error?.message }
    }
  const running = Promise.all([
    loop(
      'tasks#1',
      insert('tasks', service, (n) => ({
        project_id: projectIds[n % projectIds.length],
        title: `durability ${tag} a${n}`,
      })),
    ),
    loop(
      'tasks#2',
      insert('tasks', service, (n) => ({
        project_id: projectIds[(n + 1) % projectIds.length],
        title: `durability ${tag} b${n}`,
        status: 'done',
      })),
    ),
    loop(
      'metrics',
      insert('analytics_metrics', admin, (n) => ({
        project_id: projectIds[n % projectIds.length],
        metric_key: `dur_${tag}_${n}`,
        label_es: 'Durabilidad',
        label_en: 'Durability',
        period_start: '2026-01-01',
        period_end: '2026-01-31',
        value: n,
      })),
    ),
    loop(
      'contact',
      insert('contact_messages', service, (n) => ({
        name: `durability ${tag} ${n}`,
        email: `durability+${n}@example.com`,
        message: 'Do acknowledged writes survive a crash?',
        privacy_accepted: true,
      })),
    ),
    loop('upload', async (n) => {
      const path = `durability-${tag}/${n}.txt`
      const body = `upload ${n} of ${tag}`
      const { data, error } = await service.storage.from('documents').upload(path, body, { contentType: 'text/plain' })
      if (data && !error) uploads.set(path, body)
      return { ok: Boolean(data && !error), status: error?.status ?? 0, message: error?.message }
    }),
  ])
  return {
    count: () => Object.values(rows).reduce((sum, ids) => sum + ids.length, 0) + uploads.size,
    async stop() {
      stopped = true
      await running
      return { rows, uploads }
    },
  }
}

describeEachDatabase('durability on %s', (kind) => {
  let cluster: PostgresCluster | undefined
  const folders: string[] = []
  afterAll(() => {
    killAllServerProcesses()
    cluster?.stop()
    for (const folder of folders) rmSync(folder, { recursive: true, force: true })
  })

  it('keeps every acknowledged write when killed with SIGKILL mid-stream', { timeout: 90_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cauce-durability-'))
    folders.push(dataDir)
    const dist = siteDist()
    if (dist !== 'dist') folders.push(dist)
    const env: Record<string, string> = {
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      SITE_DIST: dist,
      MAIL_CATCHER_PORT: String(await freePort()),
    }
    if (kind === 'postgres') {
      cluster = await startPostgresCluster()
      if (!cluster) throw new Error('PostgreSQL was expected on this machine')
      const admin = openPostgres(cluster.url('postgres'), { max: 1 })
      await admin.exec('create database durability')
      await admin.close()
      env.DATABASE_URL = cluster.url('durability')
    }
    const tag = randomBytes(4).toString('hex')

    const first = await startServerProcess({ ...env })
    expect(first.output()).toContain('applied seed.sql')
    const before = await seedCounts(first.url, tag)
    expect(before.tasks).toBeGreaterThan(0)

    const writers = await startWriters(first.url, tag)
    const started = Date.now()
    while (Date.now() - started < 1500 || writers.count() < 50) await new Promise((resolve) => setTimeout(resolve, 20))
    await first.signal('SIGKILL')
    const { rows, uploads } = await writers.stop()
    // Requests in flight at the kill fail: their commit may or may not have landed, both are fine.
    expect(Object.values(rows).every((ids) => ids.length > 0) && uploads.size > 0).toBe(true)
    await expect(fetch(`${first.url}/`)).rejects.toThrow()

    const second = await startServerProcess({ ...env })
    expect(second.output()).not.toMatch(/database: applied/)

    const lost: Record<string, string[]> = {}
    for (const table of Object.keys(rows) as Written[]) {
      const present = await presentIds(second.url, table, tag)
      lost[table] = rows[table].filter((id) => !present.has(id))
      // At most one unacknowledged commit per writer of the table.
      expect(present.size).toBeLessThanOrEqual(rows[table].length + 2)
    }
    const storage = connect(second.url).storage.from('documents')
    lost.uploads = []
    for (const [path, body] of uploads) {
      const { data } = await storage.download(path)
      if ((await data?.text()) !== body) lost.uploads.push(path)
    }
    expect(lost).toEqual({ tasks: [], analytics_metrics: [], contact_messages: [], uploads: [] })
    expect(await seedCounts(second.url, tag)).toEqual(before)

    // The recovered database takes new writes, and the server then stops cleanly.
    const service = connect(second.url)
    const project = await service.from('projects').select('id').limit(1).single()
    const next = await service
      .from('tasks')
      .insert({ project_id: project.data?.id, title: `durability ${tag} next` })
      .select('id')
      .single()
    expect(next.status).toBe(201)
    await second.signal('SIGTERM')
  })
})
