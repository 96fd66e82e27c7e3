// Measures what one client's slow request does to everyone else on the embedded PGlite
// (decision 0018): while one client's read runs far past its role's statement timeout, another
// organization's client keeps selecting its projects, one request after another; the script
// reports how long those selects took, split into queueing for the database, holding it and the
// rest, and when and how the slow read ended. Also the same slow work as a write (POST), stopped
// and run again like the read. Writes the section
// "Server: a slow request on PGlite" of docs/benchmarks.md.
//
//   npm run bench:timeout
//
// The server runs in this process (its HTTP on this thread, PGlite in its worker), so the script
// can create, as an operator would with SQL, a function that is slow because of its data.
import { execFileSync } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer as createNetServer } from 'node:net'
import { cpus, getPriority, loadavg, tmpdir, totalmem } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks'
import { serve } from '@hono/node-server'
import { turnChannel, type TurnTiming } from '../supabase/server/db/pglite'
import { readEnv } from '../supabase/server/env'
import { createServer } from '../supabase/server/server'
import { developmentKeys } from '../supabase/server/lib/dev-keys'
import { demoAccounts, demoPassword } from '../supabase/server/welcome'
import { replaceSection } from './lib/bench-doc'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const DOC = join(ROOT, 'docs', 'benchmarks.md')
const TITLE = '## Server: a slow request on PGlite'
const TARGET_MS = 100
const slowClient = 'lucia.martin@example.com'
const otherClient = 'daniel.ortega@example.com'

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createNetServer()
    probe.once('error', fail)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => done(port))
    })
  })
}

const headers = (token: string) => ({ apikey: developmentKeys.anonKey, authorization: `Bearer ${token}` })

async function signIn(origin: string, email: string) {
  const response = await fetch(`${origin}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: developmentKeys.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: demoPassword }),
  })
  const body = (await response.json()) as { access_token?: string }
  if (!body.access_token) throw new Error(`Sign-in as ${email} failed: ${response.status}`)
  return body.access_token
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN

interface Run {
  kind: string
  slowStatus: number
  slowCode: string
  slowMs: number
  others: number[]
  /** Each of the other client's selects split: queued for the database, holding it, the rest. */
  split: Split[]
  /** The HTTP thread's longest event-loop delay and garbage-collection pause during the run. */
  loopMaxMs: number
  gcMaxMs: number
}

interface Split {
  totalMs: number
  waitMs: number
  runMs: number
}

// Every turn at the database, as PGlite publishes it, with when it ended on this thread's clock.
const turns: Array<TurnTiming & { endedAt: number }> = []
turnChannel.subscribe((timing) => turns.push({ ...(timing as TurnTiming), endedAt: performance.now() }))
let gcMaxMs = 0
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) gcMaxMs = Math.max(gcMaxMs, entry.duration)
}).observe({ entryTypes: ['gc'] })

/** The slow request, and the other client's selects one after another until it has ended. */
async function run(kind: string, slow: () => Promise<Response>, other: () => Promise<Response>) {
  const loop = monitorEventLoopDelay({ resolution: 5 })
  loop.enable()
  gcMaxMs = 0
  turns.length = 0
  const windows: Array<{ from: number; to: number }> = []
  const started = performance.now()
  let ended = false
  const slowDone = slow().then(async (response) => {
    ended = true
    const body = (await response.json().catch(() => ({}))) as { code?: string }
    return { status: response.status, code: body.code ?? '', ms: performance.now() - started }
  })
  const others: number[] = []
  // Every select sent before the slow request was answered counts, also one that waited for its end.
  while (!ended) {
    const t = performance.now()
    const response = await other()
    await response.arrayBuffer()
    if (!response.ok) throw new Error(`The other client's select failed: ${response.status}`)
    others.push(performance.now() - t)
    windows.push({ from: t, to: performance.now() })
  }
  const result = await slowDone
  loop.disable()
  // The slow request's turns are the ones of the call that was stopped or ran longest; the others'
  // turns are matched to their selects by time (one select at a time).
  const slowCall = [...turns].sort((a, b) => b.runMs - a.runMs)[0]?.call
  // A select's own transaction is the last one to end before its answer (call 0: the server's
  // statements outside any transaction, never a request's).
  const split = windows.map(({ from, to }) => {
    const own = turns.filter(
      (turn) => turn.call !== slowCall && turn.call !== 0 && turn.endedAt >= from && turn.endedAt <= to,
    )
    const last = own.sort((a, b) => b.endedAt - a.endedAt)[0]
    return { totalMs: to - from, waitMs: last?.waitMs ?? 0, runMs: last?.runMs ?? 0 }
  })
  const loopMaxMs = loop.max / 1e6
  const worst = [...split].sort((a, b) => b.totalMs - a.totalMs)[0]
  console.log(
    `  ${kind}: slow request ${result.status} ${result.code} after ${result.ms.toFixed(0)} ms; ` +
      `${others.length} selects meanwhile, p50 ${percentile(
        [...others].sort((a, b) => a - b),
        50,
      ).toFixed(1)} ms, ` +
      `max ${Math.max(...others).toFixed(1)} ms (${describe(worst)}); ` +
      `event-loop delay max ${loopMaxMs.toFixed(1)} ms, GC pause max ${gcMaxMs.toFixed(1)} ms`,
  )
  return {
    kind,
    slowStatus: result.status,
    slowCode: result.code,
    slowMs: result.ms,
    others,
    split,
    loopMaxMs,
    gcMaxMs,
  } satisfies Run
}

