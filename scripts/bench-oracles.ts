// No account oracles, measured (issue 10, item 6): POST /recover, POST /signup (with
// confirmation, the production default) and the password sign-in must take as long and answer
// the same for an address that has an account and one that does not. For each, 50 interleaved
// pairs (known, unknown; the order alternates so drift hits both alike, and each request is timed
// alone) against our server on a fresh embedded database, through its HTTP handler; the medians
// must be within 10%. Prints a
// table for docs/benchmarks.md and exits non-zero when a pair of medians differs by more.
//   npm run bench:oracles [-- --pairs 50]
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir, cpus } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { randomUUID } from 'node:crypto'
import { readEnv } from '../supabase/server/env'
import { createServer } from '../supabase/server/server'

const pairsArg = process.argv.indexOf('--pairs')
const pairs = pairsArg > 0 ? Number(process.argv[pairsArg + 1]) : 50
const tolerance = 0.1

const dataDir = mkdtempSync(join(tmpdir(), 'cauce-bench-oracles-'))
const env = readEnv({
  NODE_ENV: 'test',
  HOST: 'localhost',
  PORT: '54321',
  DATA_DIR: dataDir,
  NOTIFICATION_MAIL_INTERVAL_MS: '0',
  AUTH_RATE_LIMIT_SIGN_IN: '100000',
  AUTH_RATE_LIMIT_SIGN_UP: '100000',
  AUTH_RATE_LIMIT_RECOVER: '100000',
  AUTH_ACCOUNT_MAX_FAILURES: '1000',
})
const server = await createServer({ env, seed: false })
const origin = server.deps.siteOrigin
const headers = { apikey: env.ANON_KEY, authorization: `Bearer ${env.ANON_KEY}`, 'content-type': 'application/json' }

async function call(path: string, body: unknown): Promise<{ ms: number; status: number; text: string }> {
  const started = performance.now()
  const response = await server.app.fetch(
    new Request(`${origin}/auth/v1${path}`, { method: 'POST', headers, body: JSON.stringify(body) }),
  )
  const text = await response.text()
  return { ms: performance.now() - started, status: response.status, text }
}

const password = 'correct-horse-battery'
const fresh = (name: string) => `${name}.${randomUUID().slice(0, 8)}@example.com`
/** Known accounts: confirmed, with a password; one per request, so none is rate- or interval-limited. */
async function knownAccount(): Promise<string> {
  const email = fresh('known')
  const response = await server.app.fetch(
    new Request(`${origin}/auth/v1/admin/users`, {
      method: 'POST',
      headers: { ...headers, apikey: env.SERVICE_ROLE_KEY, authorization: `Bearer ${env.SERVICE_ROLE_KEY}` },
      body: JSON.stringify({ email, password, email_confirm: true }),
    }),
  )
  if (response.status !== 200) throw new Error(`could not create ${email}: ${await response.text()}`)
  return email
}

interface Case {
  name: string
  request: (email: string) => Promise<{ ms: number; status: number; text: string }>
  /** The answer with its address-specific parts removed: must be the same for both. */
  comparable: (text: string) => string
}

const cases: Case[] = [
  {
    name: 'POST /recover',
    request: (email) => call('/recover', { email }),
    comparable: (text) => text,
  },
  {
    name: 'POST /signup (confirmation on)',
    request: (email) => call('/signup', { email, password: `${password}-x` }),
    // Every sign-up answer names its address and has its own id and times.
    comparable: (text) => Object.keys(JSON.parse(text) as object).join(','),
  },
  {
    name: 'POST /token (wrong password)',
    request: (email) => call('/token?grant_type=password', { email, password: 'not-the-password-1' }),
    comparable: (text) => text,
  },
]

const settle = () => new Promise((resolve) => setTimeout(resolve, 150))

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

const rows: string[] = []
let failed = false
for (const bench of cases) {
  // Warm-up: the first argon2 and query plans are slower.
  for (let i = 0; i < 3; i++) {
    await bench.request(await knownAccount())
    await bench.request(fresh('warm'))
  }
  const known: number[] = []
  const unknown: number[] = []
  const answers = new Set<string>()
  // The accounts first, so making them is not timed alongside the requests.
  const accounts: string[] = []
  for (let i = 0; i < pairs; i++) accounts.push(await knownAccount())
  for (let i = 0; i < pairs; i++) {
    const stranger = fresh('unknown')
    const order = i % 2 === 0 ? ['known', 'unknown'] : ['unknown', 'known']
    for (const which of order) {
      // What a request leaves to do after answering (the mail, the account row) finishes before
      // the next one is timed, so it slows neither side.
      await settle()
      const result = await bench.request(which === 'known' ? accounts[i]! : stranger)
      ;(which === 'known' ? known : unknown).push(result.ms)
      answers.add(`${result.status} ${bench.comparable(result.text)}`)
    }
  }
  const a = median(known)
  const b = median(unknown)
  const difference = Math.abs(a - b) / Math.min(a, b)
  const sameAnswer = answers.size === 1
  const ok = difference <= tolerance && sameAnswer
  failed ||= !ok
  rows.push(
    `| ${bench.name} | ${a.toFixed(1)} | ${b.toFixed(1)} | ${(difference * 100).toFixed(1)}% | ${sameAnswer ? 'same' : 'DIFFERENT'} | ${ok ? 'met' : 'missed'} |`,
  )
}

console.log(
  `\n${pairs} interleaved pairs per endpoint, ${new Date().toISOString()}, ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}, PGlite\n`,
)
console.log(
  '| Endpoint | Known address, median ms | Unknown address, median ms | Difference | Answer | Target (≤ 10%) |',
)
console.log('| --- | ---: | ---: | ---: | --- | --- |')
for (const row of rows) console.log(row)

await server.close()
rmSync(dataDir, { recursive: true, force: true })
process.exit(failed ? 1 : 0)
