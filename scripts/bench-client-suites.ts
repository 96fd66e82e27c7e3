// Supabase's own client test suites against our server (issue 27): the suites of the supabase-js
// monorepo (postgrest-js, storage-js, auth-js, and supabase-js's integration tests, which hold the
// Realtime tests that need a live server) run unchanged, each on a fresh database of ours with the
// suite's own schema and seed applied and the settings its Supabase configuration turns on.
//
//   SUITES_DIR=<folder> npm run bench:suites
//   SUITES_DIR=<folder> BENCH_SUITES=postgrest-js,auth-js BENCH_DATABASE=postgres npm run bench:suites
//
// SUITES_DIR holds, outside this repository:
// - supabase-js/: a clone of github.com/supabase/supabase-js at the tag of the @supabase/supabase-js
//   version in our package.json (v2.109.0), its tests untouched;
// - node_modules/: what the suites need to run (jest, ts-jest, typescript…), which this script
//   installs with npm on first use (the monorepo's pnpm workspace is not needed for the tests).
//
// The tests name Supabase CLI's address, http://127.0.0.1:54321. Our server listens on BENCH_PORT
// (4391) and believes its public address is :54321 (API_EXTERNAL_URL), as behind a proxy; a setup
// file given to Jest (not part of any suite) sends the tests' requests and WebSockets for :54321
// to BENCH_PORT. Nothing else differs from the suites' own runs.
//
// Server-backed tests are those of the files listed per suite below (every file whose tests call
// the server); the files that mock fetch or sockets are not run at all (EXCLUDED below, with why).
// Skipped tests (test.skip in the suites) are not counted. The figure is passed / run.
//
// Not part of `npm test`. Exits non-zero only when it cannot measure.
import { execFileSync, spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import type { Server as HttpServer } from 'node:http'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { serve } from '@hono/node-server'
import type { Database } from '../supabase/server/db/database'
import { openPglite } from '../supabase/server/db/pglite'
import { openPostgres } from '../supabase/server/db/postgres'
import { readEnv } from '../supabase/server/env'
import { createServer } from '../supabase/server/server'
import { startPostgresCluster, type PostgresCluster } from '../tests/integration/support/postgres-cluster'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const SUITES_DIR = process.env.SUITES_DIR ? resolve(process.env.SUITES_DIR) : undefined
const PORT = Number(process.env.BENCH_PORT ?? 4391)
const PUBLIC_URL = 'http://127.0.0.1:54321'
const DATABASES = (process.env.BENCH_DATABASE ?? 'pglite').split(',') as Array<'pglite' | 'postgres'>

/** The runner's packages, at the versions the monorepo's catalog pins (pnpm-workspace.yaml). */
const RUNNER_PACKAGES: Record<string, string> = {
  jest: '30.4.2',
  '@jest/types': '^30.0.0',
  '@jest/globals': '^30.0.0',
  '@jest/test-sequencer': '^30.0.0',
  'ts-jest': '^29.4.9',
  typescript: '~5.8.3',
  '@types/jest': '30.0.0',
  '@types/node': '20.19.9',
  tslib: '2.8.1',
  'iceberg-js': '^0.8.1',
  jsonwebtoken: '^9.0.0',
  '@faker-js/faker': '^9.9.0',
  'jest-mock-server': '^0.1.0',
  prettier: '^3.6.2',
  'type-fest': '^4.32.0',
  zod: '^3.25.76',
  '@supabase/phoenix': '0.4.4',
  ws: '^8.18.0',
}

interface Suite {
  name: string
  /** The package folder inside the clone. */
  dir: string
  /** Its own Jest configuration (a CommonJS file the run extends), or its options written out (a .ts file). */
  config: string | Record<string, unknown>
  /** The tsconfig its ts-jest transform uses. */
  tsconfig: string
  /** Test files, relative to the package: every file whose tests reach the server. */
  files: string[]
  /** SQL applied, in order, as the Supabase CLI would (migrations, then the seed), relative to the package. */
  fixtures: string[]
  /** Settings of our server, from the suite's supabase/config.toml. */
  settings: (pkg: string) => Record<string, string>
  /**
   * Tests in those files that never reach the server (they only build a client), by the start of
   * their full name, with why: counted apart, not in the figure.
   */
  noServer?: Array<{ prefix: string; why: string }>
  /** Before the run: what the suite's own set-up does (keys it generates). */
  prepare?: (pkg: string) => void
}

/** Files left out, with why: they mock fetch or sockets, or need another server than Supabase's. */
const EXCLUDED: Record<string, string> = {
  'postgrest-js: retry, fetch-errors, headers-serialization, version-and-constants, *.test-d.ts':
    'mocked fetch or type tests: no server',
  'postgrest-js: test/v12/': 'a PostgREST 12 in Docker on port 3012 (its own compatibility run)',
  'storage-js: common/, downloadBuilders, exports, list-sortby-defaults, storageFileApiErrorHandling, analytics-getcatalog, *.spec.ts':
    'mocked fetch, or the vector/analytics mock server of storage-js',
  'auth-js: docker-tests/':
    'four extra GoTrue containers on ports 9996–9999 with other settings (jest.config.docker.js)',
  'auth-js: GoTrueClient.browser, passkey.methods, passkey, webauthn.*, base64url, errors, ethereum, fetch, helpers, lib/':
    'jsdom or mocked fetch: no server',
  'realtime-js: all': 'mock sockets (the live Realtime tests are supabase-js/test/integration.test.ts)',
  'functions-js: all': 'its own relay containers (testcontainers), not a Supabase project',
  'supabase-js: unit/, deno/, integration/ (bun, expo, next, browser)': 'no server, or other runtimes',
}

const baseSettings = {
  NODE_ENV: 'development',
  HOST: '127.0.0.1',
  PORT: String(PORT),
  SITE_URL: 'http://127.0.0.1:3000',
  API_EXTERNAL_URL: PUBLIC_URL,
  // The CLI's legacy secret: supabase-js's tests sign their own HS256 tokens with it.
  JWT_SECRET: 'super-secret-jwt-token-with-at-least-32-characters-long',
  NOTIFICATION_MAIL_INTERVAL_MS: '0',
  APPROVAL_REMINDER_INTERVAL_MS: '0',
  AUTH_ACCOUNT_MAX_FAILURES: '1000',
  AUTH_RATE_LIMIT_SIGN_IN: '10000',
  AUTH_RATE_LIMIT_SIGN_UP: '10000',
  AUTH_RATE_LIMIT_RECOVER: '10000',
  AUTH_RATE_LIMIT_VERIFY: '10000',
  MAIL_CATCHER_PORT: String(PORT + 6),
}

/** [auth] of the suites' config.toml: no confirmations, 6-character passwords, no password list. */
const cliAuth = {
  AUTH_AUTOCONFIRM: 'true',
  AUTH_PASSWORD_MIN_LENGTH: '6',
  AUTH_COMMON_PASSWORDS: '0',
}

const SUITES: Suite[] = [
  {
    name: 'postgrest-js',
    dir: 'packages/core/postgrest-js',
    // jest.config.ts, written out.
    config: {
      testSequencer: '<rootDir>/test/testSequencer.js',
      testTimeout: 30000,
      maxWorkers: 1,
      testEnvironment: 'node',
    },
    tsconfig: 'tsconfig.test.json',
    files: [
      'test/advanced_rpc.test.ts',
      'test/basic.test.ts',
      'test/embeded_functions_join.test.ts',
      'test/filters.test.ts',
      'test/max-affected.test.ts',
      'test/permission-hints.test.ts',
      'test/relationships-aggregate-operations.test.ts',
      'test/relationships-error-handling.test.ts',
      'test/relationships-join-operations.test.ts',
      'test/relationships-spread-operations.test.ts',
      'test/relationships.test.ts',
      'test/resource-embedding.test.ts',
      'test/rpc.test.ts',
      'test/timeout-and-url-length.test.ts',
      'test/transforms.test.ts',
    ],
    fixtures: ['test/supabase/migrations/00000000000000_schema.sql', 'test/supabase/seed.sql'],
    // Aggregates, EXPLAIN and tx=rollback are turned on by the schema itself (alter role authenticator).
    settings: () => ({ ...cliAuth }),
  },
  {
    name: 'storage-js',
    dir: 'packages/core/storage-js',
    config: 'jest.config.js',
    tsconfig: 'tsconfig.test.json',
    files: [
      'test/storageApi.test.ts',
      'test/storageBucketApi.test.ts',
      'test/storageFileApi.test.ts',
      'test/storageFileApiNode.test.ts',
    ],
    fixtures: ['test/supabase/seed.sql'],
    // [storage] file_size_limit = "50MiB", image_transformation enabled.
    settings: () => ({
      ...cliAuth,
      STORAGE_MAX_UPLOAD_BYTES: String(50 * 1024 * 1024),
      IMAGE_TRANSFORMATION_ENABLED: 'true',
    }),
  },
  {
    name: 'auth-js',
    dir: 'packages/core/auth-js',
    config: 'jest.config.cli.js',
    tsconfig: 'tsconfig.test.json',
    files: ['test/GoTrueApi.test.ts', 'test/GoTrueClient.test.ts', 'test/passkey.e2e.test.ts'],
    fixtures: [],
    prepare: (pkg) => {
      // The suite's own set-up (nx test:generate-keys): a fresh RS256 key with key_ops sign/verify.
      if (!existsSync(join(pkg, 'test/supabase/signing_keys.json')))
        execFileSync(process.execPath, ['test/generate-signing-keys.js'], { cwd: pkg, stdio: 'ignore' })
    },
    settings: (pkg) => ({
      ...cliAuth,
      JWT_SIGNING_KEYS: readFileSync(join(pkg, 'test/supabase/signing_keys.json'), 'utf8'),
      // [auth.mfa.web_authn] and [auth.webauthn] of its config.toml.
      AUTH_MFA_WEB_AUTHN_ENROLL_ENABLED: 'true',
      AUTH_MFA_WEB_AUTHN_VERIFY_ENABLED: 'true',
      AUTH_WEBAUTHN_RP_ID: 'localhost',
      AUTH_WEBAUTHN_RP_ORIGINS: 'http://localhost:5173',
      AUTH_WEBAUTHN_RP_DISPLAY_NAME: 'auth-js tests',
    }),
  },
  {
    name: 'supabase-js',
    dir: 'packages/core/supabase-js',
    // jest.config.ts, written out.
    config: { testEnvironment: 'node', setupFilesAfterEnv: ['<rootDir>/jest.setup.ts'], clearMocks: true },
    tsconfig: 'tsconfig.json',
    files: ['test/integration.test.ts'],
    noServer: [
      { prefix: 'Supabase Integration Tests should connect to Supabase instance', why: 'builds a client only' },
      {
        prefix: 'PostgREST Timeout Configuration ',
        why: 'builds clients only; on Node 20 they throw for want of a native WebSocket (they pass on Node 22)',
      },
    ],
    fixtures: [
      'supabase/migrations/20250422000000_create_todos_table.sql',
      'supabase/migrations/20250423000000_realtime_rls_setup.sql',
      'supabase/migrations/20250424000000_storage_anon_policy.sql',
      'supabase/seed/seed_todos.sql',
    ],
    settings: () => ({ ...cliAuth }),
  },
]

interface TestResult {
  file: string
  name: string
  status: 'passed' | 'failed' | 'pending' | 'skipped' | 'todo' | 'disabled'
  message: string
}

/** Jest's colours in failure messages. */
const ANSI_COLOURS = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g')

function fail(message: string): never {
  console.error(message)
  process.exit(1)
}

function ensureRunner(dir: string) {
  if (existsSync(join(dir, 'node_modules', 'jest', 'package.json'))) return
  console.log(`Installing the suites' runner in ${dir}/node_modules (npm)…`)
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({ name: 'client-suites-runner', private: true, devDependencies: RUNNER_PACKAGES }, null, 2),
  )
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir, stdio: 'inherit' })
}