function describe(split: Split | undefined) {
  if (!split) return 'no select'
  const rest = split.totalMs - split.waitMs - split.runMs
  return `queued ${split.waitMs.toFixed(1)} ms, holding the database ${split.runMs.toFixed(1)} ms, HTTP and the rest ${rest.toFixed(1)} ms`
}

async function main() {
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-timeout-'))
  const port = await freePort()
  const mailPort = await freePort()
  const env = readEnv({
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    SITE_DIST: join(ROOT, 'dist'),
    MAIL_CATCHER_PORT: String(mailPort - 1),
  })
  console.log('▶ PGlite: starting the server in this process (migrating and seeding a fresh database)')
  const server = await createServer({ env })
  const http = serve({ fetch: server.app.fetch, hostname: env.HOST, port: env.PORT })
  const origin = `http://127.0.0.1:${port}`
  try {
    // Slow because of its data, as a select with deep !inner embeds over large tables is.
    await server.deps.db.exec(`
      create function public.bench_slow_read() returns bigint language sql stable
        as $$ select count(*) from generate_series(1, 30000) a, generate_series(1, 30000) b where a + b < 0 $$;
      grant execute on function public.bench_slow_read() to authenticated;`)
    const slowToken = await signIn(origin, slowClient)
    const otherToken = await signIn(origin, otherClient)
    if (!demoAccounts.some((account) => account.email === otherClient)) throw new Error('Unknown demo account')
    const other = () => fetch(`${origin}/rest/v1/projects?select=*`, { headers: headers(otherToken) })
    const rpc = `${origin}/rest/v1/rpc/bench_slow_read`

    const quiet: number[] = []
    for (let i = 0; i < 50; i++) {
      const t = performance.now()
      await (await other()).arrayBuffer()
      quiet.push(performance.now() - t)
    }
    console.log(
      `  without the slow request: p50 ${percentile(
        [...quiet].sort((a, b) => a - b),
        50,
      ).toFixed(1)} ms`,
    )
    const runs = [
      await run('read (GET)', () => fetch(rpc, { headers: headers(slowToken) }), other),
      await run(
        'write (POST)',
        () => fetch(rpc, { method: 'POST', headers: { ...headers(slowToken), 'content-type': 'application/json' } }),
        other,
      ),
    ]
    await replaceSection(DOC, TITLE, section(quiet, runs, env.PGLITE_SHARE_MS))
    console.log(`\nWrote ${DOC.slice(ROOT.length + 1)}`)
  } finally {
    await new Promise<void>((done) => http.close(() => done()))
    await server.close()
    await rm(dataDir, { recursive: true, force: true })
  }
}

