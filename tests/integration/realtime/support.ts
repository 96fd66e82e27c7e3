// Realtime through supabase-js's own client: clients of a listening test server, signed in as the
// seeded actors, and channels whose events, system messages and states a test can await.
import WebSocket from 'ws'
import { afterAll, expect } from 'vitest'
import {
  createClient,
  type RealtimeChannel,
  type RealtimePostgresChangesPayload,
  type SupabaseClient,
} from '@supabase/supabase-js'
import { clientsMadeBeforeAll, useTestServer, type DatabaseKind, type TestServer } from '../support/server'
import type { Actor } from '../rls/run-as'

export const demoPassword = 'demo-password-2026'

export const actorEmail: Record<Exclude<Actor, 'anon'>, string> = {
  clientA: 'lucia.martin@example.com',
  clientB: 'daniel.ortega@example.com',
  admin: 'admin@caucedata.com',
  superAdmin: 'superadmin@caucedata.com',
}

export type Vsn = '1.0.0' | '2.0.0'

/** A WebSocket whose upgrade names its client address, as our proxy would (tests run with TRUST_PROXY). */
const socketFrom = (address: string) =>
  class extends WebSocket {
    constructor(url: string, protocols?: string | string[]) {
      super(url, protocols, { headers: { 'x-forwarded-for': address } })
    }
  }

/** A supabase-js client of the listening server (real fetch, real WebSocket), optionally from `address`. */
export function realtimeClient(server: TestServer, base: string, vsn: Vsn = '2.0.0', address?: string): SupabaseClient {
  return createClient(base, server.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: {
      transport: (address ? socketFrom(address) : WebSocket) as never,
      vsn,
      heartbeatIntervalMs: 1000,
    },
  })
}

/** A client from `address` whose Realtime speaks as `userId` (a token the server signed, 1 h). */
export async function userClient(server: TestServer, base: string, userId: string, address: string) {
  const client = realtimeClient(server, base, '2.0.0', address)
  await client.realtime.setAuth(
    await server.deps.keys.sign({ sub: userId, role: 'authenticated', aud: 'authenticated' }, 3600),
  )
  return client
}

/** A client signed in as the actor (anon: not signed in); supabase-js hands the token to Realtime. */
/**
 * The describe block's server listening on a loopback port (WebSockets need one) at `base`, and
 * `track` for the clients its cases open: their channels are removed before the server closes.
 */
export function useListeningServer(kind: DatabaseKind, envOverrides: Record<string, string> = {}) {
  const clients: SupabaseClient[] = []
  let base = ''
  const server = useTestServer(kind, envOverrides, async (started) => {
    base = await started.listen()
  })
  afterAll(async () => {
    for (const client of clients) await client.removeAllChannels()
  })
  return {
    server,
    get base() {
      return base
    },
    track: (client: SupabaseClient) => (clients.push(client), client),
  }
}

/** Clients of a listening server signed in as the named actors (clientAs), made in beforeAll and tracked. */
export function useActorClients<A extends Actor>(realtime: ReturnType<typeof useListeningServer>, ...actors: A[]) {
  return clientsMadeBeforeAll(actors, async (actor) =>
    realtime.track(await clientAs(realtime.server, realtime.base, actor)),
  )
}

export async function clientAs(server: TestServer, base: string, actor: Actor, vsn?: Vsn) {
  const client = realtimeClient(server, base, vsn)
  if (actor !== 'anon') {
    const { error } = await client.auth.signInWithPassword({ email: actorEmail[actor], password: demoPassword })
    if (error) throw new Error(`sign-in of ${actor} failed: ${error.message}`)
  }
  return client
}

export interface SystemMessage {
  extension: string
  status: string
  message: string
  channel: string
}

export interface Watched {
  channel: RealtimeChannel
  changes: RealtimePostgresChangesPayload<Record<string, unknown>>[]
  system: SystemMessage[]
  statuses: string[]
  errors: string[]
  /** Resolves with the first status among SUBSCRIBED, CHANNEL_ERROR, TIMED_OUT, CLOSED. */
  settled: Promise<string>
}

export function watch(
  client: SupabaseClient,
  name: string,
  tables: { table: string; filter?: string; event?: '*' | 'INSERT' | 'UPDATE' | 'DELETE' }[],
  config: Parameters<SupabaseClient['channel']>[1] = { config: {} },
): Watched {
  const channel = client.channel(name, config)
  const watched = { channel, changes: [], system: [], statuses: [], errors: [] } as unknown as Watched
  for (const { table, filter, event = '*' } of tables)
    channel.on(
      'postgres_changes' as never,
      { event, schema: 'public', table, ...(filter ? { filter } : {}) },
      (payload: RealtimePostgresChangesPayload<Record<string, unknown>>) => watched.changes.push(payload),
    )
  channel.on('system', {}, (payload: SystemMessage) => watched.system.push(payload))
  watched.settled = new Promise((resolve) => {
    channel.subscribe((status, error) => {
      watched.statuses.push(status)
      if (error) watched.errors.push(error.message)
      resolve(status)
    })
  })
  return watched
}

/** Subscribes and waits until changes flow ("Subscribed to PostgreSQL"). */
export async function subscribed(watched: Watched) {
  expect(await watched.settled).toBe('SUBSCRIBED')
  await expect.poll(() => watched.system.map((m) => m.message), { timeout: 5000 }).toContain('Subscribed to PostgreSQL')
}

/** `table:TYPE:id` for each change received, for set comparisons. */
export const changeKeys = (watched: Watched, table?: string) =>
  watched.changes
    .filter((change) => !table || change.table === table)
    .map((change) => {
      const row = (change.eventType === 'DELETE' ? change.old : change.new) as Record<string, unknown>
      return `${change.table}:${change.eventType}:${String(row.id)}`
    })
