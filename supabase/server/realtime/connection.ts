// One Realtime WebSocket: its channels (topic → join), heartbeats, joins and leaves, token
// updates, broadcast and presence, each answered in the shapes realtime-js expects. A frame the
// protocol does not allow gets an error reply or closes the socket cleanly; nothing a client
// sends can throw out of here.
import { randomBytes, randomUUID } from 'node:crypto'
import type WebSocket from 'ws'
import type { DbRole } from '../db/request-context'
import type { JwtPayload } from '../lib/jwt'
import { checkToken } from './auth'
import type { BindingRequest, Subscriber } from './changes'
import { mayWrite, readableExtensions, type Extension } from './private-channels'
import { isViewAs } from '../lib/view-as'
import { FrameError, decodeBinary, decodeText, encode, reply, type Message, type Vsn } from './protocol'
import type { RealtimeHub } from './hub'
import type { Holding } from './usage'

export interface Channel {
  topic: string
  subtopic: string
  /** `public:room` or `private:room`: the two never see each other's messages. */
  scope: string
  joinRef: string | null
  connection: Connection
  role: DbRole
  claims: JwtPayload
  token: string
  sessionId: string | null
  broadcast: { self: boolean; ack: boolean }
  /** The key is the caller's user id (a random one per join without a user), never the client's choice. */
  presence: { key: string; enabled: boolean }
  /** The user the channel counts against (Usage), while it counts. */
  holding?: Holding
  /** The profile name shown in this channel's presence, once looked up (null: none). */
  presenceName?: string | null
  isPrivate: boolean
  canWrite: Partial<Record<Extension, boolean>>
  expiry?: NodeJS.Timeout
  subscriber?: Subscriber
  bindings: { id: number; request: BindingRequest }[]
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const bool = (value: unknown, fallback: boolean) =>
  typeof value === 'boolean' ? value : typeof value === 'string' ? value.toLowerCase() === 'true' : fallback

/** The user a token speaks for, whose share of Realtime it uses; none for the API keys. */
const userOf = (role: DbRole, claims: JwtPayload) =>
  role !== 'service_role' && typeof claims.sub === 'string' && claims.sub !== '' ? claims.sub : null

/** How long a socket refused for its address stays open to say so at its joins. */
const refusedSocketMs = 5000

/** A stable id for one postgres_changes element, the same JSON number each time it is echoed. */
function bindingId(element: Record<string, unknown>, index: number): number {
  let hash = index + 1
  for (const char of JSON.stringify(element)) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) >>> 0
  return hash % 2_147_483_647
}

export class Connection {
  readonly channels = new Map<string, Channel>()
  private idle?: NodeJS.Timeout
  private windowStart = Date.now()
  private eventsInWindow = 0
  private closed = false
  private refusedTimer?: NodeJS.Timeout

  constructor(
    readonly ws: WebSocket,
    readonly vsn: Vsn,
    /** The socket's own key (apikey), the fallback channel token. */
    private readonly socketToken: string,
    private readonly hub: RealtimeHub,
    /** The client's address, whose share of sockets this one is. */
    readonly address: string,
    /** Set when the socket is one too many: every join is refused with it, then the socket closes. */
    readonly refusal?: string,
  ) {
    this.touch()
    if (refusal) this.refuseSoon(refusedSocketMs)
    ws.on('message', (data, isBinary) => void this.receive(data as Buffer, isBinary))
    ws.on('close', () => this.dispose())
    ws.on('error', () => this.dispose())
  }

  send(message: Message) {
    if (this.ws.readyState === this.ws.OPEN) this.ws.send(encode(message, this.vsn))
  }

  sendBinary(frame: Buffer) {
    if (this.ws.readyState === this.ws.OPEN) this.ws.send(frame)
  }

  close(code: number, reason: string) {
    this.dispose()
    if (this.ws.readyState === this.ws.OPEN || this.ws.readyState === this.ws.CONNECTING) this.ws.close(code, reason)
  }