/** The Jest setup that sends :54321 to our port, and the `ws` that does the same for WebSockets. */
function writeShims(dir: string, port: number): { setup: string; ws: string } {
  const rewrite = `(u) => String(u).replace(/^(https?|wss?):\\/\\/(127\\.0\\.0\\.1|localhost):54321(?=\\/|$)/, '$1://127.0.0.1:${port}')`
  const setup = join(dir, 'redirect-setup.cjs')
  writeFileSync(
    setup,
    `const rewrite = ${rewrite}
const realFetch = globalThis.fetch
globalThis.fetch = function (input, init) {
  if (typeof input === 'string' || input instanceof URL) return realFetch(rewrite(input), init)
  if (input && typeof input.url === 'string' && rewrite(input.url) !== input.url) return realFetch(new Request(rewrite(input.url), input), init)
  return realFetch(input, init)
}
if (typeof globalThis.WebSocket === 'function') {
  const Real = globalThis.WebSocket
  globalThis.WebSocket = class extends Real { constructor(url, protocols) { super(rewrite(url), protocols) } }
}
`,
  )
  const realWs = resolveMain(dir, 'ws')
  const ws = join(dir, 'ws-redirect.cjs')
  writeFileSync(
    ws,
    `const rewrite = ${rewrite}
const Real = require(${JSON.stringify(realWs)})
class WebSocket extends Real { constructor(url, ...rest) { super(rewrite(url), ...rest) } }
module.exports = WebSocket
module.exports.WebSocket = WebSocket
module.exports.default = WebSocket
`,
  )
  return { setup, ws }
}

