// Realtime under load, two cases (`BENCH_CASES=delivery,amplification`, both by default):
//
// - delivery: 500 subscribers (supabase-js clients, each its own WebSocket and user) of
//   postgres_changes on `tasks`, on one server on PostgreSQL. For each committed insert, the time
//   until it reaches every subscriber allowed to see it (row-level security checked as each
//   subscriber), p50/p95/p99, and the CPU per delivered message of the server and of PostgreSQL.
//   Subscribers that may not see the row must receive nothing. Section "Realtime: delivery to 500
//   subscribers" of docs/benchmarks.md.
// - amplification: one user holds the most bindings the REALTIME_* limits allow while staff write
//   and another organization reads over REST, on PGlite and on PostgreSQL
//   (scripts/lib/realtime-amplification.ts). Section "Realtime: one user's most bindings against
//   other tenants".
//
//   npm run bench:realtime
//   BENCH_SUBSCRIBERS=200 BENCH_INSERTS=10 npm run bench:realtime   (smaller run)
//   BENCH_CASES=amplification BENCH_AMPLIFICATION_MS=5000 npm run bench:realtime
//
// Exits non-zero only when it cannot measure (or a subscriber got a row it may not see); a missed
// target is reported, not failed on.
import { execFileSync, spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { cpus, loadavg, totalmem, tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { performance } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'
import { SignJWT } from 'jose'
import pg from 'pg'
import WebSocket from 'ws'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { startPostgresCluster } from '../tests/integration/support/postgres-cluster'
import { freePort } from '../tests/integration/support/free-port'
import { killAllServerProcesses, siteDist, startServerProcess } from '../tests/integration/support/server-process'
import { developmentKeys } from '../supabase/server/lib/dev-keys'
import { groupCpu, postgresCpu } from './lib/proc-cpu'
import { replaceSection } from './lib/bench-doc'
import { amplificationPhases, MESSAGE_EVERY_MS, READERS, type PhaseResult } from './lib/realtime-amplification'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const DOC = join(ROOT, 'docs', 'benchmarks.md')
const SECTION_TITLE = '## Realtime: delivery to 500 subscribers'
const AMPLIFICATION_TITLE = "## Realtime: one user's most bindings against other tenants"
const CASES = (process.env.BENCH_CASES ?? 'delivery,amplification').split(',')
const TARGET_P99_MS = 100
const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 500)
const INSERTS = Number(process.env.BENCH_INSERTS ?? 30)
const WARMUP = 3
const TARGET_P95_MS = 200
/** Almacenes Ribera's dashboard project (seed): its clients and staff may see its tasks. */
const RIBERA = '0a000000-0000-4000-8000-000000000001'
const KUNTUR = '0b000000-0000-4000-8000-000000000001'
const PROJECT = '1a000000-0000-4000-8000-000000000001'

type Kind = 'allowed client' | 'denied client' | 'staff'
/** 80 % clients of the project's organization, 18 % of another, 2 % staff. */
function kindOf(index: number): Kind {
  const share = index / SUBSCRIBERS
  return share < 0.8 ? 'allowed client' : share < 0.98 ? 'denied client' : 'staff'
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!

function userId(index: number) {
  return `b0000000-0000-4000-8000-${String(index).padStart(12, '0')}`
}

type Cluster = NonNullable<Awaited<ReturnType<typeof startPostgresCluster>>>

async function createDatabase(cluster: Cluster, name: string) {
  const admin = new pg.Client({ connectionString: cluster.url('postgres') })
  await admin.connect()
  const postgresVersion = (await admin.query<{ v: string }>("select current_setting('server_version') as v")).rows[0]!.v
  await admin.query(`create database ${name}`)
  await admin.end()
  return { url: cluster.url(name), postgresVersion }
}

async function commitLabel() {
  let commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim()
  if (execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: ROOT, encoding: 'utf8' }).trim())
    commit += ' (with uncommitted changes)'
  return commit
}