  private touch() {
    if (this.idle) clearTimeout(this.idle)
    this.idle = setTimeout(() => this.close(1000, 'idle timeout'), this.hub.settings.idleTimeoutMs).unref()
  }

  private refuseSoon(delayMs: number) {
    if (this.refusedTimer) clearTimeout(this.refusedTimer)
    this.refusedTimer = setTimeout(() => this.close(1008, 'Too many connections from this address'), delayMs).unref()
  }

  private dispose() {
    if (this.closed) return
    this.closed = true
    if (this.idle) clearTimeout(this.idle)
    if (this.refusedTimer) clearTimeout(this.refusedTimer)
    for (const channel of [...this.channels.values()]) this.removeChannel(channel)
    this.hub.connectionClosed(this)
  }

  private async receive(data: Buffer, isBinary: boolean) {
    if (this.closed) return
    this.touch()
    const now = Date.now()
    if (now - this.windowStart >= 1000) {
      this.windowStart = now
      this.eventsInWindow = 0
    }
    if (++this.eventsInWindow > this.hub.settings.maxEventsPerSecond) {
      for (const channel of [...this.channels.values()]) this.shutdown(channel, 'Too many messages per second')
      this.close(1008, 'Too many messages per second')
      return
    }
    let message: Message
    try {
      const depth = this.hub.settings.maxJsonDepth
      message = isBinary ? decodeBinary(data, depth) : decodeText(data.toString('utf8'), this.vsn, depth)
    } catch (error) {
      if (!(error instanceof FrameError)) throw error
      // Phoenix cannot answer a frame it cannot read (it has no ref): the socket is closed.
      this.close(1003, error.message)
      return
    }
    try {
      await this.handle(message)
    } catch (error) {
      this.hub.log(`realtime: ${(error as Error).message}`)
      this.send(reply(message, 'error', { reason: 'Unknown Error on Channel' }))
    }
  }

  private async handle(message: Message) {
    if (message.topic === 'phoenix' && message.event === 'heartbeat') return this.send(reply(message, 'ok', {}))
    if (message.event === 'phx_join') return this.join(message)
    const channel = this.channels.get(message.topic)
    if (!channel) return this.send(reply(message, 'error', { reason: 'unmatched topic' }))
    // A push for an earlier join of this topic: Phoenix ignores it.
    if (message.joinRef !== null && message.joinRef !== channel.joinRef) return
    switch (message.event) {
      case 'phx_leave':
        this.send(reply(message, 'ok', {}))
        this.removeChannel(channel)
        this.send({
          joinRef: channel.joinRef,
          ref: channel.joinRef,
          topic: channel.topic,
          event: 'phx_close',
          payload: {},
        })
        return
      case 'access_token':
        return this.updateToken(channel, message)
      case 'broadcast':
        return this.broadcast(channel, message)
      case 'presence':
        return this.presence(channel, message)
      default:
        return this.send(reply(message, 'error', { reason: `unknown event ${message.event.slice(0, 50)}` }))
    }
  }

