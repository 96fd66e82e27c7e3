// Benchmarks our server's throughput and latency with autocannon, on PGlite and on PostgreSQL: a
// public page, a REST select by id under row-level security, and the password grant; on PostgreSQL
// also the same select served by a minimal node:http + pg handler, so our overhead reads as a ratio,
// and by pgbench with no Node at all, so PostgreSQL's own share shows. Writes the section
// "Server: throughput and latency" of docs/benchmarks.md.
//
//   npx tsx scripts/bench-server.ts                   (npm run bench:server)
//   npx tsx scripts/bench-server.ts minimal-server    (internal: the minimal handler, in its own process)
//   BENCH_BASELINE=<checkout> npm run bench:server    (also: the REST select of another checkout of this
//                                                      server, e.g. `git worktree add --detach <dir> main`,
//                                                      measured in turns with ours on the same PostgreSQL)
//   BENCH_ONLY=baseline BENCH_BASELINE=<checkout> ...  (only that comparison: PostgreSQL, the REST select,
//                                                      alternating rounds; prints, writes nothing)
//   BENCH_CPU_PROF=<dir> ...                          (the servers run with node --cpu-prof, one folder each
//                                                      under <dir>: open the .cpuprofile in a profiler)
//
// Exits non-zero only when a measurement could not be taken; missed targets are reported, not
// failed on: these numbers come from one machine at one moment and are not a test.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process'
import { chmodSync, existsSync, readdirSync, readFileSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createServer as createHttpServer, request as httpRequest } from 'node:http'
import { createRequire } from 'node:module'
import { cpus, loadavg, totalmem, tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { freePort } from '../tests/integration/support/free-port'
import { startPostgresCluster, type PostgresCluster } from '../tests/integration/support/postgres-cluster'
import { groupCpu, postgresCpu, procStats, selfCpu, type CpuProbe } from './lib/proc-cpu'
import { replaceSection } from './lib/bench-doc'
import { answers, gitCommit } from './lib/bench.mjs'
import { developmentKeys } from '../supabase/server/lib/dev-keys'
import { demoAccounts, demoPassword } from '../supabase/server/welcome'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const DOC = join(ROOT, 'docs', 'benchmarks.md')
const SECTION_TITLE = '## Server: throughput and latency'
const HOST = '127.0.0.1'
const TSX = join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs')
const SELF = fileURLToPath(import.meta.url)

const CONNECTIONS = 32
/** argon2id is meant to take tens of ms of CPU each; more connections would only queue. */
const GRANT_CONNECTIONS = 4
/** BENCH_WARMUP_S and BENCH_DURATION_S shorten them, for many short rounds against BENCH_BASELINE. */
const WARMUP_S = Number(process.env.BENCH_WARMUP_S) || 3
const DURATION_S = Number(process.env.BENCH_DURATION_S) || 10
/** Our server's pg pool (supabase/server/db/postgres.ts); the minimal handler gets the same. */
const POOL_MAX = 10
const TARGETS = { restRps: 1500, restP99: 50, ratio: 0.4 }
/** What a browser's fetch (and so supabase-js) sends. */
const BROWSER_ENCODINGS = 'gzip, deflate, br'

const client = demoAccounts.find((account) => account.email === 'lucia.martin@example.com')!
const otherClient = demoAccounts.find((account) => account.email === 'daniel.ortega@example.com')!

type Database = 'PGlite' | 'PostgreSQL'
type Key = 'page' | 'rest' | 'rest-gzip' | 'minimal' | 'pgbench' | 'pgbench-norls' | 'grant'

// ---------------------------------------------------------------------------------------------
// autocannon (no bundled types: the few fields used here)

interface CannonResult {
  requests: { total: number }
  latency: { p50: number; p97_5: number; p99: number }
  errors: number
  non2xx: number
  duration: number
}
interface CannonOptions {
  url: string
  connections: number
  duration: number
  method?: string
  headers?: Record<string, string>
  body?: string
}
const autocannon = createRequire(import.meta.url)('autocannon') as (options: CannonOptions) => Promise<CannonResult>

// ---------------------------------------------------------------------------------------------
// The minimal handler: what our REST endpoint does for this request, with nothing else around it

const minimalSelect =
  "select coalesce(json_agg(t), '[]')::text as body from (select * from public.projects where id = $1) t"
const minimalClaims = "select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)"

async function minimalServer() {
  const claims = process.env.BENCH_CLAIMS ?? '{}'
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: POOL_MAX })
  const server = createHttpServer(async (req, res) => {
    const id = new URL(req.url ?? '/', 'http://x').searchParams.get('id')?.replace(/^eq\./, '')
    const db = await pool.connect()
    try {
      await db.query('begin')
      await db.query(minimalClaims, [claims])
      const { rows } = await db.query<{ body: string }>(minimalSelect, [id])
      await db.query('commit')
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(rows[0]?.body ?? '[]')
    } catch (error) {
      await db.query('rollback').catch(() => undefined)
      res.writeHead(500).end(String(error))
    } finally {
      db.release()
    }
  })
  server.listen(Number(process.env.PORT), HOST, () => console.log('minimal handler listening'))
  process.on('SIGTERM', () => server.close(() => void pool.end().then(() => process.exit(0))))
}

// ---------------------------------------------------------------------------------------------
// Child processes, always stopped (in their own process group: tsx runs node as its child)

const cleanups: Array<() => Promise<void> | void> = []
let cleaning: Promise<void> | undefined
const children = new Set<ChildProcess>()

function cleanup() {
  cleaning ??= (async () => {
    for (const step of cleanups.reverse()) {
      try {
        await step()
      } catch (error) {
        console.error(`Cleanup step failed: ${(error as Error).message}`)
      }
    }
  })()
  return cleaning
}

