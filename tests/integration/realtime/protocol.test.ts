// Realtime's protocol through supabase-js's own client (and, for what it cannot send, a raw
// WebSocket): filters, token expiry and refresh, revocation, reconnection, broadcast, presence,
// private channels, and hostile frames answered cleanly with the server still serving.
import { describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { describeEachDatabase } from '../support/server'
import { projects, users } from '../rls/seed-ids'
import { changeKeys, clientAs, realtimeClient, subscribed, watch, useListeningServer } from './support'

const limits = {
  AUTH_REVOCATION_CHECK_MS: '0',
  REALTIME_MAX_MESSAGE_BYTES: '4096',
  REALTIME_MAX_CHANNELS_PER_CONNECTION: '3',
  REALTIME_MAX_EVENTS_PER_SECOND: '50',
}

describeEachDatabase('Realtime protocol on %s', (kind) => {
  const realtime = useListeningServer(kind, limits)
  const { server, track } = realtime

  const insertTask = async (project: string, title: string, extra: { priority?: string; internal?: boolean } = {}) => {
    const { rows } = await server.deps.db.query<{ id: string }>(
      `insert into public.tasks (project_id, title, priority, is_internal) values ($1, $2, $3, $4) returning id`,
      [project, title, extra.priority ?? 'medium', extra.internal ?? false],
    )
    return rows[0]!.id
  }

  /** A token for a seeded user signed by the server, living `seconds`. */
  const tokenFor = (sub: string, seconds: number) =>
    server.deps.keys.sign({ sub, role: 'authenticated', aud: 'authenticated' }, seconds)

  it('applies eq and in filters, and refuses bad filters and unpublished tables with Realtime system errors', async () => {
    const admin = track(await clientAs(server, realtime.base, 'admin'))
    const byProject = watch(admin, 'filter-eq', [
      { table: 'tasks', filter: `project_id=eq.${projects.riberaDashboard}` },
    ])
    const byPriority = watch(admin, 'filter-in', [
      { table: 'tasks', filter: 'priority=in.(high,urgent)', event: 'INSERT' },
    ])
    await subscribed(byProject)
    await subscribed(byPriority)
    const inDashboard = await insertTask(projects.riberaDashboard, 'filter a')
    const urgent = await insertTask(projects.riberaPlatform, 'filter b', { priority: 'urgent' })
    await insertTask(projects.kunturScoring, 'filter c', { priority: 'low' })
    const both = await insertTask(projects.riberaDashboard, 'filter d', { priority: 'high' })
    await expect.poll(() => changeKeys(byPriority)).toContain(`tasks:INSERT:${both}`)
    await expect.poll(() => changeKeys(byProject)).toContain(`tasks:INSERT:${both}`)
    expect(changeKeys(byProject)).toEqual([`tasks:INSERT:${inDashboard}`, `tasks:INSERT:${both}`])
    expect(changeKeys(byPriority)).toEqual([`tasks:INSERT:${urgent}`, `tasks:INSERT:${both}`])
    await admin.removeAllChannels()

    const refused = [
      [{ table: 'tasks', filter: 'title=like.x%' }, /^Error parsing `filter` params/],
      [{ table: 'tasks', filter: 'nope=eq.1' }, /invalid column for filter nope/],
      [{ table: 'tasks', filter: 'due_date=eq.someday' }, /invalid value for filter due_date/],
      [{ table: 'tasks', filter: 'priority=in.high' }, /`in` filter value must be wrapped by parentheses/],
      [{ table: 'profiles' }, /Please check Realtime is enabled/],
    ] as const
    for (const [index, [binding, message]] of refused.entries()) {
      const channel = watch(admin, `refused-${index}`, [binding])
      expect(await channel.settled).toBe('SUBSCRIBED')
      await expect.poll(() => channel.system.length).toBe(1)
      expect(channel.system[0]).toMatchObject({ extension: 'postgres_changes', status: 'error' })
      expect(channel.system[0]!.message).toMatch(message)
      await admin.removeChannel(channel.channel)
    }
  })

  it('closes a channel when its token expires, and keeps it (as the new identity) when setAuth refreshes it first', async () => {
    const expiring = track(realtimeClient(server, realtime.base))
    await expiring.realtime.setAuth(await tokenFor(users.lucia, 2))
    const closing = watch(expiring, 'expiring', [{ table: 'tasks' }])
    await subscribed(closing)
    await expect.poll(() => closing.statuses, { timeout: 6000 }).toContain('CLOSED')
    expect(closing.system.at(-1)).toMatchObject({ extension: 'system', status: 'error' })
    expect(closing.system.at(-1)!.message).toMatch(/^Token has expired \d+ seconds ago$/)

    const refreshed = track(realtimeClient(server, realtime.base))
    const short = await tokenFor(users.lucia, 2)
    await refreshed.realtime.setAuth(short)
    const kept = watch(refreshed, 'refreshed', [{ table: 'tasks' }])
    await subscribed(kept)
    // Lucía's client cannot see an internal task; the admin's token, set before expiry, can.
    const hidden = await insertTask(projects.riberaDashboard, 'internal before', { internal: true })
    // Changes are checked when delivered, in order: once a later visible one arrives, the hidden
    // one has been decided as Lucía.
    const seen = await insertTask(projects.riberaDashboard, 'visible before')
    await expect.poll(() => changeKeys(kept)).toContain(`tasks:INSERT:${seen}`)
    await refreshed.realtime.setAuth(await tokenFor(users.admin, 3600))
    const { exp } = JSON.parse(Buffer.from(short.split('.')[1]!, 'base64url').toString()) as { exp: number }
    await expect.poll(() => Date.now() > exp * 1000 + 1000, { timeout: 6000 }).toBe(true)
    const visible = await insertTask(projects.riberaDashboard, 'internal after', { internal: true })
    await expect.poll(() => changeKeys(kept)).toContain(`tasks:INSERT:${visible}`)
    expect(changeKeys(kept)).not.toContain(`tasks:INSERT:${hidden}`)
    expect(kept.statuses).toEqual(['SUBSCRIBED'])
  })

  it('re-creates the subscriptions as the new identity when a token arrives after the join', async () => {
    const client = track(realtimeClient(server, realtime.base))
    const channel = watch(client, 'late-token', [{ table: 'tasks' }])
    expect(await channel.settled).toBe('SUBSCRIBED')
    // Joined with the API key (anon): no SELECT on tasks, so no subscription yet.
    await expect.poll(() => channel.system.map((m) => m.status)).toEqual(['error'])
    await client.realtime.setAuth(await tokenFor(users.lucia, 3600))
    await expect.poll(() => channel.system.map((m) => m.message)).toContain('Subscribed to PostgreSQL')
    const id = await insertTask(projects.riberaDashboard, 'late token')
    await expect.poll(() => changeKeys(channel)).toContain(`tasks:INSERT:${id}`)
  })

  it('closes the channels of a session that was signed out elsewhere (revocation)', async () => {
    const lucia = track(await clientAs(server, realtime.base, 'clientA'))
    const channel = watch(lucia, 'revoked', [{ table: 'tasks' }])
    await subscribed(channel)
    const { data } = await lucia.auth.getSession()
    const logout = await fetch(`${realtime.base}/auth/v1/logout?scope=global`, {
      method: 'POST',
      headers: { apikey: server.anonKey, authorization: `Bearer ${data.session!.access_token}` },
    })
    expect(logout.status).toBe(204)
    await expect.poll(() => channel.statuses, { timeout: 5000 }).toContain('CLOSED')
    expect(channel.system.at(-1)!.message).toBe('Session from session_id claim in JWT does not exist')
    const after = await insertTask(projects.riberaDashboard, 'after sign-out')
    // A visible change after the sign-out goes to a live client, not to the closed channel.
    const witness = track(await clientAs(server, realtime.base, 'clientA'))
    const open = watch(witness, 'witness', [{ table: 'tasks' }])
    await subscribed(open)
    const later = await insertTask(projects.riberaDashboard, 'witnessed')
    await expect.poll(() => changeKeys(open)).toContain(`tasks:INSERT:${later}`)
    expect(changeKeys(channel)).not.toContain(`tasks:INSERT:${after}`)
    expect(changeKeys(channel)).not.toContain(`tasks:INSERT:${later}`)
  })

  it('recovers by itself when the server drops the connection: it reconnects, rejoins and receives again', async () => {
    const lucia = track(await clientAs(server, realtime.base, 'clientA'))
    const channel = watch(lucia, 'reconnect', [{ table: 'tasks' }])
    await subscribed(channel)
    server.realtime.disconnectAll('test drop')
    await expect
      .poll(() => channel.system.filter((m) => m.message === 'Subscribed to PostgreSQL').length, { timeout: 10_000 })
      .toBe(2)
    const id = await insertTask(projects.riberaDashboard, 'after reconnect')
    await expect.poll(() => changeKeys(channel)).toContain(`tasks:INSERT:${id}`)
  })

  it.each(['1.0.0', '2.0.0'] as const)(
    'broadcasts with ack and self (vsn %s), and not to the sender without self',
    async (vsn) => {
      const a = track(realtimeClient(server, realtime.base, vsn))
      const b = track(realtimeClient(server, realtime.base, vsn === '1.0.0' ? '2.0.0' : '1.0.0'))
      const heardByA: unknown[] = []
      const heardByB: unknown[] = []
      const room = `room-${vsn}`
      const sender = a
        .channel(room, { config: { broadcast: { ack: true, self: true } } })
        .on('broadcast', { event: 'ping' }, (m) => heardByA.push(m.payload))
      const listener = b.channel(room).on('broadcast', { event: '*' }, (m) => heardByB.push(m.payload))
      for (const channel of [sender, listener])
        await new Promise<void>((resolve) => channel.subscribe((status) => status === 'SUBSCRIBED' && resolve()))
      expect(await sender.send({ type: 'broadcast', event: 'ping', payload: { n: 1, text: 'hola ñ' } })).toBe('ok')
      await expect.poll(() => heardByB).toEqual([{ n: 1, text: 'hola ñ' }])
      await expect.poll(() => heardByA).toEqual([{ n: 1, text: 'hola ñ' }])
      // Without self, B's own message reaches A only.
      expect(await listener.send({ type: 'broadcast', event: 'ping', payload: { n: 2 } })).toBe('ok')
      await expect.poll(() => heardByA).toEqual([{ n: 1, text: 'hola ñ' }, { n: 2 }])
      expect(heardByB).toEqual([{ n: 1, text: 'hola ñ' }])
    },
  )

  it('relays a binary broadcast to vsn 2.0.0 listeners as bytes', async () => {
    const a = track(realtimeClient(server, realtime.base))
    const b = track(realtimeClient(server, realtime.base))
    const heard: unknown[] = []
    const sender = a.channel('room-binary')
    const listener = b.channel('room-binary').on('broadcast', { event: 'bytes' }, (m) => heard.push(m.payload))
    for (const channel of [sender, listener])
      await new Promise<void>((resolve) => channel.subscribe((status) => status === 'SUBSCRIBED' && resolve()))
    await sender.send({ type: 'broadcast', event: 'bytes', payload: new Uint8Array([1, 2, 3, 4, 5]).buffer })
    await expect.poll(() => heard.length).toBe(1)
    expect([...new Uint8Array(heard[0] as ArrayBuffer)]).toEqual([1, 2, 3, 4, 5])
  })

  it('keeps presence: state on join, diffs on track and untrack, and removal when a member leaves', async () => {
    // Each member is present under their own user id (limits.test.ts: whatever the join config says).
    const lucia = users.lucia
    const admin = users.admin
    const a = track(realtimeClient(server, realtime.base))
    await a.realtime.setAuth(await tokenFor(lucia, 3600))
    const b = track(realtimeClient(server, realtime.base))
    await b.realtime.setAuth(await tokenFor(admin, 3600))
    const reader = a.channel('thread-1').on('presence', { event: 'sync' }, () => undefined)
    const watcher = b.channel('thread-1').on('presence', { event: 'sync' }, () => undefined)
    for (const channel of [reader, watcher])
      await new Promise<void>((resolve) => channel.subscribe((status) => status === 'SUBSCRIBED' && resolve()))
    expect(await reader.track({ reading: true })).toBe('ok')
    await expect.poll(() => Object.keys(watcher.presenceState())).toEqual([lucia])
    expect(watcher.presenceState()[lucia]![0]).toMatchObject({ reading: true })
    expect(await watcher.track({ reading: 'too' })).toBe('ok')
    await expect.poll(() => Object.keys(reader.presenceState()).sort()).toEqual([admin, lucia].sort())
    // A late joiner gets the whole state at once.
    const c = track(realtimeClient(server, realtime.base))
    const late = c.channel('thread-1').on('presence', { event: 'sync' }, () => undefined)
    await new Promise<void>((resolve) => late.subscribe((status) => status === 'SUBSCRIBED' && resolve()))
    await expect.poll(() => Object.keys(late.presenceState()).sort()).toEqual([admin, lucia].sort())
    expect(await reader.untrack()).toBe('ok')
    await expect.poll(() => Object.keys(watcher.presenceState())).toEqual([admin])
    await b.removeChannel(watcher)
    await expect.poll(() => Object.keys(late.presenceState())).toEqual([])
  })

  it('authorizes private channels by the policies on realtime.messages', async () => {
    await server.deps.db.exec(`
      create policy "rt test: read ok- topics" on realtime.messages for select to authenticated using (realtime.topic() like 'ok-%');
      create policy "rt test: write ok- topics" on realtime.messages for insert to authenticated with check (realtime.topic() like 'ok-%');`)
    const lucia = track(await clientAs(server, realtime.base, 'clientA'))
    const denied = lucia.channel('no-1', { config: { private: true } })
    const error = await new Promise<string>((resolve) =>
      denied.subscribe((status, err) => status === 'CHANNEL_ERROR' && resolve(err!.message)),
    )
    expect(error).toBe('Unauthorized: You do not have permissions to read from this Channel topic: no-1')
    await lucia.removeChannel(denied)
    const heard: unknown[] = []
    const allowed = lucia
      .channel('ok-1', { config: { private: true, broadcast: { self: true, ack: true } } })
      .on('broadcast', { event: 'x' }, (m) => heard.push(m.payload))
    await new Promise<void>((resolve) => allowed.subscribe((status) => status === 'SUBSCRIBED' && resolve()))
    expect(await allowed.send({ type: 'broadcast', event: 'x', payload: { ok: true } })).toBe('ok')
    await expect.poll(() => heard).toEqual([{ ok: true }])
    // The public channel of the same name is another namespace: it hears nothing of it.
    const anon = track(realtimeClient(server, realtime.base))
    const publicHeard: unknown[] = []
    const open = anon.channel('ok-1').on('broadcast', { event: '*' }, (m) => publicHeard.push(m.payload))
    await new Promise<void>((resolve) => open.subscribe((status) => status === 'SUBSCRIBED' && resolve()))
    expect(await allowed.send({ type: 'broadcast', event: 'x', payload: { ok: 2 } })).toBe('ok')
    await expect.poll(() => heard).toHaveLength(2)
    expect(publicHeard).toEqual([])
  })

  describe('hostile input', () => {
    const socketUrl = (query: string) => `${realtime.base.replace('http', 'ws')}/realtime/v1/websocket?${query}`

    /** Opens a raw socket; resolves when open, or with the refusal's status and body. */
    const open = (query: string) =>
      new Promise<{ ws?: WebSocket; status?: number; body?: unknown }>((resolve) => {
        const ws = new WebSocket(socketUrl(query))
        ws.on('open', () => resolve({ ws }))
        ws.on('unexpected-response', (_request, response) => {
          let text = ''
          response.on('data', (chunk: Buffer) => (text += chunk.toString()))
          response.on('end', () => resolve({ status: response.statusCode, body: JSON.parse(text) }))
        })
        ws.on('error', () => undefined)
      })
    const closed = (ws: WebSocket) => new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)))
    const nextFrame = (ws: WebSocket) =>
      new Promise<unknown>((resolve) => ws.once('message', (data) => resolve(JSON.parse(String(data)))))
    const heartbeatAnswered = async () => {
      const { ws } = await open(`apikey=${server.anonKey}&vsn=2.0.0`)
      const answer = nextFrame(ws!)
      ws!.send(JSON.stringify([null, '1', 'phoenix', 'heartbeat', {}]))
      expect(await answer).toEqual([null, '1', 'phoenix', 'phx_reply', { status: 'ok', response: {} }])
      ws!.close()
    }

    it('answers a request to the socket without the upgrade with a Realtime JSON error', async () => {
      const response = await fetch(`${realtime.base}/realtime/v1/websocket?apikey=${server.anonKey}&vsn=2.0.0`)
      expect(response.status).toBe(400)
      expect(await response.json()).toEqual({ error: 'WebSocket upgrade required' })
    })

    it('refuses upgrades without a valid key with Realtime JSON errors', async () => {
      expect(await open('vsn=2.0.0')).toEqual({ status: 401, body: { error: 'API key is missing' } })
      expect(await open('apikey=not-a-jwt&vsn=2.0.0')).toEqual({
        status: 401,
        body: { error: 'The token provided is not a valid JWT' },
      })
      const forged = `${server.anonKey.slice(0, -4)}AAAA`
      expect(await open(`apikey=${forged}&vsn=2.0.0`)).toEqual({
        status: 401,
        body: { error: 'Failed to validate JWT signature' },
      })
      expect((await open(`apikey=${server.anonKey}&vsn=3.0.0`)).status).toBe(400)
    })

    it.each([
      ['unreadable text', 'this is not json', 1003],
      ['a V1 object on a V2 socket', JSON.stringify({ topic: 'x', event: 'y', payload: {}, ref: '1' }), 1003],
      ['an unknown binary kind', Buffer.from([9, 0, 0, 0]), 1003],
      ['a binary header longer than the frame', Buffer.from([3, 200, 0, 0, 0, 0, 1]), 1003],
      ['a frame over REALTIME_MAX_MESSAGE_BYTES', 'x'.repeat(5000), 1009],
      [
        'JSON nested past API_MAX_JSON_DEPTH',
        `[null,"1","realtime:a","phx_join",${'['.repeat(100)}${']'.repeat(100)}]`,
        1003,
      ],
    ])('closes the socket cleanly on %s, and keeps serving', async (_name, frame, code) => {
      const { ws } = await open(`apikey=${server.anonKey}&vsn=2.0.0`)
      const done = closed(ws!)
      ws!.send(frame)
      expect(await done).toBe(code)
      await heartbeatAnswered()
    })

    it('answers pushes to unjoined topics, bad topics and too many channels with error replies', async () => {
      const { ws } = await open(`apikey=${server.anonKey}&vsn=2.0.0`)
      const ask = async (frame: unknown[]) => {
        const answer = nextFrame(ws!)
        ws!.send(JSON.stringify(frame))
        return answer
      }
      expect(
        await ask(['1', '1', 'realtime:none', 'broadcast', { type: 'broadcast', event: 'x', payload: {} }]),
      ).toEqual(['1', '1', 'realtime:none', 'phx_reply', { status: 'error', response: { reason: 'unmatched topic' } }])
      expect(await ask(['2', '2', 'elsewhere', 'phx_join', {}])).toMatchObject([
        '2',
        '2',
        'elsewhere',
        'phx_reply',
        { status: 'error', response: { reason: 'unmatched topic' } },
      ])
      expect(await ask(['3', '3', 'realtime:', 'phx_join', {}])).toMatchObject([
        '3',
        '3',
        'realtime:',
        'phx_reply',
        { status: 'error', response: { reason: 'TopicNameRequired: You must provide a topic name' } },
      ])
      expect(
        await ask(['4', '4', 'realtime:a', 'phx_join', { config: 'not an object', access_token: 42 }]),
      ).toMatchObject(['4', '4', 'realtime:a', 'phx_reply', { status: 'ok', response: { postgres_changes: [] } }])
      expect(await ask(['5', '5', 'realtime:b', 'phx_join', { access_token: 'garbage' }])).toMatchObject([
        '5',
        '5',
        'realtime:b',
        'phx_reply',
        { status: 'error', response: { reason: 'MalformedJWT: The token provided is not a valid JWT' } },
      ])
      for (const name of ['c', 'd']) await ask([name, name, `realtime:${name}`, 'phx_join', {}])
      expect(await ask(['6', '6', 'realtime:e', 'phx_join', {}])).toMatchObject([
        '6',
        '6',
        'realtime:e',
        'phx_reply',
        { status: 'error', response: { reason: 'ChannelRateLimitReached: Too many channels' } },
      ])
      expect(
        await ask(['4', '7', 'realtime:a', 'presence', { type: 'presence', event: 'track', payload: 'nope' }]),
      ).toMatchObject([
        '4',
        '7',
        'realtime:a',
        'phx_reply',
        { status: 'error', response: { reason: 'Presence track payload must be a map' } },
      ])
      ws!.close()
    })

    it('closes a socket that sends more than REALTIME_MAX_EVENTS_PER_SECOND frames', async () => {
      const { ws } = await open(`apikey=${server.anonKey}&vsn=2.0.0`)
      const done = closed(ws!)
      for (let i = 0; i < 60; i++) ws!.send(JSON.stringify([null, String(i), 'phoenix', 'heartbeat', {}]))
      expect(await done).toBe(1008)
      await heartbeatAnswered()
    })
  })
})
