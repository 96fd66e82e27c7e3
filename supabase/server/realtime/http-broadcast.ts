// Realtime's REST broadcast (reference §11.5): `POST /api/broadcast` with a batch of messages (what
// realtime-js `send()` falls back to before a channel is joined) and
// `POST /api/broadcast/:topic/events/:event` with one payload, JSON or bytes (`httpSend()`). The
// caller is the bearer token, else the apikey; a private topic needs the write (INSERT) policy on
// realtime.messages that a socket's broadcast needs. Answers in Realtime's shapes: 202 and no body,
// 401/403 `{message}`, 415 `{error}`, 422 `{errors}` as Ecto writes a changeset's.
import { Hono, type Context } from 'hono'
import type { ServerDeps } from '../deps'
import { isViewAs } from '../lib/view-as'
import type { RealtimeHub } from './hub'
import { mayWrite } from './private-channels'

export interface BroadcastLimits {
  /** Messages in one batch (Realtime answers a larger one 429). */
  maxMessages: number
  /** One payload, as JSON bytes (Realtime: "Payload size exceeds tenant limit"). */
  maxPayloadBytes: number
  maxTopicBytes: number
}

type Errors = Record<string, string[]>

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const unauthorized = (c: Context, status: 401 | 403) => c.json({ message: 'Unauthorized' }, status)
const invalid = (c: Context, errors: unknown) => c.json({ errors }, 422)

/** The caller from the bearer token, else the apikey; none without either, as Realtime requires one. */
async function caller(deps: ServerDeps, c: Context) {
  const authorization = c.req.header('authorization')
  const apikey = c.req.header('apikey')
  if (!authorization?.trim() && !apikey?.trim()) return undefined
  const check = await deps.keys.checkRequest({ authorization, apikey })
  return check.ok ? check : undefined
}

/** A field as Ecto casts it: missing and empty strings are blank, other types invalid. */
function stringField(errors: Errors, name: string, value: unknown, maxBytes?: number): string | undefined {
  if (value === undefined || value === null || value === '') errors[name] = ["can't be blank"]
  else if (typeof value !== 'string') errors[name] = ['is invalid']
  else if (maxBytes !== undefined && Buffer.byteLength(value) > maxBytes)
    errors[name] = [`should be at most ${maxBytes} byte(s)`]
  else return value
  return undefined
}

function payloadTooLarge(payload: unknown, limits: BroadcastLimits) {
  return Buffer.byteLength(JSON.stringify(payload)) > limits.maxPayloadBytes
}

interface Message {
  topic: string
  event: string
  payload: Record<string, unknown>
  isPrivate: boolean
  id?: string
}

/** One batch message checked as Realtime's changeset does; its errors, or the message. */
function checkMessage(value: unknown, limits: BroadcastLimits): { errors: Errors; message?: Message } {
  const errors: Errors = {}
  if (!isObject(value)) return { errors: { messages: ['is invalid'] } }
  const topic = stringField(errors, 'topic', value.topic, limits.maxTopicBytes)
  const event = stringField(errors, 'event', value.event)
  const { payload } = value
  if (payload === undefined || payload === null) errors.payload = ["can't be blank"]
  else if (!isObject(payload)) errors.payload = ['is invalid']
  else if (payloadTooLarge(payload, limits)) errors.payload = ['Payload size exceeds tenant limit']
  if (value.private !== undefined && value.private !== null && typeof value.private !== 'boolean')
    errors.private = ['is invalid']
  const id = value.id === undefined || value.id === null ? undefined : stringField(errors, 'id', value.id)
  if (Object.keys(errors).length > 0 || topic === undefined || event === undefined || !isObject(payload))
    return { errors }
  return { errors, message: { topic, event, payload, isPrivate: value.private === true, id } }
}