function resolveMain(dir: string, name: string): string {
  return join(
    dir,
    'node_modules',
    name,
    JSON.parse(readFileSync(join(dir, 'node_modules', name, 'package.json'), 'utf8')).main ?? 'index.js',
  )
}

/** The suite's own Jest configuration plus the redirect, the workspace packages and no coverage. */
function writeConfig(dir: string, suite: Suite, pkg: string, shims: { setup: string; ws: string }): string {
  const core = join(pkg, '..')
  const path = join(dir, `${suite.name}.jest.config.cjs`)
  writeFileSync(
    path,
    `const own = ${typeof suite.config === 'string' ? `require(${JSON.stringify(join(pkg, suite.config))})` : JSON.stringify(suite.config)}
module.exports = {
  ...own,
  rootDir: ${JSON.stringify(pkg)},
  collectCoverage: false,
  silent: true,
  setupFiles: [...(own.setupFiles ?? []), ${JSON.stringify(shims.setup)}],
  moduleNameMapper: {
    ...(own.moduleNameMapper ?? {}),
    '^ws$': ${JSON.stringify(shims.ws)},
    '^@supabase/auth-js$': ${JSON.stringify(join(core, 'auth-js/src/index.ts'))},
    '^@supabase/functions-js$': ${JSON.stringify(join(core, 'functions-js/src/index.ts'))},
    '^@supabase/postgrest-js$': ${JSON.stringify(join(core, 'postgrest-js/src/index.ts'))},
    '^@supabase/realtime-js$': ${JSON.stringify(join(core, 'realtime-js/src/index.ts'))},
    '^@supabase/storage-js$': ${JSON.stringify(join(core, 'storage-js/src/index.ts'))},
    '^@supabase/tracing$': ${JSON.stringify(join(core, '../shared/tracing/src/index.ts'))},
  },
  transform: { '^.+\\\\.tsx?$': ['ts-jest', { tsconfig: ${JSON.stringify(join(pkg, suite.tsconfig))}, isolatedModules: true, diagnostics: false }] },
  globals: {},
}
`,
  )
  return path
}