const delay = (ms: number) => new Promise((done) => setTimeout(done, ms))

function killGroup(child: ChildProcess, signal: NodeJS.Signals) {
  try {
    if (child.pid) process.kill(-child.pid, signal)
  } catch {
    // already gone
  }
}

async function stopChild(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((done) => child.once('exit', done))
  // To tsx alone, which passes it on: a signal to the whole group would reach the server twice.
  child.kill('SIGTERM')
  if (!(await Promise.race([exited.then(() => true), delay(5_000).then(() => false)]))) {
    killGroup(child, 'SIGKILL')
    await exited
  }
  children.delete(child)
}

/** Starts a node process (through tsx) and waits until `readyUrl` answers 2xx. */
async function startChild(name: string, args: string[], env: Record<string, string>, readyUrl: string, cwd = ROOT) {
  // Node flags before the script reach the node that tsx starts (NODE_OPTIONS may not carry --cpu-prof).
  const profileDir = process.env.BENCH_CPU_PROF
  const profile = profileDir
    ? ['--cpu-prof', `--cpu-prof-dir=${join(resolve(profileDir), name.replace(/\W+/g, '-'))}`]
    : []
  const child = spawn(process.execPath, [TSX, ...profile, ...args], {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  children.add(child)
  cleanups.push(() => stopChild(child))
  let log = ''
  child.stdout!.on('data', (chunk) => (log = (log + chunk).slice(-20_000)))
  child.stderr!.on('data', (chunk) => (log = (log + chunk).slice(-20_000)))
  const exited = new Promise<string>((done) => child.on('exit', (code, signal) => done(String(signal ?? code))))
  // A crash while measured would otherwise only show as connection errors: say why at once.
  child.on('exit', (code, signal) => {
    if (signal === null && code !== 0) console.error(`\n${name} exited with code ${code}:\n${log.slice(-4_000)}`)
  })
  // Migrating and seeding a fresh PGlite database takes a while on a shared 2-core machine.
  const deadline = Date.now() + 180_000
  while (Date.now() < deadline) {
    const how = await Promise.race([exited, delay(300).then(() => null)])
    if (how !== null) throw new Error(`${name} stopped before answering (exit ${how}):\n${log}`)
    if (await answers(readyUrl)) return { child, log: () => log }
  }
  throw new Error(`${name} did not answer on ${readyUrl} within 180 s:\n${log}`)
}

interface Probes {
  server?: CpuProbe
  postgres?: CpuProbe
  load?: CpuProbe
}

async function cpuPerRequest<T extends { total: number }>(probes: Probes, run: () => Promise<T>) {
  const names = ['server', 'postgres', 'load'] as const
  const before = names.map((name) => probes[name]?.())
  const result = await run()
  const after = names.map((name) => probes[name]?.())
  const perRequest = names.map((_, i) =>
    before[i] === undefined ? undefined : ((after[i]! - before[i]!) / Math.max(result.total, 1)) * 1e6,
  )
  return { result, cpu: { server: perRequest[0], postgres: perRequest[1], load: perRequest[2] } }
}

// ---------------------------------------------------------------------------------------------
// Measuring

interface Measure {
  database: Database
  key: Key
  name: string
  connections: number
  rps: number
  p50: number
  p975: number
  p99: number
  total: number
  errors: number
  non2xx: number
  /** CPU µs per request: the server (or handler) process, PostgreSQL, the load generator. */
  cpu: { server?: number; postgres?: number; load?: number }
}

const plain = (name: string) => name.replaceAll('`', '')

function logRow(row: Measure) {
  const cpu = Object.entries(row.cpu)
    .filter(([, value]) => value !== undefined && Number.isFinite(value))
    .map(([name, value]) => `${name} ${value!.toFixed(0)} µs`)
    .join(', ')
  console.log(
    `${row.rps.toFixed(0)} req/s, p50 ${row.p50} ms, p97.5 ${row.p975} ms, p99 ${row.p99} ms, ${row.errors} errors, ${row.non2xx} non-2xx; CPU per request: ${cpu}`,
  )
}

async function measure(
  database: Database,
  key: Key,
  name: string,
  options: Omit<CannonOptions, 'duration'>,
  probes: Probes,
): Promise<Measure> {
  process.stdout.write(`  ${database} · ${plain(name)}: warm-up ${WARMUP_S} s… `)
  await autocannon({ ...options, duration: WARMUP_S })
  process.stdout.write(`measuring ${DURATION_S} s… `)
  const { result, cpu } = await cpuPerRequest({ ...probes, load: selfCpu }, async () => {
    const result = await autocannon({ ...options, duration: DURATION_S })
    return { ...result, total: result.requests.total }
  })
  const row: Measure = {
    database,
    key,
    name,
    connections: options.connections,
    rps: result.total / result.duration,
    p50: result.latency.p50,
    p975: result.latency.p97_5,
    p99: result.latency.p99,
    total: result.total,
    errors: result.errors,
    non2xx: result.non2xx,
    cpu,
  }
  logRow(row)
  return row
}

const apiHeaders = (token?: string) => ({
  apikey: developmentKeys.anonKey,
  authorization: `Bearer ${token ?? developmentKeys.anonKey}`,
})

async function signIn(origin: string, email: string) {
  const response = await fetch(`${origin}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { ...apiHeaders(), 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: demoPassword }),
  })
  const body = (await response.json()) as { access_token?: string }
  if (!response.ok || !body.access_token)
    throw new Error(`Sign-in as ${email} failed: ${response.status} ${JSON.stringify(body)}`)
  return body.access_token
}

async function getJson(url: string, headers: Record<string, string>) {
  const response = await fetch(url, { headers })
  const text = await response.text()
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${text}`)
  return { json: JSON.parse(text) as Array<Record<string, unknown>>, bytes: Buffer.byteLength(text) }
}

type RestTarget = Awaited<ReturnType<typeof prepareRest>>

/** Signs in, finds a project the client sees, and checks that RLS hides it from another organization. */
async function prepareRest(origin: string) {
  const token = await signIn(origin, client.email)
  const otherToken = await signIn(origin, otherClient.email)
  const { json: visible } = await getJson(`${origin}/rest/v1/projects?select=id&limit=1`, apiHeaders(token))
  const id = visible[0]?.id
  if (typeof id !== 'string') throw new Error(`${client.email} sees no project`)
  const path = `/rest/v1/projects?select=*&id=eq.${id}`
  const { json: rows, bytes } = await getJson(origin + path, apiHeaders(token))
  if (rows.length !== 1) throw new Error(`Select by id returned ${rows.length} rows`)
  const { json: hidden } = await getJson(origin + path, apiHeaders(otherToken))
  if (hidden.length !== 0) throw new Error(`RLS does not hide the project from ${otherClient.email}`)
  const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>
  // fetch decompresses, but keeps the header that says whether the server compressed.
  const asBrowser = await fetch(origin + path, {
    headers: { ...apiHeaders(token), 'accept-encoding': BROWSER_ENCODINGS },
  })
  await asBrowser.arrayBuffer()
  const compressed = asBrowser.headers.get('content-encoding') ?? undefined
  return { token, id, path, row: rows[0]!, bytes, claims, compressed }
}

// ---------------------------------------------------------------------------------------------
// Large bodies: memory while a 500 MiB chunked body is refused by each API

const LARGE_BODY_BYTES = 500 * 1024 * 1024
const LARGE_BODY_CHUNK = Buffer.alloc(64 * 1024, 0x78)

interface LargeBody {
  database: Database
  name: string
  status: number | 'none'
  /** MiB the client got to send before the answer (or the connection's end). */
  sentMiB: number
  rssBeforeMiB: number
  rssPeakMiB: number
  ms: number
}

/** Resident memory of a process group (the server and its tsx parent), in MiB. */
function groupRssMiB(child: ChildProcess): number {
  let kib = 0
  for (const stat of procStats().filter((entry) => entry.pgrp === child.pid)) {
    try {
      const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${stat.pid}/status`, 'utf8'))
      kib += Number(match?.[1] ?? 0)
    } catch {
      // the process ended between the listing and the read
    }
  }
  return kib / 1024
}

/** Streams up to 500 MiB with no Content-Length, as fast as the server takes it, sampling its RSS. */
function sendLargeBody(url: string, headers: Record<string, string>, server: ChildProcess) {
  return new Promise<Omit<LargeBody, 'database' | 'name'>>((done) => {
    const rssBeforeMiB = groupRssMiB(server)
    let rssPeakMiB = rssBeforeMiB
    const sampler = setInterval(() => (rssPeakMiB = Math.max(rssPeakMiB, groupRssMiB(server))), 25)
    const started = Date.now()
    let sent = 0
    let status: number | 'none' = 'none'
    let finished = false
    const finish = () => {
      if (finished) return
      finished = true
      clearInterval(sampler)
      rssPeakMiB = Math.max(rssPeakMiB, groupRssMiB(server))
      done({ status, sentMiB: sent / 1024 / 1024, rssBeforeMiB, rssPeakMiB, ms: Date.now() - started })
    }
    const request = httpRequest(url, { method: 'POST', headers: { ...headers, 'transfer-encoding': 'chunked' } })
    request.on('response', (response) => {
      status = response.statusCode ?? 'none'
      response.resume()
      response.on('end', () => {
        request.destroy()
        finish()
      })
    })
    request.on('error', finish)
    request.on('close', finish)
    const pump = () => {
      while (!finished && status === 'none' && sent < LARGE_BODY_BYTES) {
        sent += LARGE_BODY_CHUNK.byteLength
        if (!request.write(LARGE_BODY_CHUNK)) return void request.once('drain', pump)
      }
      if (!finished && status === 'none') request.end()
    }
    pump()
  })
}

async function benchLargeBodies(database: Database, origin: string, server: ChildProcess, rest: RestTarget) {
  const { json } = await getJson(
    `${origin}/rest/v1/projects?select=organization_id&id=eq.${rest.id}`,
    apiHeaders(rest.token),
  )
  const folder = `${String(json[0]?.organization_id)}/${rest.id}`
  const signedIn = { ...apiHeaders(rest.token), 'content-type': 'application/json' }
  const targets: Array<[string, string, Record<string, string>]> = [
    [
      '`POST /auth/v1/token?grant_type=password`',
      '/auth/v1/token?grant_type=password',
      { ...apiHeaders(), 'content-type': 'application/json' },
    ],
    [
      '`POST /rest/v1/contact_messages` (anon insert)',
      '/rest/v1/contact_messages',
      { ...apiHeaders(), 'content-type': 'application/json' },
    ],
    ['`POST /rest/v1/rpc/client_project_ids`', '/rest/v1/rpc/client_project_ids', signedIn],
    ['`POST /functions/v1/admin-users`', '/functions/v1/admin-users', signedIn],
    ['`POST /storage/v1/object/list/documents`', '/storage/v1/object/list/documents', signedIn],
    [
      '`POST /storage/v1/object/documents/…` (upload)',
      `/storage/v1/object/documents/${folder}/bench-large-body.pdf`,
      { ...apiHeaders(rest.token), 'content-type': 'application/pdf' },
    ],
  ]
  const results: LargeBody[] = []
  for (const [name, path, headers] of targets) {
    const result = { database, name, ...(await sendLargeBody(origin + path, headers, server)) }
    console.log(
      `  ${database} ${plain(name)}: ${result.status} after ${result.sentMiB.toFixed(1)} MiB sent, RSS ${result.rssBeforeMiB.toFixed(0)} → peak ${result.rssPeakMiB.toFixed(0)} MiB`,
    )
    results.push(result)
  }
  return results
}

/** Our server on one database: the page, REST (and, on PostgreSQL, its references), the password grant. */
async function benchServer(database: Database, postgres?: { url: string; cpu: CpuProbe }) {
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-server-'))
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }))
  const port = await freePort()
  const mailPort = await freePort()
  const origin = `http://${HOST}:${port}`
  console.log(`\n▶ ${database}: starting our server on ${origin} (migrating and seeding a fresh database)`)
  const env: Record<string, string> = {
    NODE_ENV: 'development',
    HOST,
    PORT: String(port),
    DATA_DIR: dataDir,
    SITE_DIST: 'dist',
    // The catcher's SMTP port is this + 1.
    MAIL_CATCHER_PORT: String(mailPort - 1),
    AUTH_RATE_LIMIT_SIGN_IN: '100000000',
  }
  if (postgres) env.DATABASE_URL = postgres.url
  const started = Date.now()
  const server = await startChild(`Our server (${database})`, ['supabase/server/index.ts'], env, `${origin}/es`)
  console.log(`  ready after ${((Date.now() - started) / 1000).toFixed(1)} s`)
  const rest = await prepareRest(origin)
  console.log(`  project ${rest.id}: ${rest.bytes} bytes of JSON; hidden from ${otherClient.email} by RLS`)
  const probes: Probes = { server: groupCpu(server.child), postgres: postgres?.cpu }
  const select = { url: origin + rest.path, connections: CONNECTIONS, headers: apiHeaders(rest.token) }
  if (ONLY_BASELINE && postgres) {
    const baseline = await compareWithBaseline(env, postgres, rest, select, probes)
    await stopChild(server.child)
    return { rows: [], rest, baseline, largeBodies: [] }
  }

  const rows: Measure[] = []
  const page = { url: `${origin}/es`, connections: CONNECTIONS, headers: { 'accept-encoding': 'br, gzip' } }
  rows.push(await measure(database, 'page', '`GET /es` (public page)', page, probes))
  rows.push(await measure(database, 'rest', '`GET /rest/v1/projects?select=*&id=eq.<id>` (RLS)', select, probes))
  let baseline: BaselineComparison | undefined
  if (postgres && process.env.BENCH_BASELINE) baseline = await compareWithBaseline(env, postgres, rest, select, probes)
  if (postgres) {
    // Right after ours, so that the two see the same machine.
    rows.push(await benchMinimal(postgres, rest))
    const gzip = { ...select, headers: { ...select.headers, 'accept-encoding': BROWSER_ENCODINGS } }
    rows.push(
      await measure(database, 'rest-gzip', `the same with \`Accept-Encoding: ${BROWSER_ENCODINGS}\``, gzip, probes),
    )
  }
  const grant = {
    url: `${origin}/auth/v1/token?grant_type=password`,
    connections: GRANT_CONNECTIONS,
    method: 'POST',
    headers: { ...apiHeaders(), 'content-type': 'application/json' },
    body: JSON.stringify({ email: client.email, password: demoPassword }),
  }
  rows.push(await measure(database, 'grant', '`POST /auth/v1/token?grant_type=password`', grant, probes))
  console.log(`  large bodies: ${LARGE_BODY_BYTES / 1024 / 1024} MiB chunked to each API`)
  const largeBodies = await benchLargeBodies(database, origin, server.child, rest)
  // Read before stopping: requests cut off by the shutdown may log errors that do not count.
  const log = server.log()
  await stopChild(server.child)
  if (/error/i.test(log)) console.log(`  the server logged errors while measured:\n${log.slice(-2_000)}`)
  return { rows, rest, baseline, largeBodies }
}

/** Ours against another checkout's server (BENCH_BASELINE), the same REST select, in turns. */
interface BaselineComparison {
  commit: string
  rounds: number
  ours: number[]
  theirs: number[]
  /** Server CPU µs per request in each round. */
  oursCpu: number[]
  theirsCpu: number[]
}

/** Alternating rounds of ours and the baseline; the medians are compared (BENCH_BASELINE_ROUNDS). */
const BASELINE_ROUNDS = Number(process.env.BENCH_BASELINE_ROUNDS) || 5
/** Only the comparison with BENCH_BASELINE, on PostgreSQL; nothing is written (for iterating fast). */
const ONLY_BASELINE = process.env.BENCH_ONLY === 'baseline'
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

async function compareWithBaseline(
  ourEnv: Record<string, string>,
  postgres: { url: string; cpu: CpuProbe },
  rest: RestTarget,
  ours: Omit<CannonOptions, 'duration'>,
  ourProbes: Probes,
): Promise<BaselineComparison> {
  const dir = resolve(process.env.BENCH_BASELINE!)
  const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: dir, encoding: 'utf8' }).trim()
  const port = await freePort()
  const mailPort = await freePort()
  const origin = `http://${HOST}:${port}`
  console.log(`\n▶ Baseline ${commit} (${dir}) on ${origin}, the same PostgreSQL database, in turns with ours`)
  const env = {
    ...ourEnv,
    PORT: String(port),
    MAIL_CATCHER_PORT: String(mailPort - 1),
    DATA_DIR: await mkdtemp(join(tmpdir(), 'bench-baseline-')),
    SITE_DIST: join(ROOT, 'dist'),
    DATABASE_URL: postgres.url,
  }
  const server = await startChild('Baseline server', [join(dir, 'supabase/server/index.ts')], env, `${origin}/es`, dir)
  // Its own sign-in: the two servers may sign tokens with different keys (ES256 since issue 10).
  const theirs = { ...ours, url: origin + rest.path, headers: apiHeaders(await signIn(origin, client.email)) }
  const probes: Probes = { server: groupCpu(server.child), postgres: postgres.cpu }
  const result: BaselineComparison = {
    commit,
    rounds: BASELINE_ROUNDS,
    ours: [],
    theirs: [],
    oursCpu: [],
    theirsCpu: [],
  }
  for (let round = 0; round < BASELINE_ROUNDS; round++) {
    const mine = await measure('PostgreSQL', 'rest', `this branch, round ${round + 1}`, ours, ourProbes)
    const base = await measure('PostgreSQL', 'rest', `baseline, round ${round + 1}`, theirs, probes)
    result.ours.push(mine.rps)
    result.theirs.push(base.rps)
    result.oursCpu.push(mine.cpu.server ?? NaN)
    result.theirsCpu.push(base.cpu.server ?? NaN)
  }
  await stopChild(server.child)
  const ratio = median(result.ours) / median(result.theirs)
  console.log(
    `  medians: this branch ${median(result.ours).toFixed(0)} req/s, baseline ${median(result.theirs).toFixed(0)} req/s: ${(ratio * 100).toFixed(1)}%;` +
      ` server CPU ${median(result.oursCpu).toFixed(0)} against ${median(result.theirsCpu).toFixed(0)} µs per request` +
      ` (median of the rounds' ratios ${(median(result.oursCpu.map((cpu, i) => cpu / result.theirsCpu[i]!)) * 100).toFixed(1)}%)`,
  )
  return result
}

async function benchMinimal(postgres: { url: string; cpu: CpuProbe }, rest: RestTarget) {
  const port = await freePort()
  const origin = `http://${HOST}:${port}`
  const env = { PORT: String(port), DATABASE_URL: postgres.url, BENCH_CLAIMS: JSON.stringify(rest.claims) }
  const path = `/?id=eq.${rest.id}`
  const minimal = await startChild('The minimal handler', [SELF, 'minimal-server'], env, origin + path)
  // Same row, same JSON as our server gives: the two do the same work.
  const { json } = await getJson(origin + path, {})
  if (JSON.stringify(json) !== JSON.stringify([rest.row]))
    throw new Error('The minimal handler returns a different body')
  const options = { url: origin + path, connections: CONNECTIONS }
  const probes = { server: groupCpu(minimal.child), postgres: postgres.cpu }
  const row = await measure('PostgreSQL', 'minimal', 'minimal `node:http` + `pg` handler, same select', options, probes)
  await stopChild(minimal.child)
  return row
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL alone: the same transaction from pgbench (C, no Node), with and without RLS

function pgbenchPath() {
  const root = '/usr/lib/postgresql'
  if (!existsSync(root)) return undefined
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a))
  return versions.map((version) => join(root, version, 'bin', 'pgbench')).find((path) => existsSync(path))
}

function percentile(sorted: number[], p: number) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN
}

