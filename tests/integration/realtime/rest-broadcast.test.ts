// Realtime's REST broadcast through supabase-js: `httpSend()` (POST /realtime/v1/api/broadcast/
// <topic>/events/<event>, JSON or bytes) and `send()` before a channel is joined (POST
// /realtime/v1/api/broadcast, a batch), delivered to the sockets joined to the topic, private topics
// checked against the project's own policies on realtime.messages, and hostile requests answered
// in Realtime's shapes, never with a 500.
import { randomUUID } from 'node:crypto'
import { expect, it, vi } from 'vitest'
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js'
import { describeEachDatabase } from '../support/server'
import { projects, users } from '../rls/seed-ids'
import { realtimeClient, userClient, useListeningServer } from './support'

const limits = {
  REALTIME_BROADCAST_MAX_MESSAGES: '3',
  REALTIME_BROADCAST_MAX_BODY_BYTES: '8192',
  REALTIME_MAX_MESSAGE_BYTES: '2048',
  REALTIME_MAX_TOPIC_BYTES: '64',
}

describeEachDatabase('Realtime REST broadcast on %s', (kind) => {
  const realtime = useListeningServer(kind, limits)
  const { server, track } = realtime
  const conversation = `conversation:${projects.riberaDashboard}`

  /** A joined channel and what it hears of `event` (its whole broadcast message). */
  const listen = async (client: SupabaseClient, topic: string, isPrivate = false) => {
    const heard: Array<Record<string, unknown>> = []
    const channel = client
      .channel(topic, { config: { private: isPrivate } })
      .on('broadcast', { event: '*' }, (message: Record<string, unknown>) => heard.push(message))
    await new Promise<void>((resolve, reject) =>
      channel.subscribe((status, error) =>
        status === 'SUBSCRIBED' ? resolve() : status === 'CHANNEL_ERROR' ? reject(error) : undefined,
      ),
    )
    return { channel, heard }
  }

  /** A channel that is never joined: its sends go over HTTP. */
  const sender = (client: SupabaseClient, topic: string, isPrivate = false): RealtimeChannel =>
    client.channel(topic, { config: { private: isPrivate } })

  const post = (path: string, init: RequestInit & { token?: string | null } = {}) => {
    const headers = new Headers(init.headers)
    if (init.token !== null && !headers.has('apikey')) headers.set('apikey', init.token ?? server.anonKey)
    if (!headers.has('content-type')) headers.set('content-type', 'application/json')
    return fetch(`${realtime.base}/realtime/v1${path}`, { method: 'POST', ...init, headers })
  }

  it('delivers httpSend() JSON to every subscriber of a public topic, and bytes to those on 2.0.0', async () => {
    const topic = `public-${randomUUID()}`
    const modern = await listen(track(realtimeClient(server, realtime.base, '2.0.0')), topic)
    const legacy = await listen(track(realtimeClient(server, realtime.base, '1.0.0')), topic)
    const channel = sender(track(realtimeClient(server, realtime.base)), topic)
    expect(await channel.httpSend('json', { hello: 'public' })).toEqual({ success: true })
    await expect.poll(() => modern.heard.map((m) => m.payload)).toEqual([{ hello: 'public' }])
    await expect.poll(() => legacy.heard.map((m) => m.payload)).toEqual([{ hello: 'public' }])
    expect(modern.heard[0]).toMatchObject({ type: 'broadcast', event: 'json' })
    expect(await channel.httpSend('bytes', new Uint8Array([1, 2, 3, 4, 5]))).toEqual({ success: true })
    await expect.poll(() => modern.heard).toHaveLength(2)
    const bytes = modern.heard[1]?.payload as ArrayBuffer
    expect([...new Uint8Array(bytes)]).toEqual([1, 2, 3, 4, 5])
    // 1.0.0 has no binary frames: Realtime drops bytes for it, and so do we.
    expect(legacy.heard).toHaveLength(1)
  })

  it('falls back from send() before joining to the batch endpoint, which delivers with the message id', async () => {
    const topic = `batch-${randomUUID()}`
    const listener = await listen(track(realtimeClient(server, realtime.base)), topic)
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    try {
      const result = await sender(track(realtimeClient(server, realtime.base)), topic).send({
        type: 'broadcast',
        event: 'cursor',
        payload: { x: 1 },
      })
      expect(result).toBe('ok')
      expect(String(warn.mock.calls[0]?.[0])).toContain('falling back to REST API')
    } finally {
      warn.mockRestore()
    }
    await expect.poll(() => listener.heard.map((m) => m.payload)).toEqual([{ x: 1 }])
    const withId = await post('/api/broadcast', {
      body: JSON.stringify({ messages: [{ topic, event: 'tagged', payload: { y: 2 }, id: 'm-1' }] }),
    })
    expect(withId.status).toBe(202)
    expect(await withId.text()).toBe('')
    await expect.poll(() => listener.heard).toHaveLength(2)
    expect(listener.heard[1]).toMatchObject({ event: 'tagged', payload: { y: 2 }, meta: { id: 'm-1' } })
  })

  it('checks private topics against the policies on realtime.messages, as a socket’s join and send', async () => {
    const lucia = await listen(
      track(await userClient(server, realtime.base, users.lucia, '10.1.0.1')),
      conversation,
      true,
    )
    const colleague = sender(
      track(await userClient(server, realtime.base, users.james, '10.1.0.2')),
      conversation,
      true,
    )
    expect(await colleague.httpSend('typing', { who: 'james' })).toEqual({ success: true })
    await expect.poll(() => lucia.heard.map((m) => m.payload)).toEqual([{ who: 'james' }])
    // Another organization's client may not write there: 403 for httpSend, silence for the batch.
    const outsider = track(await userClient(server, realtime.base, users.daniel, '10.1.0.3'))
    await expect(sender(outsider, conversation, true).httpSend('typing', { who: 'daniel' })).rejects.toThrow(
      'Unauthorized',
    )
    const token = await server.deps.keys.sign({ sub: users.daniel, role: 'authenticated' }, 600)
    const batch = await post('/api/broadcast', {
      headers: { Authorization: `Bearer ${token}` },
      body: JSON.stringify({ messages: [{ topic: conversation, event: 'typing', payload: {}, private: true }] }),
    })
    expect(batch.status).toBe(202)
    const anonymous = await post(`/api/broadcast/${encodeURIComponent(conversation)}/events/typing?private=true`, {
      body: '{}',
    })
    expect(anonymous.status).toBe(403)
    expect(await anonymous.json()).toEqual({ message: 'Unauthorized' })
    // The public topic of the same name is another namespace.
    const open = await post(`/api/broadcast/${encodeURIComponent(conversation)}/events/typing`, { body: '{"a":1}' })
    expect(open.status).toBe(202)
    // A message Lucia may hear, sent last: the server delivers each before answering, over her one
    // socket in order, so once it has arrived anything sent before it would have arrived first.
    expect(await colleague.httpSend('typing', { who: 'last' })).toEqual({ success: true })
    await expect.poll(() => lucia.heard.map((m) => m.payload)).toEqual([{ who: 'james' }, { who: 'last' }])
  })

  it('needs a valid token or API key: 401 in Realtime’s shape otherwise', async () => {
    for (const init of [{ token: null }, { token: 'not-a-jwt' }, { headers: { Authorization: 'Bearer x.y.z' } }]) {
      const response = await post('/api/broadcast/room/events/e', { ...init, body: '{}' })
      expect(response.status).toBe(401)
      expect(await response.json()).toEqual({ message: 'Unauthorized' })
    }
    const batch = await post('/api/broadcast', { token: null, body: '{"messages":[]}' })
    expect(batch.status).toBe(401)
  })

  it('answers hostile requests with Realtime’s 4xx, bounded by its settings, and keeps serving', async () => {
    const textBody = await post('/api/broadcast/room/events/e', {
      headers: { 'content-type': 'text/plain' },
      body: 'x',
    })
    expect(textBody.status).toBe(415)
    expect(await textBody.json()).toEqual({
      error: 'Unsupported Media Type. Use application/json or application/octet-stream',
    })
    const cases: Array<[unknown, unknown]> = [
      [{}, { messages: ["can't be blank"] }],
      [{ messages: 'x' }, { messages: ['is invalid'] }],
      [
        {
          messages: [
            { topic: 'a', event: 'b', payload: {} },
            { topic: '', event: 7, payload: [1], private: 'yes' },
          ],
        },
        {
          messages: [
            {},
            { topic: ["can't be blank"], event: ['is invalid'], payload: ['is invalid'], private: ['is invalid'] },
          ],
        },
      ],
      [
        { messages: [{ topic: 't'.repeat(65), event: 'b', payload: { big: 'x'.repeat(3000) } }] },
        { messages: [{ topic: ['should be at most 64 byte(s)'], payload: ['Payload size exceeds tenant limit'] }] },
      ],
    ]
    for (const [body, errors] of cases) {
      const response = await post('/api/broadcast', { body: JSON.stringify(body) })
      expect(response.status, JSON.stringify(body)).toBe(422)
      expect(await response.json()).toEqual({ errors })
    }
    const message = { topic: 'room', event: 'e', payload: {} }
    const many = await post('/api/broadcast', {
      body: JSON.stringify({ messages: [message, message, message, message] }),
    })
    expect(many.status).toBe(429)
    expect(await many.json()).toEqual({ message: 'Too many messages to broadcast, please reduce the batch size' })
    const huge = await post('/api/broadcast', {
      body: JSON.stringify({ messages: [{ ...message, payload: { x: 'y'.repeat(9000) } }] }),
    })
    expect(huge.status).toBe(413)
    const bigBytes = await post('/api/broadcast/room/events/e', {
      headers: { 'content-type': 'application/octet-stream' },
      body: new Uint8Array(3000),
    })
    expect(bigBytes.status).toBe(422)
    expect(await bigBytes.json()).toEqual({ errors: { payload: ['Payload size exceeds tenant limit'] } })
    const broken = await post('/api/broadcast', { body: '{"messages": [' })
    expect(broken.status).toBe(400)
    const deep = await post('/api/broadcast', { body: `${'['.repeat(200)}${']'.repeat(200)}` })
    expect(deep.status).toBe(400)
    const other = await fetch(`${realtime.base}/realtime/v1/api/broadcast`, { headers: { apikey: server.anonKey } })
    expect(other.status).toBe(404)
    // Still serving: a plain broadcast goes through.
    const ok = await post('/api/broadcast', { body: JSON.stringify({ messages: [message] }) })
    expect(ok.status).toBe(202)
  })
})