function section(quiet: number[], runs: Run[], shareMs: number) {
  let commit = 'unknown'
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim()
  } catch {
    // not a git checkout
  }
  const sortedQuiet = [...quiet].sort((a, b) => a - b)
  const row = (run: Run) => {
    const sorted = [...run.others].sort((a, b) => a - b)
    const max = sorted[sorted.length - 1] ?? NaN
    return `| ${run.kind} | ${run.slowStatus} \`${run.slowCode}\` after ${(run.slowMs / 1000).toFixed(2)} s | ${run.others.length} | ${percentile(sorted, 50).toFixed(1)} ms | ${percentile(sorted, 99).toFixed(1)} ms | ${max.toFixed(1)} ms | ${max <= TARGET_MS ? 'yes' : 'no'} |`
  }
  const splitRow = (run: Run) => {
    const part = (pick: (split: Split) => number) =>
      `${percentile(
        run.split.map(pick).sort((a, b) => a - b),
        99,
      ).toFixed(1)} / ${Math.max(...run.split.map(pick)).toFixed(1)} ms`
    const worst = [...run.split].sort((a, b) => b.totalMs - a.totalMs)[0]
    return `| ${run.kind} | ${part((s) => s.waitMs)} | ${part((s) => s.runMs)} | ${part((s) => s.totalMs - s.waitMs - s.runMs)} | ${describe(worst)} | ${run.loopMaxMs.toFixed(1)} ms | ${run.gcMaxMs.toFixed(1)} ms |`
  }
  return [
    TITLE,
    '',
    `\`npm run bench:timeout\`, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, commit \`${commit}\`; ` +
      `${cpus()[0]?.model.trim() ?? 'unknown CPU'}, ${cpus().length} cores, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, ` +
      `Node ${process.version}, load average ${loadavg()[0]!.toFixed(1)} at the end (a shared machine), ` +
      `run at niceness ${getPriority()}.`,
    '',
    `One client (${slowClient}) calls a function that would join rows for far longer than the`,
    `authenticated role's 8 s statement timeout; meanwhile a client of another organization (${otherClient})`,
    'selects its projects (`GET /rest/v1/projects?select=*`), one request after another, until the slow one',
    `has been answered. \`PGLITE_SHARE_MS\` = ${shareMs}. Without the slow request the same select takes`,
    `p50 ${percentile(sortedQuiet, 50).toFixed(1)} ms (50 in a row).`,
    '',
    '| Slow request | Its answer | Selects meanwhile | p50 | p99 | max | max ≤ 100 ms |',
    '| --- | --- | ---: | ---: | ---: | ---: | --- |',
    ...runs.map(row),
    '',
    "Where the other client's time went (p99 / max over its selects): queued behind the slow request for the",
    'database, holding it (its transaction, worker round trips included), and everything else (HTTP on this',
    "thread, JWT, parsing, the response); then the slowest select's split, and the HTTP thread's longest",
    'event-loop delay and garbage-collection pause during the run.',
    '',
    '| Slow request | Queued | Holding | Rest | Slowest select | Event-loop delay max | GC pause max |',
    '| --- | ---: | ---: | ---: | --- | ---: | ---: |',
    ...runs.map(splitRow),
    '',
    'The slow request is stopped whenever it has held the database for the share while a new request waits,',
    'rolled back, and run again after the others within what is left of its timeout; REST writes too, since',
    'their transactions do nothing outside the database (decision 0018).',
    '',
  ].join('\n')
}

await main()
process.exit(0)