async function benchPgbench(postgres: { url: string; cpu: CpuProbe }, rest: RestTarget, withRls: boolean) {
  const pgbench = pgbenchPath()
  if (!pgbench) return undefined
  const dir = await mkdtemp(join(tmpdir(), 'bench-pgbench-'))
  cleanups.push(() => rm(dir, { recursive: true, force: true }))
  // PostgreSQL's binaries refuse root; pgbench then runs as `postgres`, which must read and write here.
  chmodSync(dir, 0o777)
  // pgbench binds :claims and :id as parameters (-D), as pg does: the JSON's colons stay out of the script.
  const script = [
    'begin;',
    withRls ? minimalClaims.replace('$1', ':claims') + ';' : "select set_config('request.jwt.claims', :claims, true);",
    minimalSelect.replace('$1', ':id') + ';',
    'commit;',
    '',
  ].join('\n')
  const file = join(dir, 'transaction.sql')
  await writeFile(file, script, { mode: 0o644 })
  const url = new URL(postgres.url)
  const run = (seconds: number, log: boolean) => {
    const args = ['-n', '-M', 'extended', '-c', String(CONNECTIONS), '-j', '2', '-T', String(seconds), '-f', file]
    args.push('-D', `claims=${JSON.stringify(rest.claims)}`, '-D', `id=${rest.id}`)
    if (log) args.push('-l', '--log-prefix', join(dir, 'latency'))
    args.push('-h', url.hostname, '-p', url.port, '-U', decodeURIComponent(url.username), url.pathname.slice(1))
    const asRoot = process.getuid?.() === 0
    return asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', pgbench, ...args], {
          cwd: dir,
          encoding: 'utf8',
          stdio: 'pipe',
        })
      : execFileSync(pgbench, args, { cwd: dir, encoding: 'utf8', stdio: 'pipe' })
  }
  const name = withRls
    ? 'PostgreSQL alone: the same transaction from `pgbench`'
    : 'PostgreSQL alone, without RLS (superuser, same select)'
  process.stdout.write(`  PostgreSQL · ${plain(name)}: warm-up ${WARMUP_S} s… `)
  run(WARMUP_S, false)
  process.stdout.write(`measuring ${DURATION_S} s… `)
  const { result, cpu } = await cpuPerRequest({ postgres: postgres.cpu }, async () => {
    const output = run(DURATION_S, true)
    // Per-transaction log lines: client, transaction number, latency in µs, …
    const latencies = readdirSync(dir)
      .filter((entry) => entry.startsWith('latency'))
      .flatMap((entry) => readFileSync(join(dir, entry), 'utf8').trim().split('\n'))
      .map((line) => Number(line.split(' ')[2]) / 1000)
      .filter(Number.isFinite)
      .sort((a, b) => a - b)
    const failed = Number(output.match(/number of failed transactions: (\d+)/)?.[1] ?? 0)
    return { latencies, failed, total: latencies.length }
  })
  const round = (value: number) => Math.round(value)
  const row: Measure = {
    database: 'PostgreSQL',
    key: withRls ? 'pgbench' : 'pgbench-norls',
    name,
    connections: CONNECTIONS,
    rps: result.total / DURATION_S,
    p50: round(percentile(result.latencies, 50)),
    p975: round(percentile(result.latencies, 97.5)),
    p99: round(percentile(result.latencies, 99)),
    total: result.total,
    errors: result.failed,
    non2xx: 0,
    cpu: { postgres: cpu.postgres },
  }
  logRow(row)
  return row
}