  private async join(message: Message) {
    const fail = (reason: string) => this.send(reply(message, 'error', { reason }))
    if (this.refusal) {
      // Joins sent in the same burst get their answer before the socket closes.
      this.refuseSoon(100)
      return fail(this.refusal)
    }
    if (!message.topic.startsWith('realtime:')) return fail('unmatched topic')
    const subtopic = message.topic.slice('realtime:'.length)
    if (subtopic === '') return fail('TopicNameRequired: You must provide a topic name')
    if (Buffer.byteLength(subtopic) > this.hub.settings.maxTopicBytes)
      return fail(`TopicNameTooLong: A topic name has at most ${this.hub.settings.maxTopicBytes} bytes`)
    // Phoenix closes the earlier join of a topic before it looks at the new one.
    this.closeEarlierJoin(message.topic)
    const tooManyChannels = () => this.channels.size >= this.hub.settings.maxChannelsPerConnection
    if (tooManyChannels()) return fail('ChannelRateLimitReached: Too many channels')
    const payload = isObject(message.payload) ? message.payload : {}
    const config = isObject(payload.config) ? payload.config : {}
    const requested = Array.isArray(config.postgres_changes) ? config.postgres_changes.filter(isObject) : []
    const maxBindings = this.hub.settings.maxBindingsPerChannel
    if (requested.length > maxBindings)
      return fail(
        `ChannelRateLimitReached: Too many postgres_changes bindings on this channel (at most ${maxBindings})`,
      )
    const given =
      typeof payload.access_token === 'string'
        ? payload.access_token
        : typeof payload.user_token === 'string'
          ? payload.user_token
          : undefined
    const token = given && !given.startsWith('sb_') ? given : this.socketToken
    const auth = await checkToken(this.hub.keys, this.hub.sessionLive, token)
    if (!auth.ok) return fail(`${auth.code}: ${auth.message}`)
    const broadcast = isObject(config.broadcast) ? config.broadcast : {}
    const presence = isObject(config.presence) ? config.presence : {}
    const isPrivate = bool(config.private, false)
    const userId = userOf(auth.role, auth.claims)
    const channel: Channel = {
      topic: message.topic,
      subtopic,
      scope: `${isPrivate ? 'private' : 'public'}:${subtopic}`,
      joinRef: message.joinRef ?? message.ref,
      connection: this,
      role: auth.role,
      claims: auth.claims,
      token,
      sessionId: auth.sessionId,
      broadcast: { self: bool(broadcast.self, false), ack: bool(broadcast.ack, false) },
      // `config.presence.key` is ignored: a member could otherwise appear as someone else.
      presence: { key: userId ?? randomUUID(), enabled: bool(presence.enabled, false) },
      isPrivate,
      canWrite: {},
      bindings: [],
    }
    if (isPrivate) {
      const readable = await readableExtensions(this.hub.db, auth.role, auth.claims, subtopic, [
        'broadcast',
        'presence',
      ])
      if (readable.size === 0)
        return fail(`Unauthorized: You do not have permissions to read from this Channel topic: ${subtopic}`)
    }
    const bindings = requested.map((element, index) => ({
      id: bindingId(element, index),
      request: element as BindingRequest,
    }))
    if (this.closed) return
    // From here on nothing awaits: the limits are checked and the channel counted in one step, so
    // joins sent in parallel cannot all pass before any is counted.
    this.closeEarlierJoin(channel.topic)
    if (tooManyChannels()) return fail('ChannelRateLimitReached: Too many channels')
    const holding = userId ? { userId, connection: this, bindings: bindings.length } : undefined
    const refused = holding && this.hub.usage.refusal(holding)
    if (refused) return fail(refused)
    channel.holding = holding
    channel.bindings = bindings
    this.channels.set(channel.topic, channel)
    this.hub.addChannel(channel)
    this.scheduleExpiry(channel, auth.exp)
    this.send(
      reply(message, 'ok', {
        postgres_changes: requested.map((element, index) => ({ ...element, id: bindings[index]!.id })),
      }),
    )
    if (channel.presence.enabled) this.push(channel, 'presence_state', this.hub.presence.state(channel.scope))
    if (bindings.length > 0) await this.subscribeChanges(channel)
  }

  private closeEarlierJoin(topic: string) {
    const previous = this.channels.get(topic)
    if (!previous) return
    this.removeChannel(previous)
    this.send({ joinRef: previous.joinRef, ref: previous.joinRef, topic, event: 'phx_close', payload: {} })
  }

