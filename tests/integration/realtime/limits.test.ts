// Realtime cannot be turned into an amplifier, and presence tells the truth, through supabase-js's
// own client: sockets per address and per user, channels per socket, bindings per channel and per
// user, each allowed up to its limit and refused past it with a join error the client reports
// (CHANNEL_ERROR and the reason); bindings of one identity share one row-level-security check
// whatever their filters; presence keys and names come from the caller, not from the client.
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import { describeEachDatabase, startTestServer, type TestServer } from '../support/server'
import { projects, users } from '../rls/seed-ids'
import { realtimeClient, subscribed, userClient, watch, type Watched } from './support'

const limits = {
  REALTIME_MAX_CONNECTIONS_PER_ADDRESS: '2',
  REALTIME_MAX_CONNECTIONS_PER_USER: '2',
  REALTIME_MAX_CHANNELS_PER_CONNECTION: '3',
  REALTIME_MAX_BINDINGS_PER_CHANNEL: '3',
  REALTIME_MAX_BINDINGS_PER_USER: '6',
  REALTIME_MAX_PRESENCE_BYTES: '256',
}

/** How long a delivery may take on a machine shared with other test runs. */
const patience = { timeout: 5000 }

/** `count` bindings on tasks, each with its own filter (all of them hold for an ordinary task). */
const distinctFilters = (count: number, tag: string) =>
  Array.from({ length: count }, (_, i) => ({ table: 'tasks', filter: `title=neq.${tag}-${i}` }))