// ---------------------------------------------------------------------------------------------
// Report

function machineInfo(postgresVersion: string) {
  const commit = gitCommit()
  const version = (name: string) =>
    (JSON.parse(readFileSync(join(ROOT, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version
  return {
    date: new Date().toISOString(),
    commit,
    cpu: cpus()[0]?.model.trim() ?? 'unknown CPU',
    cores: cpus().length,
    memory: `${(totalmem() / 1024 ** 3).toFixed(1)} GiB`,
    node: process.version,
    postgres: postgresVersion,
    pglite: version('@electric-sql/pglite'),
    autocannon: version('autocannon'),
    load: loadavg()
      .map((value) => value.toFixed(2))
      .join(', '),
  }
}

interface Verdict {
  target: string
  met: boolean | undefined
}

function verdicts(rows: Measure[]): Map<Measure, Verdict> {
  const out = new Map<Measure, Verdict>()
  const pgRest = rows.find((row) => row.database === 'PostgreSQL' && row.key === 'rest')
  for (const row of rows) {
    const clean = row.errors + row.non2xx === 0
    if (row === pgRest) {
      out.set(row, {
        target: `≥ ${TARGETS.restRps.toLocaleString('en')} req/s, p99 ≤ ${TARGETS.restP99} ms`,
        met: row.rps >= TARGETS.restRps && row.p99 <= TARGETS.restP99 && clean,
      })
    } else if (row.key === 'minimal' && pgRest) {
      const ratio = pgRest.rps / row.rps
      out.set(row, {
        target: `ours ≥ ${TARGETS.ratio * 100}% of this: ${(ratio * 100).toFixed(0)}%`,
        met: ratio >= TARGETS.ratio,
      })
    } else {
      out.set(row, { target: '—', met: clean ? undefined : false })
    }
  }
  return out
}

/** What the compression middleware did to the REST response a browser asks for. */
function compression(rest: RestTarget, bytes: number) {
  if (!rest.compressed)
    return 'goes out uncompressed (under the 1 KiB threshold): the same work as without, so the two differ by noise'
  if (bytes < 1024)
    return `is compressed (${rest.compressed}) although under the 1 KiB threshold: the threshold is not applied`
  return `is compressed (${rest.compressed}), which is the server's extra CPU here`
}

const yesNo = (met: boolean | undefined) => (met === undefined ? '—' : met ? 'yes' : '**no**')
const micro = (value: number | undefined) => (value === undefined || !Number.isFinite(value) ? '—' : value.toFixed(0))

function markdownSection(
  machine: ReturnType<typeof machineInfo>,
  rows: Measure[],
  rest: RestTarget,
  baseline?: BaselineComparison,
) {
  const restBytes = rest.bytes
  const judged = verdicts(rows)
  const find = (database: Database, key: Key) => rows.find((row) => row.database === database && row.key === key)
  const pgRest = find('PostgreSQL', 'rest')
  const minimal = find('PostgreSQL', 'minimal')
  const gzip = find('PostgreSQL', 'rest-gzip')
  const pgbench = find('PostgreSQL', 'pgbench')
  const noRls = find('PostgreSQL', 'pgbench-norls')
  const liteRest = find('PGlite', 'rest')
  const grants = rows.filter((row) => row.key === 'grant')
  const lines = [
    SECTION_TITLE,
    '',
    'How many requests per second our server answers, and how fast, with autocannon against the real server process',
    '(`npm run bench:server`, `scripts/bench-server.ts`): once on PGlite and once on PostgreSQL, each a fresh database',
    'migrated and seeded with the demo data. On PostgreSQL the same select is also served by a minimal `node:http` handler',
    'straight through `pg` (pool of the same size, the same transaction: role and JWT claims set, the select, commit), so our',
    "server's overhead reads as a ratio, and by `pgbench` (no Node at all), so PostgreSQL's own share shows. The numbers come",
    'from one machine at one moment and are a guide, not a test.',
    '',
    `- Date: ${machine.date}`,
    `- Commit: \`${machine.commit}\``,
    `- Machine: ${machine.cpu}, ${machine.cores} cores, ${machine.memory} memory; Node ${machine.node}; ${machine.postgres}; PGlite ${machine.pglite}; autocannon ${machine.autocannon}`,
    `- Load average when the run ended: ${machine.load}. The machine is shared, and autocannon, the server and PostgreSQL all`,
    `  run on these ${machine.cores} cores: the CPU time per request (from \`/proc\`) says more than requests/s about where time goes.`,
    `- Each figure: ${WARMUP_S} s warm-up, then ${DURATION_S} s measured; ${CONNECTIONS} connections unless stated. REST request with`,
    `  \`apikey\` and a client's access token (Lucía Martín, Almacenes Ribera): one row of ${restBytes} bytes of JSON, no compression`,
    "  asked for unless stated; the row is hidden from another organization's client (checked before measuring). The page is",
    '  asked for with `Accept-Encoding: br, gzip`, as a browser does.',
    '',
    '### Results against targets',
    '',
    '| Database | Request | Conn. | Requests/s | p50 | p97.5 | p99 | Errors / non-2xx | CPU µs/request: server · PostgreSQL · autocannon | Target | Met |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |',
  ]
  for (const row of rows) {
    const verdict = judged.get(row)!
    const cpu = `${micro(row.cpu.server)} · ${micro(row.cpu.postgres)} · ${micro(row.cpu.load)}`
    lines.push(
      `| ${row.database} | ${row.name} | ${row.connections} | ${row.rps.toFixed(0)} | ${row.p50} ms | ${row.p975} ms | ${row.p99} ms | ${row.errors} / ${row.non2xx} | ${cpu} | ${verdict.target} | ${yesNo(verdict.met)} |`,
    )
  }
  lines.push('')
  if (pgRest && minimal) {
    lines.push(
      `Ratio on PostgreSQL, ours / minimal handler: ${pgRest.rps.toFixed(0)} / ${minimal.rps.toFixed(0)} req/s = **${((pgRest.rps / minimal.rps) * 100).toFixed(0)}%** (target ≥ ${TARGETS.ratio * 100}%).`,
      '',
    )
  }
  if (baseline) {
    const ours = median(baseline.ours)
    const theirs = median(baseline.theirs)
    const ratio = ours / theirs
    lines.push(
      `Revocation check (every user token's session is confirmed to exist, once per session per \`AUTH_REVOCATION_CHECK_MS\`):`,
      `the same REST select on the same PostgreSQL database, this branch against the server of commit \`${baseline.commit}\`, measured`,
      `in ${baseline.rounds} alternating rounds so that both see the same load on this shared machine: medians ${ours.toFixed(0)} / ${theirs.toFixed(0)} req/s`,
      `= **${(ratio * 100).toFixed(1)}%** (target ≥ 95%; rounds: ${baseline.ours.map((v) => v.toFixed(0)).join(', ')} against ${baseline.theirs.map((v) => v.toFixed(0)).join(', ')}).`,
      `Server CPU per request, medians of the rounds: ${median(baseline.oursCpu).toFixed(0)} µs against ${median(baseline.theirsCpu).toFixed(0)} µs.`,
      '',
    )
  }
  const sum = (row: Measure | undefined) =>
    row
      ? [row.cpu.server, row.cpu.postgres, row.cpu.load].reduce<number>(
          (total, value) => total + (Number.isFinite(value) ? value! : 0),
          0,
        )
      : NaN
  const ceiling = (row: Measure | undefined) => ((machine.cores * 1e6) / sum(row)).toFixed(0)
  const grantRates = grants.map((row) => `${row.rps.toFixed(0)}/s on ${row.database}`).join(', ')
  lines.push('### What limits each figure', '')
  lines.push(
    '- **Public page**: a static file (the precompressed `index.html`) through Hono and `@hono/node-server` with the security',
    '  headers: Node HTTP work in one process, on one core, with autocannon on the other.',
  )
  if (pgRest && minimal) {
    lines.push(
      `- **REST on PostgreSQL**: all processes together spend ${sum(pgRest).toFixed(0)} µs of CPU per request (server ${micro(pgRest.cpu.server)},`,
      `  PostgreSQL ${micro(pgRest.cpu.postgres)}, autocannon ${micro(pgRest.cpu.load)}), so ${machine.cores} cores top out near ${ceiling(pgRest)} requests/s; the minimal`,
      `  handler needs ${sum(minimal).toFixed(0)} µs (its process ${micro(minimal.cpu.server)}, PostgreSQL ${micro(minimal.cpu.postgres)}), a ceiling near ${ceiling(minimal)}/s.`,
      '  Per request our server checks the HS256 JWT (jose, once per token, then cached until it expires), parses the query',
      '  string, builds the statement against the cached schema and runs one transaction in 3 round trips on a pool of',
      `  ${POOL_MAX}: \`begin\` and one \`set_config\` statement (role, claims, request settings, read-only) sent together as one`,
      '  simple query; the select, kept prepared on each connection so PostgreSQL parses and plans it once; `commit`. The',
      '  minimal handler makes 4 round trips (`begin`, `set_config`, the select parsed and planned every time, `commit`) and',
      '  does none of the rest.',
    )
  }
  if (pgbench && noRls) {
    lines.push(
      `- **PostgreSQL's share**: the same transaction from \`pgbench\` costs PostgreSQL ${micro(pgbench.cpu.postgres)} µs; without RLS ${micro(noRls.cpu.postgres)} µs. The`,
      '  difference is the `projects` select policy and its PL/pgSQL helpers (`client_project_ids()` →',
      '  `current_client_organization_id()` → `mfa_satisfied()`): the policy is planned into every statement that `pgbench`',
      '  and the minimal handler send unprepared. Our server keeps its select prepared, so PostgreSQL plans it once per',
      '  connection; that is most of why PostgreSQL spends less per request on ours than on the minimal handler.',
    )
  }
  if (gzip && pgRest) {
    lines.push(
      `- **With \`Accept-Encoding\`** (as browsers send): ${gzip.rps.toFixed(0)} requests/s, server ${micro(gzip.cpu.server)} µs per request (${micro(pgRest.cpu.server)}`,
      `  without): the ${restBytes}-byte response ${compression(rest, restBytes)}.`,
    )
  }
  if (liteRest) {
    lines.push(
      `- **REST on PGlite** (${liteRest.rps.toFixed(0)} requests/s): PGlite is one single-threaded PostgreSQL compiled to WebAssembly inside the`,
      '  server process, so statements run one at a time on the same core as the HTTP work and 32 connections only queue.',
      '  It is the development database, not the production one.',
    )
  }
  lines.push(
    `- **Password grant** (${grantRates}): by design. Each sign-in verifies an argon2id hash (19 MiB, 2 passes, the OWASP`,
    '  parameters in `supabase/server/auth/passwords.ts`) on the libuv thread pool, then writes a session and a refresh token;',
    `  with ${GRANT_CONNECTIONS} connections both cores are already busy hashing, and more would only lengthen the queue. The per-IP`,
    '  sign-in rate limit is raised for this run only (`AUTH_RATE_LIMIT_SIGN_IN`); normally it allows 30 per 5 minutes.',
    '',
  )
  return lines.join('\n')
}

function largeBodySection(results: LargeBody[]) {
  const mib = (value: number) => value.toFixed(0)
  const lines = [
    '### Memory under large bodies',
    '',
    `Each API gets one request whose body is ${LARGE_BODY_BYTES / 1024 / 1024} MiB sent chunked (no \`Content-Length\`), as fast as the`,
    'server reads it, after the throughput runs above. "Sent" is how much the client had sent when the answer came; RSS is',
    "the server process group's resident memory (`/proc/<pid>/status`), sampled every 25 ms. Bodies are counted while they",
    "stream and refused at the API's limit (`AUTH_`, `REST_`, `FUNCTIONS_MAX_BODY_BYTES`; storage uploads stream to disk",
    "up to `STORAGE_MAX_UPLOAD_BYTES` or the bucket's limit), so memory should not follow the body's size.",
    '',
    '| Database | Request | Answer | Sent before the answer | RSS before | RSS peak | Growth |',
    '| --- | --- | --: | --: | --: | --: | --: |',
    ...results.map(
      (row) =>
        `| ${row.database} | ${row.name} | ${row.status} | ${row.sentMiB.toFixed(1)} MiB | ${mib(row.rssBeforeMiB)} MiB | ${mib(row.rssPeakMiB)} MiB | ${mib(row.rssPeakMiB - row.rssBeforeMiB)} MiB |`,
    ),
    '',
  ]
  return `\n${lines.join('\n')}`
}

async function writeDoc(section: string) {
  await replaceSection(DOC, SECTION_TITLE, section)
}

// ---------------------------------------------------------------------------------------------
// Main

async function createBenchDatabase(url: string) {
  const db = new pg.Client({ connectionString: url })
  await db.connect()
  try {
    const { rows } = await db.query<{ v: string }>("select 'PostgreSQL ' || current_setting('server_version') as v")
    await db.query('create database bench')
    return rows[0]!.v
  } finally {
    await db.end()
  }
}

async function main() {
  if (!existsSync(join(ROOT, 'dist', 'index.html'))) {
    console.log('▶ No dist/index.html: building the site (npm run build)')
    execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' })
  }
  const rows: Measure[] = []
  if (ONLY_BASELINE && !process.env.BENCH_BASELINE) throw new Error('BENCH_ONLY=baseline needs BENCH_BASELINE')
  const onPglite = ONLY_BASELINE ? { rows: [], largeBodies: [] } : await benchServer('PGlite')
  rows.push(...onPglite.rows)

  console.log('\n▶ Starting a PostgreSQL cluster')
  const cluster: PostgresCluster | undefined = await startPostgresCluster()
  if (!cluster) throw new Error('No PostgreSQL binaries found under /usr/lib/postgresql')
  cleanups.push(() => cluster.stop())
  const version = await createBenchDatabase(cluster.url('postgres'))
  const url = cluster.url('bench')
  const postgres = { url, cpu: postgresCpu(new URL(url).port) }
  console.log(`  ${version}, database "bench"`)
  const onPostgres = await benchServer('PostgreSQL', postgres)
  if (ONLY_BASELINE) return
  rows.push(...onPostgres.rows)
  for (const withRls of [true, false]) {
    const row = await benchPgbench(postgres, onPostgres.rest, withRls)
    // Beside the other REST figures, before the password grant.
    if (row) rows.splice(rows.length - 1, 0, row)
  }

  const machine = machineInfo(version)
  const largeBodies = [...onPglite.largeBodies, ...onPostgres.largeBodies]
  await writeDoc(markdownSection(machine, rows, onPostgres.rest, onPostgres.baseline) + largeBodySection(largeBodies))
  console.log('\n▶ Results against targets')
  for (const [row, verdict] of verdicts(rows)) {
    if (verdict.met === undefined) continue
    console.log(`  ${verdict.met ? 'met   ' : 'MISSED'}  ${row.database} ${plain(row.name)}: ${verdict.target}`)
  }
  console.log(`\nWrote ${DOC.slice(ROOT.length + 1)}`)
}

if (process.argv[2] === 'minimal-server') {
  await minimalServer()
} else {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      console.error(`\n${signal}: stopping the servers and the cluster`)
      void cleanup().finally(() => process.exit(130))
    })
  }
  // Last resort if something exits without passing through cleanup().
  process.on('exit', () => children.forEach((child) => child.exitCode === null && killGroup(child, 'SIGKILL')))
  try {
    await main()
  } catch (error) {
    console.error(`\nBenchmark failed: ${(error as Error).stack ?? error}`)
    process.exitCode = 1
  } finally {
    await cleanup()
  }
}