async function main() {
  console.log('▶ Starting a PostgreSQL cluster')
  const cluster = await startPostgresCluster()
  if (!cluster) throw new Error('npm run bench:realtime needs PostgreSQL server binaries (Debian: postgresql)')
  try {
    if (CASES.includes('amplification')) await amplification(cluster)
    if (CASES.includes('delivery')) await delivery(cluster)
  } finally {
    killAllServerProcesses()
    await cluster.stop()
  }
  process.exit(process.exitCode ?? 0)
}

async function delivery(cluster: Cluster) {
  const cleanups: (() => unknown)[] = []
  try {
    const { url: databaseUrl, postgresVersion } = await createDatabase(cluster, 'bench')
    const port = await freePort()
    const dataDir = mkdtempSync(join(tmpdir(), 'bench-realtime-'))
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }))

    console.log('▶ Starting the server (migrations and seed on first start)')
    const server = spawn(process.execPath, ['--import', 'tsx', 'supabase/server/index.ts'], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATABASE_URL: databaseUrl,
        SITE_DIST: siteDist(),
        DATA_DIR: dataDir,
        MAIL_CATCHER_PORT: String(await freePort()),
        NOTIFICATION_MAIL_INTERVAL_MS: '0',
        // The subscribers stand for as many browsers, all from this process's one address.
        REALTIME_MAX_CONNECTIONS_PER_ADDRESS: String(SUBSCRIBERS + 10),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    })
    cleanups.unshift(() => {
      try {
        process.kill(-server.pid!, 'SIGKILL')
      } catch {
        // gone
      }
    })
    let printed = ''
    server.stdout.on('data', (chunk: Buffer) => (printed += chunk.toString()))
    server.stderr.on('data', (chunk: Buffer) => (printed += chunk.toString()))
    const deadline = Date.now() + 120_000
    while (!printed.includes('Site ready')) {
      if (server.exitCode !== null || Date.now() > deadline) throw new Error(`The server did not start:\n${printed}`)
      await new Promise((r) => setTimeout(r, 100))
    }
    const base = `http://127.0.0.1:${port}`

    console.log(`▶ Creating ${SUBSCRIBERS} users`)
    const db = new pg.Client({ connectionString: databaseUrl })
    await db.connect()
    cleanups.unshift(() => db.end())
    const ids = Array.from({ length: SUBSCRIBERS }, (_, i) => userId(i))
    await db.query(
      `insert into auth.users (id, email) select id, 'bench-' || id || '@example.com' from unnest($1::uuid[]) id`,
      [ids],
    )
    const byKind = (kind: Kind) => ids.filter((_, i) => kindOf(i) === kind)
    await db.query(`update public.profiles set role = 'client', organization_id = $2 where id = any($1::uuid[])`, [
      byKind('allowed client'),
      RIBERA,
    ])
    await db.query(`update public.profiles set role = 'client', organization_id = $2 where id = any($1::uuid[])`, [
      byKind('denied client'),
      KUNTUR,
    ])
    await db.query(`update public.profiles set role = 'admin' where id = any($1::uuid[])`, [byKind('staff')])

    console.log(`▶ Subscribing ${SUBSCRIBERS} supabase-js clients (one WebSocket each)`)
    const key = new TextEncoder().encode(developmentKeys.jwtSecret)
    const received = new Map<string, Map<number, number>>() // task id → subscriber → time
    const clients: SupabaseClient[] = []
    cleanups.unshift(async () => {
      for (const client of clients) await client.removeAllChannels()
    })
    const subscribe = async (index: number) => {
      const token = await new SignJWT({ sub: ids[index], role: 'authenticated', aud: 'authenticated' })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuedAt()
        .setExpirationTime('2h')
        .sign(key)
      const client = createClient(base, developmentKeys.anonKey, {
        accessToken: async () => token,
        realtime: { transport: WebSocket as never },
      })
      clients.push(client)
      // supabase-js sets an accessToken() token asynchronously; a join sent before that would carry the API key.
      await client.realtime.setAuth(token)
      const heard: string[] = []
      await new Promise<void>((resolveReady, reject) => {
        const timer = setTimeout(() => reject(new Error(`subscriber ${index} not ready: ${heard.join('; ')}`)), 60_000)
        client
          .channel(`bench-${index}`)
          .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'tasks' }, (payload) => {
            const at = performance.now()
            const id = String((payload.new as { id: string }).id)
            const map = received.get(id) ?? new Map<number, number>()
            map.set(index, at)
            received.set(id, map)
          })
          .on('system', {}, (message: { message: string }) => {
            heard.push(message.message)
            if (message.message === 'Subscribed to PostgreSQL') {
              clearTimeout(timer)
              resolveReady()
            }
          })
          .subscribe((status, error) => heard.push(`${status}${error ? ` ${error.message}` : ''}`))
      })
    }
    for (let i = 0; i < SUBSCRIBERS; i += 50)
      await Promise.all(Array.from({ length: Math.min(50, SUBSCRIBERS - i) }, (_, j) => subscribe(i + j)))

    const allowed = ids.map((_, i) => i).filter((i) => kindOf(i) !== 'denied client')
    const denied = ids.map((_, i) => i).filter((i) => kindOf(i) === 'denied client')
    const latencies: number[] = []
    const lastArrivals: number[] = []
    let missing = 0
    const serverCpu = groupCpu(server)
    const pgCpu = postgresCpu(new URL(databaseUrl).port)
    let cpuBefore = [0, 0]

    console.log(`▶ ${WARMUP} warm-up inserts, then ${INSERTS} measured`)
    for (let n = 0; n < WARMUP + INSERTS; n++) {
      if (n === WARMUP) cpuBefore = [serverCpu(), pgCpu()]
      const t0 = performance.now()
      const { rows } = await db.query<{ id: string }>(
        `insert into public.tasks (project_id, title) values ($1, $2) returning id`,
        [PROJECT, `bench ${n}`],
      )
      const id = rows[0]!.id
      const until = Date.now() + 10_000
      while ((received.get(id)?.size ?? 0) < allowed.length && Date.now() < until)
        await new Promise((r) => setTimeout(r, 5))
      const times = received.get(id) ?? new Map<number, number>()
      if (n >= WARMUP) {
        missing += allowed.filter((i) => !times.has(i)).length
        const here = allowed.filter((i) => times.has(i)).map((i) => times.get(i)! - t0)
        latencies.push(...here)
        lastArrivals.push(Math.max(...here))
      }
      // Let the fan-out of one insert finish before the next: each is measured on its own.
      await new Promise((r) => setTimeout(r, 100))
    }
    const cpuAfter = [serverCpu(), pgCpu()]
    const leaked = [...received.values()].reduce((sum, map) => sum + denied.filter((i) => map.has(i)).length, 0)
    const delivered = latencies.length

    latencies.sort((a, b) => a - b)
    lastArrivals.sort((a, b) => a - b)
    const p = (q: number) => `${percentile(latencies, q).toFixed(0)} ms`
    const cpuPerMessage = (index: number) =>
      `${(((cpuAfter[index]! - cpuBefore[index]!) * 1e6) / delivered).toFixed(0)} µs`
    const p95 = percentile(latencies, 95)
    const commit = await commitLabel()
    const supabaseJs = (
      JSON.parse(readFileSync(join(ROOT, 'node_modules', '@supabase', 'supabase-js', 'package.json'), 'utf8')) as {
        version: string
      }
    ).version
    const counts = { allowed: allowed.length, denied: denied.length, staff: byKind('staff').length }

    const section = [
      SECTION_TITLE,
      '',
      `How long a committed row takes to reach every Realtime subscriber allowed to see it (\`npm run bench:realtime\`,`,
      '`scripts/bench-realtime.ts`): one server process on PostgreSQL (a throw-away cluster, demo data), and in the bench',
      `process ${SUBSCRIBERS} supabase-js clients, each with its own WebSocket and its own user, subscribed to INSERTs on`,
      "`tasks`. The bench inserts a visible task of Almacenes Ribera's dashboard project as the database owner, waits",
      'until every allowed subscriber has it, then inserts the next; the latency runs from just before the insert is',
      "sent to the moment the subscriber's callback runs (so it includes the insert itself and the bench process",
      'decoding hundreds of frames on the same 2 cores). Each delivery is decided by row-level security evaluated as',
      'that subscriber in PostgreSQL (decision 0014).',
      '',
      `- Date: ${new Date().toISOString()}`,
      `- Commit: \`${commit}\``,
      `- Machine: ${cpus()[0]?.model.trim() ?? 'unknown CPU'}, ${cpus().length} cores, ${(totalmem() / 1024 ** 3).toFixed(1)} GiB; Node ${process.version}; PostgreSQL ${postgresVersion}; supabase-js ${supabaseJs}`,
      `- Load average when the run ended: ${loadavg()
        .map((v) => v.toFixed(2))
        .join(
          ', ',
        )}. The machine is shared with other agents' builds and tests: figures from a quiet machine will be lower.`,
      `- Subscribers: ${counts.allowed} allowed (${counts.allowed - counts.staff} clients of the project's organization, ${counts.staff} staff), ${counts.denied} clients of another organization who may not see the rows. ${WARMUP} warm-up inserts, then ${INSERTS} measured.`,
      '',
      '| Figure | Value | Target | Met |',
      '| --- | ---: | --- | --- |',
      `| Deliveries measured (allowed subscribers × inserts) | ${delivered} | ${counts.allowed * INSERTS} | ${delivered === counts.allowed * INSERTS ? 'yes' : 'no'} |`,
      `| Latency p50, insert → subscriber | ${p(50)} | — | — |`,
      `| Latency p95 | ${p(95)} | ≤ ${TARGET_P95_MS} ms | ${p95 <= TARGET_P95_MS ? 'yes' : 'no'} |`,
      `| Latency p99 | ${p(99)} | — | — |`,
      `| Last subscriber reached, p50 / p95 over inserts | ${percentile(lastArrivals, 50).toFixed(0)} ms / ${percentile(lastArrivals, 95).toFixed(0)} ms | — | — |`,
      `| CPU per delivered message: server | ${cpuPerMessage(0)} | — | — |`,
      `| CPU per delivered message: PostgreSQL (RLS checks) | ${cpuPerMessage(1)} | — | — |`,
      `| Rows delivered to subscribers who may not see them | ${leaked} | 0 | ${leaked === 0 ? 'yes' : 'no'} |`,
      `| Deliveries missing after 10 s | ${missing} | 0 | ${missing === 0 ? 'yes' : 'no'} |`,
      '',
    ].join('\n')
    await replaceSection(DOC, SECTION_TITLE, section)
    console.log(section)
    if (leaked > 0) process.exitCode = 1
  } finally {
    for (const cleanup of cleanups) await Promise.resolve(cleanup()).catch(() => undefined)
  }
}