async function runJest(dir: string, pkg: string, config: string, files: string[], port: number): Promise<TestResult[]> {
  const out = join(dir, `result-${Date.now()}.json`)
  await new Promise<void>((done) => {
    const child = spawn(
      process.execPath,
      [
        join(dir, 'node_modules', 'jest', 'bin', 'jest.js'),
        '--config',
        config,
        '--runInBand',
        '--ci',
        '--json',
        '--outputFile',
        out,
        '--forceExit',
        ...files,
      ],
      {
        cwd: pkg,
        env: { ...process.env, NODE_ENV: 'test', BENCH_TARGET_PORT: String(port) },
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    )
    let err = ''
    child.stderr.on('data', (chunk: Buffer) => (err = (err + chunk.toString()).slice(-4000)))
    child.once('exit', () => {
      if (!existsSync(out)) console.error(err)
      done()
    })
  })
  if (!existsSync(out)) return []
  const report = JSON.parse(readFileSync(out, 'utf8')) as {
    testResults: Array<{
      name: string
      message: string
      assertionResults: Array<{ fullName: string; status: TestResult['status']; failureMessages: string[] }>
    }>
  }
  rmSync(out, { force: true })
  const results: TestResult[] = []
  for (const file of report.testResults) {
    const relative = file.name.slice(pkg.length + 1)
    if (file.assertionResults.length === 0)
      results.push({
        file: relative,
        name: '(file did not run)',
        status: 'failed',
        message: file.message.split('\n').slice(0, 3).join(' '),
      })
    for (const test of file.assertionResults)
      results.push({
        file: relative,
        name: test.fullName,
        status: test.status,
        message: (test.failureMessages[0] ?? '')
          .replace(ANSI_COLOURS, '')
          .split('\n')
          .filter(Boolean)
          .slice(0, 40)
          .join('\n'),
      })
  }
  return results
}

async function openDatabase(
  kind: 'pglite' | 'postgres',
  cluster: PostgresCluster | undefined,
  name: string,
): Promise<Database> {
  if (kind === 'pglite') return openPglite()
  if (!cluster) fail('PostgreSQL binaries not found (BENCH_DATABASE=postgres)')
  const admin = openPostgres(cluster.url('postgres'), { max: 1 })
  await admin.exec(`drop database if exists ${name} with (force)`)
  await admin.exec(`create database ${name}`)
  await admin.close()
  return openPostgres(cluster.url(name), { max: 10 })
}

/** SQL statements of a file: split on `;` outside quotes, dollar quotes and comments. */
export function splitStatements(sql: string): string[] {
  const statements: string[] = []
  let start = 0
  let i = 0
  while (i < sql.length) {
    const rest = sql.slice(i)
    if (rest.startsWith('--')) i = sql.indexOf('\n', i) === -1 ? sql.length : sql.indexOf('\n', i) + 1
    else if (rest.startsWith('/*')) i = sql.indexOf('*/', i + 2) === -1 ? sql.length : sql.indexOf('*/', i + 2) + 2
    else if (sql[i] === "'" || sql[i] === '"') {
      const quote = sql[i]!
      i++
      while (i < sql.length && !(sql[i] === quote && sql[i + 1] !== quote)) i += sql[i] === quote ? 2 : 1
      i++
    } else if (/^\$[A-Za-z_]*\$/.test(rest)) {
      const tag = /^\$[A-Za-z_]*\$/.exec(rest)![0]
      const end = sql.indexOf(tag, i + tag.length)
      i = end === -1 ? sql.length : end + tag.length
    } else if (sql[i] === ';') {
      statements.push(sql.slice(start, i + 1))
      start = ++i
    } else i++
  }
  if (sql.slice(start).trim()) statements.push(sql.slice(start))
  return statements.filter(
    (statement) =>
      statement.replace(/--[^\n]*|\/\*[\s\S]*?\*\//g, '').trim() !== ';' &&
      statement.replace(/--[^\n]*|\/\*[\s\S]*?\*\//g, '').trim() !== '',
  )
}

async function applyFixture(db: Database, suite: string, name: string, sql: string) {
  // Statement by statement, as psql applies a file: a failed one (an extension this machine
  // lacks) leaves the others applied, and its sequences are not spent by a rolled-back attempt.
  for (const statement of splitStatements(sql)) {
    try {
      await db.exec(statement)
    } catch (error) {
      const first = statement
        .replace(/--[^\n]*/g, '')
        .trim()
        .split('\n')[0]!
        .slice(0, 80)
      console.log(`  ${suite}: ${name}: "${first}…" failed: ${(error as Error).message.split('\n')[0]}`)
    }
  }
}

async function startOurServer(db: Database, settings: Record<string, string>, dataDir: string) {
  const env = readEnv({ ...baseSettings, DATA_DIR: dataDir, ...settings })
  const server = await createServer({ env, db, seed: false })
  return server
}

async function listen(server: Awaited<ReturnType<typeof createServer>>): Promise<HttpServer> {
  return new Promise((done, reject) => {
    const http = serve({ fetch: server.app.fetch, hostname: '127.0.0.1', port: PORT }, () => done(http)) as HttpServer
    http.once('error', reject)
    server.realtime.attach(http)
  })
}

function tally(suite: Suite, results: TestResult[]) {
  const ran = results.filter((r) => r.status === 'passed' || r.status === 'failed')
  const local = ran.filter((r) => suite.noServer?.some(({ prefix }) => r.name.startsWith(prefix)))
  const backed = ran.filter((r) => !local.includes(r))
  return {
    backed,
    local,
    passed: backed.filter((r) => r.status === 'passed'),
    failed: backed.filter((r) => r.status === 'failed'),
  }
}

async function main() {
  if (!SUITES_DIR) fail('Set SUITES_DIR to the folder holding the supabase-js clone (see the header of this script).')
  const clone = join(SUITES_DIR, 'supabase-js')
  if (!existsSync(join(clone, 'packages', 'core'))) fail(`No supabase-js clone at ${clone}.`)
  ensureRunner(SUITES_DIR)
  const work = mkdtempSync(join(tmpdir(), 'client-suites-'))
  const shims = writeShims(SUITES_DIR, PORT)
  const wanted = process.env.BENCH_SUITES?.split(',')
  const suites = SUITES.filter((suite) => !wanted || wanted.includes(suite.name))
  const cluster = DATABASES.includes('postgres') ? await startPostgresCluster() : undefined
  const tag = execFileSync('git', ['describe', '--tags', '--always'], { cwd: clone }).toString().trim()
  const ours = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT }).toString().trim()
  console.log(`supabase-js ${tag} against our server ${ours}, port ${PORT} (as ${PUBLIC_URL})`)
  const summary: string[] = []
  /** Per database: passed and server-backed. */
  const totals = new Map<string, { passed: number; backed: number }>()
  try {
    for (const kind of DATABASES) {
      for (const suite of suites) {
        const pkg = join(clone, suite.dir)
        suite.prepare?.(pkg)
        const config = writeConfig(SUITES_DIR, suite, pkg, shims)
        const dataDir = join(work, `${kind}-${suite.name}`)
        mkdirSync(dataDir, { recursive: true })
        const db = await openDatabase(kind, cluster, `suite_${suite.name.replace(/-/g, '_')}`)
        const server = await startOurServer(db, suite.settings(pkg), dataDir)
        for (const fixture of suite.fixtures)
          await applyFixture(db, suite.name, fixture, readFileSync(join(pkg, fixture), 'utf8'))
        const http = await listen(server)
        const started = Date.now()
        const results = await runJest(SUITES_DIR, pkg, config, suite.files, PORT)
        const seconds = Math.round((Date.now() - started) / 1000)
        await server.realtime.close()
        await new Promise<void>((done) => http.close(() => done()))
        http.closeAllConnections?.()
        await server.close()
        await db.close()

        const { backed, local, passed, failed } = tally(suite, results)
        const total = totals.get(kind) ?? { passed: 0, backed: 0 }
        totals.set(kind, { passed: total.passed + passed.length, backed: total.backed + backed.length })
        const line = `${kind.padEnd(8)} ${suite.name.padEnd(12)} ${String(passed.length).padStart(4)} / ${String(backed.length).padEnd(4)} passed (${backed.length ? ((100 * passed.length) / backed.length).toFixed(1) : '—'} %), ${seconds} s${local.length ? `; ${local.filter((r) => r.status === 'passed').length} / ${local.length} that need no server apart` : ''}`
        summary.push(line)
        console.log(line)
        const report = join(SUITES_DIR, `failures-${kind}-${suite.name}.txt`)
        writeFileSync(report, failed.map((r) => `${r.file} › ${r.name}\n    ${r.message}\n`).join(''))
        for (const r of failed)
          console.log(
            `    ✗ ${r.file} › ${r.name}\n        ${r.message.split('\n').slice(0, 4).join(' | ').slice(0, 300)}`,
          )
      }
    }
  } finally {
    cluster?.stop()
    rmSync(work, { recursive: true, force: true })
  }
  console.log('\nExcluded (no server, or another server than a Supabase project):')
  for (const [files, why] of Object.entries(EXCLUDED)) console.log(`  ${files}: ${why}`)
  console.log(`\n${summary.join('\n')}`)
  for (const [kind, { passed, backed }] of totals)
    console.log(`overall on ${kind}: ${passed} / ${backed} (${backed ? ((100 * passed) / backed).toFixed(1) : '—'} %)`)
  process.exit(0)
}

await main()