export function broadcastRoutes(deps: ServerDeps, hub: RealtimeHub, limits: BroadcastLimits) {
  const app = new Hono()
  /** Whether the caller may broadcast on a private topic: the same policy check as a socket's. */
  const mayBroadcast = (who: NonNullable<Awaited<ReturnType<typeof caller>>>, topic: string) =>
    // A staff member's preview of a client's portal only listens (decision 0022).
    isViewAs(who.claims) ? Promise.resolve(false) : mayWrite(hub.db, who.role, who.claims, topic, 'broadcast')

  app.post('/api/broadcast', async (c) => {
    const who = await caller(deps, c)
    if (!who) return unauthorized(c, 401)
    let body: unknown
    try {
      body = await c.req.json()
    } catch {
      return c.json({ message: 'The body must be JSON' }, 400)
    }
    const list = isObject(body) ? body.messages : undefined
    if (list === undefined || list === null) return invalid(c, { messages: ["can't be blank"] })
    if (!Array.isArray(list)) return invalid(c, { messages: ['is invalid'] })
    if (list.length > limits.maxMessages)
      return c.json({ message: 'Too many messages to broadcast, please reduce the batch size' }, 429)
    const checked = list.map((value) => checkMessage(value, limits))
    if (checked.some((entry) => !entry.message)) return invalid(c, { messages: checked.map((entry) => entry.errors) })
    // Private messages go out only where the caller may write; the others are dropped, and the
    // batch is still accepted, as Realtime does. One policy check per topic.
    const allowed = new Map<string, boolean>()
    for (const { message } of checked) {
      if (!message) continue
      if (message.isPrivate && !allowed.has(message.topic))
        allowed.set(message.topic, await mayBroadcast(who, message.topic))
      if (message.isPrivate ? !allowed.get(message.topic) : isViewAs(who.claims)) continue
      const scope = `${message.isPrivate ? 'private' : 'public'}:${message.topic}`
      hub.deliverBroadcast(
        scope,
        message.event,
        message.payload,
        undefined,
        message.id ? { id: message.id } : undefined,
      )
    }
    return c.body(null, 202)
  })

  app.post('/api/broadcast/:topic/events/:event', async (c) => {
    const mediaType = (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? ''
    if (mediaType !== '' && mediaType !== 'application/json' && mediaType !== 'application/octet-stream')
      return c.json({ error: 'Unsupported Media Type. Use application/json or application/octet-stream' }, 415)
    const who = await caller(deps, c)
    if (!who) return unauthorized(c, 401)
    const errors: Errors = {}
    const topic = stringField(errors, 'topic', c.req.param('topic'), limits.maxTopicBytes)
    const event = stringField(errors, 'event', c.req.param('event'))
    let payload: unknown
    if (mediaType === 'application/octet-stream') {
      payload = Buffer.from(await c.req.arrayBuffer())
      if ((payload as Buffer).byteLength > limits.maxPayloadBytes)
        errors.payload = ['Payload size exceeds tenant limit']
    } else {
      const text = await c.req.text()
      try {
        // Phoenix reads an empty body as {} and wraps what is not an object under `_json`.
        const parsed: unknown = text.trim() === '' ? {} : JSON.parse(text)
        payload = isObject(parsed) ? parsed : { _json: parsed }
      } catch {
        return c.json({ message: 'The body must be JSON' }, 400)
      }
      if (payloadTooLarge(payload, limits)) errors.payload = ['Payload size exceeds tenant limit']
    }
    if (Object.keys(errors).length > 0 || topic === undefined || event === undefined) return invalid(c, errors)
    const isPrivate = c.req.query('private') === 'true'
    // Unlike the batch, a refused private message is answered, not dropped.
    if (isViewAs(who.claims) || (isPrivate && !(await mayBroadcast(who, topic)))) return unauthorized(c, 403)
    hub.deliverBroadcast(`${isPrivate ? 'private' : 'public'}:${topic}`, event, payload)
    return c.body(null, 202)
  })

  app.all('/api/*', (c) => c.json({ message: 'Not Found' }, 404))
  return app
}