  /**
   * (Re)creates the channel's postgres_changes subscriptions as its current identity, then tells
   * the client the outcome: after the join, and after each new token (a join sent before the
   * client had its user token comes with the API key, and the user's token follows).
   */
  private async subscribeChanges(channel: Channel) {
    channel.subscriber ??= {
      role: channel.role,
      claims: channel.claims,
      deliver: (ids, data) =>
        this.send({
          joinRef: null,
          ref: null,
          topic: channel.topic,
          event: 'postgres_changes',
          payload: { ids, data },
        }),
    }
    const subscriber = channel.subscriber
    const outcome = await this.hub.changes.subscribe(subscriber, channel.bindings)
    if (this.channels.get(channel.topic) !== channel) {
      this.hub.changes.unsubscribe(subscriber)
      return
    }
    if (!outcome.ok) this.hub.changes.unsubscribe(subscriber)
    this.system(
      channel,
      'postgres_changes',
      outcome.ok ? 'ok' : 'error',
      outcome.ok ? 'Subscribed to PostgreSQL' : outcome.message,
    )
  }

  /** A push from the channel itself: its join ref, no ref. */
  push(channel: Channel, event: string, payload: unknown) {
    this.send({ joinRef: channel.joinRef, ref: null, topic: channel.topic, event, payload })
  }

  private system(channel: Channel, extension: string, status: 'ok' | 'error', message: string) {
    this.push(channel, 'system', { extension, status, message, channel: channel.subtopic })
  }

  private scheduleExpiry(channel: Channel, exp: number) {
    if (channel.expiry) clearTimeout(channel.expiry)
    // setTimeout holds at most ~24.8 days; a later expiry is checked again then.
    const delay = Math.min(Math.max(0, exp * 1000 - Date.now()), 2_000_000_000)
    channel.expiry = setTimeout(() => {
      if (exp * 1000 <= Date.now())
        this.shutdown(channel, `Token has expired ${Math.round(Date.now() / 1000 - exp)} seconds ago`)
      else this.scheduleExpiry(channel, exp)
    }, delay).unref()
  }

  /** Realtime's "normal" stop of a channel: a system error, then phx_close. */
  shutdown(channel: Channel, reason: string) {
    if (this.channels.get(channel.topic) !== channel) return
    this.system(channel, 'system', 'error', reason)
    this.removeChannel(channel)
    this.send({ joinRef: channel.joinRef, ref: channel.joinRef, topic: channel.topic, event: 'phx_close', payload: {} })
  }

  private removeChannel(channel: Channel) {
    if (channel.expiry) clearTimeout(channel.expiry)
    if (this.channels.get(channel.topic) === channel) this.channels.delete(channel.topic)
    if (channel.subscriber) this.hub.changes.unsubscribe(channel.subscriber)
    this.hub.removeChannel(channel)
  }

  private async updateToken(channel: Channel, message: Message) {
    // Realtime never replies to access_token.
    const payload = isObject(message.payload) ? message.payload : {}
    const token = payload.access_token
    if (typeof token !== 'string' || token.startsWith('sb_') || token === channel.token) return
    const auth = await checkToken(this.hub.keys, this.hub.sessionLive, token)
    if (!auth.ok) return this.shutdown(channel, auth.message)
    if (channel.isPrivate) {
      const readable = await readableExtensions(this.hub.db, auth.role, auth.claims, channel.subtopic, [
        'broadcast',
        'presence',
      ])
      if (readable.size === 0)
        return this.shutdown(
          channel,
          `You no longer have permission to read from this Channel topic: ${channel.subtopic}`,
        )
    }
    if (this.channels.get(channel.topic) !== channel) return
    // The new identity takes its own user's share; when that is full the channel stops.
    const userId = userOf(auth.role, auth.claims)
    const holding = userId ? { userId, connection: this, bindings: channel.bindings.length } : undefined
    const refused = holding && this.hub.usage.refusal(holding, channel.holding)
    if (refused) return this.shutdown(channel, refused)
    this.hub.release(channel)
    channel.holding = holding
    if (holding) this.hub.usage.hold(holding)
    if (userId !== userOf(channel.role, channel.claims)) {
      // Presence follows the identity: another user (or none) is not the member who tracked.
      this.hub.presence.untrack(channel)
      channel.presence.key = userId ?? randomUUID()
    }
    channel.presenceName = undefined
    Object.assign(channel, { role: auth.role, claims: auth.claims, token, sessionId: auth.sessionId, canWrite: {} })
    this.scheduleExpiry(channel, auth.exp)
    // Changes are checked as the new identity from now on, with its own privileges.
    if (channel.subscriber) Object.assign(channel.subscriber, { role: auth.role, claims: auth.claims })
    if (channel.bindings.length > 0) await this.subscribeChanges(channel)
  }

