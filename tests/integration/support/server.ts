// Starts our server in-process for one test file, on a fresh copy of the golden database, and
// hands out real supabase-js clients whose fetch calls the app directly (no port).
import { readFileSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, inject } from 'vitest'
import WebSocket from 'ws'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { serve } from '@hono/node-server'
import type { Server as HttpServer } from 'node:http'
import { openPglite } from '../../../supabase/server/db/pglite'
import { openPostgres } from '../../../supabase/server/db/postgres'
import type { Database } from '../../../supabase/server/db/database'
import { readEnv } from '../../../supabase/server/env'
import { createServer } from '../../../supabase/server/server'
import { demoPassword } from '../../../supabase/server/welcome'
import { emails, users } from '../rls/seed-ids'

export type DatabaseKind = 'pglite' | 'postgres'

/** The databases this run can test on: always PGlite, PostgreSQL when it is installed. */
export function databaseKinds(): DatabaseKind[] {
  return inject('postgresTemplateUrl') ? ['pglite', 'postgres'] : ['pglite']
}

/**
 * One describe block per database, titled with `%s` replaced by its kind. Without PostgreSQL's
 * binaries its block is reported as skipped, case by case, so a partial run shows as one (and CI
 * refuses to start without them: global-setup.ts).
 */
export function describeEachDatabase(title: string, body: (kind: DatabaseKind) => void) {
  const available = databaseKinds()
  for (const kind of ['pglite', 'postgres'] as const)
    describe.skipIf(!available.includes(kind))(title.replace('%s', kind), () => body(kind))
}

/**
 * One describe block on one database: PostgreSQL (Supabase's own engine) where this run has it,
 * else PGlite. For files whose subject is what an API answers rather than how an engine behaves:
 * the engine-bound subjects (schema, triggers, row-level security, live changes, timeouts,
 * leases, sessions, durability, start-up) run on both (docs/decisions/0030).
 */
export function describeOnOneDatabase(title: string, body: (kind: DatabaseKind) => void) {
  const kind: DatabaseKind = databaseKinds().includes('postgres') ? 'postgres' : 'pglite'
  describe(title.replace('%s', kind), () => body(kind))
}

async function openCopy(kind: DatabaseKind): Promise<{ db: Database; drop: () => Promise<void> }> {
  if (kind === 'pglite') {
    const snapshot = readFileSync(inject('pgliteSnapshot'))
    const db = await openPglite({ loadDataDir: new Blob([snapshot]) })
    return { db, drop: async () => undefined }
  }
  const adminUrl = inject('postgresTemplateUrl')
  if (!adminUrl) throw new Error('PostgreSQL is not available in this run')
  const name = `test_${randomUUID().replace(/-/g, '')}`
  const admin = openPostgres(adminUrl, { max: 1 })
  await admin.exec(`create database ${name} template golden`)
  await admin.close()
  const db = openPostgres(adminUrl.replace(/\/postgres$/, `/${name}`), { max: 5 })
  return {
    db,
    drop: async () => {
      const cleanup = openPostgres(adminUrl, { max: 1 })
      await cleanup.exec(`drop database if exists ${name} with (force)`)
      await cleanup.close()
    },
  }
}

export interface TestServer {
  kind: DatabaseKind
  url: string
  anonKey: string
  serviceRoleKey: string
  app: Awaited<ReturnType<typeof createServer>>['app']
  deps: Awaited<ReturnType<typeof createServer>>['deps']
  notificationMails: Awaited<ReturnType<typeof createServer>>['notificationMails']
  approvalReminders: Awaited<ReturnType<typeof createServer>>['approvalReminders']
  /** The lead follow-up reminders (decision 0038): leadFollowUps.run(). */
  leadFollowUps: Awaited<ReturnType<typeof createServer>>['leadFollowUps']
  realtime: Awaited<ReturnType<typeof createServer>>['realtime']
  /** A supabase-js client with the anon key, like the browser's. */
  client(): SupabaseClient
  /** A supabase-js client with the service-role key, like an admin script's. */
  serviceClient(): SupabaseClient
  /** Raw request to the app, for cases supabase-js cannot express (malformed bodies, headers). */
  request(path: string, init?: RequestInit): Promise<Response>
  /**
   * Starts listening on a loopback port, with Realtime's WebSocket endpoint attached (WebSockets
   * need a real socket), and resolves to the base URL. Once per server.
   */
  listen(): Promise<string>
  close(): Promise<void>
}