/** The amplification case on PGlite, then on PostgreSQL, each a fresh server with demo data. */
async function amplification(cluster: Cluster) {
  const runs: { database: string; results: PhaseResult[] }[] = []
  let postgresVersion = ''
  for (const database of ['PGlite', 'PostgreSQL'] as const) {
    console.log(`▶ Amplification on ${database}: starting the server (migrations and seed on first start)`)
    const dataDir = mkdtempSync(join(tmpdir(), 'bench-realtime-'))
    try {
      const env: Record<string, string> = {
        SITE_DIST: siteDist(),
        DATA_DIR: dataDir,
        MAIL_CATCHER_PORT: String(await freePort()),
        NOTIFICATION_MAIL_INTERVAL_MS: '0',
      }
      if (database === 'PostgreSQL') {
        const created = await createDatabase(cluster, 'amplification')
        env.DATABASE_URL = created.url
        postgresVersion = created.postgresVersion
      }
      const server = await startServerProcess(env, 180_000)
      try {
        runs.push({ database, results: await amplificationPhases(server.url, console.log) })
      } finally {
        await server.signal('SIGKILL')
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  }
  const ms = (value: number) => `${value.toFixed(1)} ms`
  const attacked = runs[0]!.results.filter((result) => result.sockets > 0)
  const section = [
    AMPLIFICATION_TITLE,
    '',
    "Whether one user's Realtime subscriptions can stall other tenants (`npm run bench:realtime`, case `amplification`,",
    '`scripts/lib/realtime-amplification.ts`). One server process with demo data, on PGlite and then on PostgreSQL, at the',
    'default `REALTIME_*` settings. A confirmed account with no organization (it may see no conversation) holds the most',
    '`postgres_changes` bindings on `conversation_messages` the limits let one user hold, each with a distinct filter',
    'that holds for every row (`id=neq.<an id no row has>`), so no binding is skipped. Meanwhile staff write a message',
    `every ${MESSAGE_EVERY_MS} ms over REST, a staff subscriber times each message's delivery, and ${READERS} clients of another organization`,
    '(Kuntur Pay) read their projects over REST back to back, for the same time in each row (after a warm-up).',
    'Two shapes of the attack: one token for every binding (they share one row-level-security check per change), and',
    'a token per channel (minted with distinct expiries, as that many refresh grants would give: each is its own',
    'identity with its own check, the worst case the limits allow). The filed shape (2 sockets × 100 channels × 100',
    'bindings) is refused at its first join.',
    '',
    `- Date: ${new Date().toISOString()}`,
    `- Commit: \`${await commitLabel()}\``,
    `- Machine: ${cpus().length} cores, ${Math.round(totalmem() / 1024 ** 3)} GiB, Node ${process.version.replace(/^v(\d+\.\d+).*/, '$1')}; PostgreSQL ${postgresVersion.split(' ')[0]}`,
    `- Load average when the run ended: ${loadavg()
      .map((v) => v.toFixed(2))
      .join(
        ', ',
      )}. The machine was shared with other engineers' test runs at the same time: these figures include their load.`,
    `- Attack shapes: ${attacked
      .map(
        (result) =>
          `${result.phase}: ${result.sockets} sockets, ${result.channels} channels, ${result.bindings} bindings, ${result.checksPerChange} check${result.checksPerChange === 1 ? '' : 's'} per change`,
      )
      .join('; ')}. One binding more: \`${attacked[0]?.oneMore ?? '—'}\`.`,
    '',
    `| Database | Attack | Other tenant's selects | p50 | p99 | max | p99 < ${TARGET_P99_MS} ms | Failed | Staff messages | Delivery to staff p50 / p99 | Delivered to the attacker |`,
    '| --- | --- | ---: | ---: | ---: | ---: | --- | ---: | ---: | ---: | ---: |',
    ...runs.flatMap(({ database, results }) =>
      results.map(
        (result) =>
          `| ${database} | ${result.phase} | ${result.selects} | ${ms(result.p50)} | ${ms(result.p99)} | ${ms(result.max)} | ${result.p99 < TARGET_P99_MS ? 'yes' : 'no'} | ${result.failures} | ${result.messages} | ${ms(result.deliveryP50)} / ${ms(result.deliveryP99)} | ${result.attackerDeliveries} |`,
      ),
    ),
    '',
  ].join('\n')
  await replaceSection(DOC, AMPLIFICATION_TITLE, section)
  console.log(section)
  if (runs.some(({ results }) => results.some((result) => result.failures > 0 || result.attackerDeliveries > 0)))
    process.exitCode = 1
}

await main()