  private async allowedToWrite(channel: Channel, extension: Extension) {
    // A staff member's preview of a client's portal listens only: no presence, no broadcast (0022).
    if (isViewAs(channel.claims)) return false
    if (!channel.isPrivate) return true
    channel.canWrite[extension] ??= await mayWrite(
      this.hub.db,
      channel.role,
      channel.claims,
      channel.subtopic,
      extension,
    )
    return channel.canWrite[extension]
  }

  private async broadcast(channel: Channel, message: Message) {
    const payload = isObject(message.payload) ? message.payload : undefined
    if (!payload || typeof payload.event !== 'string')
      return this.send(reply(message, 'error', { reason: 'broadcast needs an event' }))
    // A private channel without write permission: dropped without a reply, as Realtime does.
    if (!(await this.allowedToWrite(channel, 'broadcast'))) return
    this.hub.deliverBroadcast(
      channel.scope,
      payload.event,
      payload.payload,
      channel.broadcast.self ? undefined : channel,
    )
    if (channel.broadcast.ack) this.send(reply(message, 'ok', {}))
  }

  private async presence(channel: Channel, message: Message) {
    const payload = isObject(message.payload) ? message.payload : {}
    if (!(await this.allowedToWrite(channel, 'presence')))
      return this.send(
        reply(message, 'error', {
          reason: 'Unauthorized: You do not have permissions to track presence on this Channel topic',
        }),
      )
    if (payload.event === 'track') {
      if (!isObject(payload.payload))
        return this.send(reply(message, 'error', { reason: 'Presence track payload must be a map' }))
      const max = this.hub.settings.maxPresenceBytes
      if (Buffer.byteLength(JSON.stringify(payload.payload)) > max)
        return this.send(
          reply(message, 'error', { reason: `Track message size exceeded: a presence meta has at most ${max} bytes` }),
        )
      const meta = await this.presenceMeta(channel, payload.payload)
      if (this.channels.get(channel.topic) !== channel) return
      this.hub.presence.track(channel, meta, randomBytes(9).toString('base64url'))
      return this.send(reply(message, 'ok', {}))
    }
    if (payload.event === 'untrack') {
      this.hub.presence.untrack(channel)
      return this.send(reply(message, 'ok', {}))
    }
    this.send(reply(message, 'error', { reason: 'presence event must be track or untrack' }))
  }

  /** The tracked payload with the name from the caller's profile, never the one sent (none without a user). */
  private async presenceMeta(channel: Channel, payload: Record<string, unknown>): Promise<Record<string, unknown>> {
    const { name: _sent, ...meta } = payload
    const userId = userOf(channel.role, channel.claims)
    if (!userId) return meta
    if (channel.presenceName === undefined) {
      const name = await this.hub.profileName(userId).catch((error: Error) => {
        this.hub.log(`realtime: presence name not read: ${error.message}`)
        return null
      })
      // The identity changed meanwhile: ask again for the new one.
      if (userOf(channel.role, channel.claims) !== userId) return this.presenceMeta(channel, payload)
      channel.presenceName = name
    }
    return channel.presenceName === null ? meta : { ...meta, name: channel.presenceName }
  }
}