describeEachDatabase('Realtime limits and presence on %s', (kind) => {
  let server: TestServer
  let base: string
  let clients: SupabaseClient[] = []
  const track = (client: SupabaseClient) => (clients.push(client), client)
  const from = (address: string) => track(realtimeClient(server, base, '2.0.0', address))
  const as = async (userId: string, address: string) => track(await userClient(server, base, userId, address))
  const refusedWith = async (watched: Watched, reason: string) => {
    expect(await watched.settled).toBe('CHANNEL_ERROR')
    expect(watched.errors[0]).toBe(reason)
  }

  beforeAll(async () => {
    server = await startTestServer(kind, limits)
    base = await server.listen()
  })
  afterEach(async () => {
    for (const client of clients) await client.removeAllChannels()
    clients = []
  })
  afterAll(async () => {
    await server.close()
  })

  it('refuses a third socket from one address with a join error, serves other addresses, and admits it once one closes', async () => {
    const first = watch(from('198.51.100.1'), 'address-1', [])
    const second = watch(from('198.51.100.1'), 'address-2', [])
    expect(await first.settled).toBe('SUBSCRIBED')
    expect(await second.settled).toBe('SUBSCRIBED')
    const third = watch(from('198.51.100.1'), 'address-3', [])
    await refusedWith(third, 'ConnectionRateLimitReached: Too many connections from this address (at most 2)')
    expect(await watch(from('198.51.100.2'), 'address-other', []).settled).toBe('SUBSCRIBED')
    // The refused client retries by itself (supabase-js's back-off); once a socket closes it is let in.
    await clients[0]!.removeAllChannels()
    await expect.poll(() => third.statuses, { timeout: 15_000 }).toContain('SUBSCRIBED')
  })

  it("refuses a user's third socket, but not another channel on a socket the user already has, nor another user", async () => {
    const one = await as(users.lucia, '198.51.100.11')
    await subscribed(watch(one, 'user-1', [{ table: 'tasks' }]))
    await subscribed(watch(await as(users.lucia, '198.51.100.12'), 'user-2', [{ table: 'tasks' }]))
    const third = watch(await as(users.lucia, '198.51.100.13'), 'user-3', [{ table: 'tasks' }])
    await refusedWith(third, 'ConnectionRateLimitReached: Too many connections for this user (at most 2)')
    await subscribed(watch(one, 'user-1b', [{ table: 'tasks' }]))
    await subscribed(watch(await as(users.james, '198.51.100.14'), 'user-other', [{ table: 'tasks' }]))
  })

  it('lets exactly REALTIME_MAX_CHANNELS_PER_CONNECTION of five channels joined at once in', async () => {
    const client = from('198.51.100.21')
    // All five joins leave in one burst when the socket opens: they are checked as they are counted.
    const channels = Array.from({ length: 5 }, (_, i) => watch(client, `burst-${i}`, []))
    const outcomes = await Promise.all(channels.map((channel) => channel.settled))
    expect(outcomes.filter((status) => status === 'SUBSCRIBED')).toHaveLength(3)
    const refused = channels.filter((_, i) => outcomes[i] === 'CHANNEL_ERROR')
    expect(refused.map((channel) => channel.errors[0])).toEqual([
      'ChannelRateLimitReached: Too many channels',
      'ChannelRateLimitReached: Too many channels',
    ])
  })

  it('allows REALTIME_MAX_BINDINGS_PER_CHANNEL bindings on a channel and refuses one more', async () => {
    const admin = await as(users.admin, '198.51.100.31')
    await subscribed(watch(admin, 'bindings-3', distinctFilters(3, 'per-channel')))
    const over = watch(admin, 'bindings-4', distinctFilters(4, 'per-channel'))
    await refusedWith(over, 'ChannelRateLimitReached: Too many postgres_changes bindings on this channel (at most 3)')
  })

  it("counts a user's bindings over all sockets, also when a token arrives after the join", async () => {
    const daniel = await as(users.daniel, '198.51.100.41')
    await subscribed(watch(daniel, 'user-bindings-a', distinctFilters(3, 'a')))
    const b = watch(daniel, 'user-bindings-b', distinctFilters(3, 'b'))
    await subscribed(b)
    const reason = 'ChannelRateLimitReached: Too many postgres_changes bindings for this user (at most 6)'
    await refusedWith(watch(daniel, 'user-bindings-c', distinctFilters(1, 'c')), reason)
    const elsewhere = await as(users.daniel, '198.51.100.42')
    await refusedWith(watch(elsewhere, 'user-bindings-d', distinctFilters(1, 'd')), reason)

    // Joined with the API key, then given Daniel's token: the channel would take him past his share.
    const late = from('198.51.100.43')
    const carried = watch(late, 'user-bindings-late', distinctFilters(2, 'late'))
    expect(await carried.settled).toBe('SUBSCRIBED')
    await late.realtime.setAuth(
      await server.deps.keys.sign({ sub: users.daniel, role: 'authenticated', aud: 'authenticated' }, 3600),
    )
    await expect.poll(() => carried.statuses, patience).toContain('CLOSED')
    expect(carried.system.at(-1)).toMatchObject({ extension: 'system', status: 'error', message: reason })

    // Leaving gives the share back.
    await daniel.removeChannel(b.channel)
    await subscribed(watch(elsewhere, 'user-bindings-e', distinctFilters(3, 'e')))
  })

  it('decides one change with one row-level-security check per identity, however many bindings and filters it has', async () => {
    const admin = await as(users.admin, '198.51.100.51')
    const first = watch(admin, 'shared-1', [
      { table: 'tasks', filter: 'title=neq.a' },
      { table: 'tasks', filter: 'priority=in.(low,medium,high,urgent)' },
      { table: 'tasks', filter: `project_id=eq.${projects.riberaDashboard}` },
    ])
    const second = watch(admin, 'shared-2', [
      { table: 'tasks', filter: 'title=eq.nothing-like-it' },
      { table: 'tasks', filter: 'created_at=gt.2000-01-01T00:00:00Z' },
      { table: 'tasks', filter: `project_id=eq.${projects.kunturScoring}` },
    ])
    const james = watch(await as(users.james, '198.51.100.52'), 'shared-james', [{ table: 'tasks' }])
    for (const channel of [first, second, james]) await subscribed(channel)

    const query = vi.spyOn(server.realtime.db, 'query')
    try {
      const { rows } = await server.deps.db.query<{ id: string }>(
        `insert into public.tasks (project_id, title, priority) values ($1, 'shared check', 'medium') returning id`,
        [projects.riberaDashboard],
      )
      await expect.poll(() => james.changes.length, patience).toBe(1)
      await expect.poll(() => first.changes.length, patience).toBe(3)
      await expect.poll(() => second.changes.length, patience).toBe(1)
      expect(second.changes[0]!.new).toMatchObject({ id: rows[0]!.id })
      const calls = (name: string) =>
        query.mock.calls.filter(([sql]) => String(sql).includes(`_realtime.${name}(`)).map(([, params]) => params!)
      // Six bindings of the admin and one of James: two identities, two checks in all.
      const checked = calls('visible_to').flatMap((params) => JSON.parse(params[2] as string) as { role: string }[])
      expect(checked).toHaveLength(2)
      // Seven distinct conditions on four columns: asked in one query.
      expect(calls('conditions_hold')).toHaveLength(1)
    } finally {
      query.mockRestore()
    }
  })

  it('shows a member under their own user id and profile name, whatever the join config and the payload say, and refuses an oversized meta', async () => {
    const { rows } = await server.deps.db.query<{ full_name: string }>(
      'select full_name from public.profiles where id = $1',
      [users.lucia],
    )
    const luciaName = rows[0]!.full_name
    expect(luciaName).not.toBe('')
    const join = (client: SupabaseClient, key?: string) => {
      const channel = client
        .channel('presence-truth', { config: { presence: { key: key ?? '' } } })
        .on('presence', { event: 'sync' }, () => undefined)
      return new Promise<typeof channel>((resolve) =>
        channel.subscribe((status) => status === 'SUBSCRIBED' && resolve(channel)),
      )
    }
    const watcher = await join(await as(users.admin, '198.51.100.61'))
    const impostor = await join(await as(users.lucia, '198.51.100.62'), users.admin)
    expect(await impostor.track({ name: 'Cauce Data (staff)', reading: true })).toBe('ok')
    await expect.poll(() => Object.keys(watcher.presenceState()), patience).toEqual([users.lucia])
    expect(watcher.presenceState()[users.lucia]).toEqual([expect.objectContaining({ name: luciaName, reading: true })])

    // Without a user (the API key only) the key is random and no name is shown.
    const stranger = await join(from('198.51.100.63'), users.admin)
    expect(await stranger.track({ name: luciaName, note: 'hola' })).toBe('ok')
    await expect.poll(() => Object.keys(watcher.presenceState()).length, patience).toBe(2)
    const [strangerKey] = Object.keys(watcher.presenceState()).filter((key) => key !== users.lucia)
    expect(strangerKey).not.toBe(users.admin)
    expect(watcher.presenceState()[strangerKey!]![0]).toMatchObject({ note: 'hola' })
    expect(watcher.presenceState()[strangerKey!]![0]).not.toHaveProperty('name')

    // A meta over REALTIME_MAX_PRESENCE_BYTES is refused and relayed to nobody.
    expect(await impostor.track({ reading: true, blob: 'x'.repeat(300) })).toBe('error')
    expect(await impostor.track({ reading: false })).toBe('ok')
    // The next track arrives, and the refused one, sent before it on the same socket, never did.
    // (realtime-js 2.109 keeps a replaced meta beside the new one in its state: hence `some`.)
    await expect
      .poll(() =>
        watcher.presenceState()[users.lucia]?.some((meta) => (meta as { reading?: boolean }).reading === false),
      )
      .toBe(true)
    expect(watcher.presenceState()[users.lucia]!.some((meta) => 'blob' in meta)).toBe(false)
  })
})