export async function startTestServer(
  kind: DatabaseKind = 'pglite',
  envOverrides: Record<string, string> = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cauce-test-'))
  // In-process requests have no socket: tests name their client address with X-Forwarded-For.
  const env = readEnv({
    NODE_ENV: 'test',
    HOST: 'localhost',
    PORT: '54321',
    DATA_DIR: dataDir,
    TRUST_PROXY: 'true',
    // Notification e-mails go out when a test calls notificationMails.flush(), not on a timer.
    NOTIFICATION_MAIL_INTERVAL_MS: '0',
    // and each as its own e-mail unless a test asks for digests (notification-mail.test.ts).
    NOTIFICATION_DIGEST_MINUTES: '0',
    // Approval reminders likewise: approvalReminders.run().
    APPROVAL_REMINDER_INTERVAL_MS: '0',
    // Most files need signed-up users with a session; sign-up with confirmation (the default
    // everywhere else) is tested by signup-confirmation.test.ts, which turns this off.
    AUTH_AUTOCONFIRM: 'true',
    // The account lock (private.account_lock_settings) as high as it goes: files that test it lower it.
    AUTH_ACCOUNT_MAX_FAILURES: '1000',
    ...envOverrides,
  })
  const { db, drop } = await openCopy(kind)
  const server = await createServer({ env, db, seed: false })
  const url = server.deps.siteOrigin
  const fetchApp: typeof fetch = async (input, init) => server.app.fetch(new Request(input, init))
  const makeClient = (key: string) =>
    createClient(url, key, {
      global: { fetch: fetchApp },
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: WebSocket as never },
    })
  let listening: Promise<{ url: string; http: HttpServer }> | undefined
  const listen = () =>
    (listening ??= new Promise((resolve) => {
      const http = serve({ fetch: server.app.fetch, hostname: '127.0.0.1', port: 0 }, (info) =>
        resolve({ url: `http://127.0.0.1:${info.port}`, http: http as HttpServer }),
      ) as HttpServer
      server.realtime.attach(http)
    }))
  return {
    kind,
    url,
    anonKey: env.ANON_KEY,
    serviceRoleKey: env.SERVICE_ROLE_KEY,
    app: server.app,
    deps: server.deps,
    notificationMails: server.notificationMails,
    approvalReminders: server.approvalReminders,
    leadFollowUps: server.leadFollowUps,
    realtime: server.realtime,
    client: () => makeClient(env.ANON_KEY),
    serviceClient: () => makeClient(env.SERVICE_ROLE_KEY),
    request: (path, init) => fetchApp(new URL(path, url), init),
    listen: async () => (await listen()).url,
    async close() {
      await server.realtime.close()
      if (listening) {
        const { http } = await listening
        await new Promise<void>((resolve) => http.close(() => resolve()))
      }
      await server.close()
      await db.close()
      await drop()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** A supabase-js client signed in as `userId` (a seeded user), like the browser's after sign-in. */
export async function signedInClient(server: TestServer, userId: string): Promise<SupabaseClient> {
  const token = await server.deps.keys.sign({ sub: userId, role: 'authenticated', aud: 'authenticated' }, 3600)
  return createClient(server.url, server.anonKey, {
    global: {
      fetch: async (input, init) => server.app.fetch(new Request(input, init)),
      headers: { Authorization: `Bearer ${token}` },
    },
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never },
  })
}

/**
 * A stand-in for what `make` resolves to, made in the enclosing describe block's beforeAll (after
 * the hooks registered before this call): a file names what its cases share in one line instead
 * of a `let` and a hook. Using it before then throws.
 */
export function madeBeforeAll<T extends object>(make: () => Promise<T>): T {
  let made: T | undefined
  beforeAll(async () => {
    made = await make()
  })
  return new Proxy({} as T, {
    get(_, key) {
      // Not a promise: `await` on the stand-in must not reach for a value not made yet.
      if (key === 'then' && !made) return undefined
      if (!made) throw new Error(`used before beforeAll made it (reading ${String(key)})`)
      const member: unknown = Reflect.get(made, key, made)
      return typeof member === 'function' ? (member as (...args: unknown[]) => unknown).bind(made) : member
    },
  })
}

/**
 * The test server of the enclosing describe block: started in its beforeAll (then `prepare` run
 * on it), closed in its afterAll.
 */
export function useTestServer(
  kind: DatabaseKind,
  envOverrides: Record<string, string> = {},
  prepare: (server: TestServer) => unknown = () => undefined,
): TestServer {
  const server = madeBeforeAll(async () => {
    const started = await startTestServer(kind, envOverrides)
    await prepare(started)
    return started
  })
  afterAll(() => server.close())
  return server
}

/** Clients for the named people, each made by `signIn` in beforeAll. */
export function clientsMadeBeforeAll<Name extends string>(
  names: Name[],
  signIn: (name: Name) => Promise<SupabaseClient>,
): Record<Name, SupabaseClient> {
  return Object.fromEntries(names.map((name) => [name, madeBeforeAll(() => signIn(name))])) as Record<
    Name,
    SupabaseClient
  >
}

/** Clients signed in as the named seeded users (signedInClient: a token we sign), made in beforeAll. */
export function useSeedClients<Name extends keyof typeof users>(server: TestServer, ...names: Name[]) {
  return clientsMadeBeforeAll(names, (name) => signedInClient(server, users[name]))
}

/** Clients signed in through GoTrue as the named seeded people with the demo password, made in beforeAll. */
export function useDemoPasswordClients<Name extends keyof typeof emails>(server: TestServer, ...names: Name[]) {
  return clientsMadeBeforeAll(names, (name) => signInWithDemoPassword(server, emails[name]))
}

/** A client signed in through GoTrue with a seeded person's e-mail and the demo password. */
export async function signInWithDemoPassword(server: TestServer, email: string): Promise<SupabaseClient> {
  const client = server.client()
  const { error } = await client.auth.signInWithPassword({ email, password: demoPassword })
  if (error) throw new Error(`sign-in of ${email} failed: ${error.message}`)
  return client
}

/**
 * supabase-js's auth options for a session kept in `stored` under `storageKey`, as a browser tab
 * keeps it, and never refreshed.
 */
export function storedSessionAuth(stored: Map<string, string>, storageKey: string) {
  return {
    storageKey,
    storage: {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => void stored.set(key, value),
      removeItem: (key: string) => void stored.delete(key),
    },
    persistSession: true,
    autoRefreshToken: false,
    detectSessionInUrl: false,
  }
}
