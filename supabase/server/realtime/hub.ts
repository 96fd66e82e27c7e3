// Supabase Realtime on our server (decision 0014): WebSocket upgrades at /realtime/v1/websocket
// (framing by the `ws` library), the channels of every socket by topic, presence, the change feed,
// what each address and user holds, and the sweep that ends channels whose session was revoked.
import type { IncomingMessage, Server } from 'node:http'
import type { Duplex } from 'node:stream'
import { WebSocketServer } from 'ws'
import type { Database } from '../db/database'
import type { JwtKeys } from '../lib/jwt'
import { pickClientIp } from '../lib/client-ip'
import { checkToken } from './auth'
import { ChangeFeed, type ChangeSettings } from './changes'
import { Connection, type Channel } from './connection'
import { Presence } from './presence'
import { encodeBinaryBroadcast } from './protocol'
import { Usage, type UsageLimits } from './usage'

export interface RealtimeSettings extends ChangeSettings, UsageLimits {
  maxConnections: number
  maxChannelsPerConnection: number
  maxBindingsPerChannel: number
  /** Largest presence meta, as JSON bytes. */
  maxPresenceBytes: number
  /** Believe X-Forwarded-For for the client's address (TRUST_PROXY). */
  trustProxy: boolean
  maxMessageBytes: number
  maxEventsPerSecond: number
  maxTopicBytes: number
  /** Nesting of a frame's JSON (API_MAX_JSON_DEPTH). */
  maxJsonDepth: number
  idleTimeoutMs: number
  /** How often joined channels' sessions are checked for revocation. */
  revocationSweepMs: number
}

export const realtimePath = '/realtime/v1/websocket'

export class RealtimeHub {
  readonly changes: ChangeFeed
  readonly presence: Presence
  readonly usage: Usage
  private readonly wss: WebSocketServer
  private readonly connections = new Set<Connection>()
  private readonly scopes = new Map<string, Set<Channel>>()
  private sweep?: NodeJS.Timeout
  private closing?: Promise<void>

  constructor(
    readonly db: Database,
    readonly keys: JwtKeys,
    readonly sessionLive: (sessionId: string) => Promise<boolean>,
    readonly settings: RealtimeSettings,
    readonly log: (line: string) => void,
    /** The name a user's presence shows (their profile's), never the one a client sends. */
    readonly profileName: (userId: string) => Promise<string | null>,
  ) {
    this.changes = new ChangeFeed(db, settings, log)
    this.presence = new Presence((scope) => this.channelsIn(scope))
    this.usage = new Usage(settings)
    // Frames over the limit close the socket with 1009; compression is off (CPU per message).
    this.wss = new WebSocketServer({ noServer: true, maxPayload: settings.maxMessageBytes, perMessageDeflate: false })
  }

  async start() {
    await this.changes.start()
    this.sweep = setInterval(() => void this.checkSessions(), this.settings.revocationSweepMs).unref()
  }

  /** Answers WebSocket upgrades of this path on `server`; other upgrades are refused. */
  attach(server: Pick<Server, 'on'>) {
    server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      socket.on('error', () => socket.destroy())
      void this.upgrade(request, socket, head).catch((error: Error) => {
        this.log(`realtime: upgrade failed: ${error.message}`)
        refuse(socket, 500, 'Error connecting to Realtime')
      })
    })
  }

  private async upgrade(request: IncomingMessage, socket: Duplex, head: Buffer) {
    const url = new URL(request.url ?? '/', 'http://localhost')
    if (url.pathname !== realtimePath) return refuse(socket, 404, 'Not found')
    const vsnParam = url.searchParams.get('vsn') ?? '1.0.0'
    const vsn = vsnParam === '2.0.0' ? '2.0.0' : vsnParam === '1.0.0' ? '1.0.0' : undefined
    if (!vsn) return refuse(socket, 400, 'Unsupported serializer version')
    const header = request.headers['x-api-key']
    const key = (typeof header === 'string' ? header : undefined) ?? url.searchParams.get('apikey')
    if (!key) return refuse(socket, 401, 'API key is missing')
    const auth = await checkToken(this.keys, this.sessionLive, key)
    if (!auth.ok) return refuse(socket, auth.status, auth.message)
    if (this.connections.size >= this.settings.maxConnections) return refuse(socket, 429, 'Too many connected users')
    const forwarded = request.headers['x-forwarded-for']
    const address = pickClientIp(
      Array.isArray(forwarded) ? forwarded.join(',') : forwarded,
      request.socket.remoteAddress,
      this.settings.trustProxy,
    )
    // One socket too many from an address is still accepted, so that its joins can say why they
    // are refused (a browser cannot read an upgrade's status), and closed soon after.
    const admission = this.usage.admit(address)
    if (admission === 'reject') return refuse(socket, 429, 'Too many connections from this address')
    const refusal =
      admission === 'refuse'
        ? `ConnectionRateLimitReached: Too many connections from this address (at most ${this.settings.maxConnectionsPerAddress})`
        : undefined
    // No await since the admission: the socket is counted before another upgrade is admitted.
    this.wss.handleUpgrade(request, socket, head, (ws) => {
      this.usage.opened(address, refusal !== undefined)
      this.connections.add(new Connection(ws, vsn, key, this, address, refusal))
    })
  }

  connectionClosed(connection: Connection) {
    if (this.connections.delete(connection)) this.usage.closed(connection.address, connection.refusal !== undefined)
  }

  addChannel(channel: Channel) {
    const set = this.scopes.get(channel.scope) ?? new Set()
    set.add(channel)
    this.scopes.set(channel.scope, set)
    if (channel.holding) this.usage.hold(channel.holding)
  }

  removeChannel(channel: Channel) {
    this.presence.untrack(channel)
    const set = this.scopes.get(channel.scope)
    set?.delete(channel)
    if (set?.size === 0) this.scopes.delete(channel.scope)
    this.release(channel)
  }

  /** Gives back what a channel holds of its user's share (once). */
  release(channel: Channel) {
    if (channel.holding) this.usage.release(channel.holding)
    channel.holding = undefined
  }

  channelsIn(scope: string): Iterable<Channel> {
    return this.scopes.get(scope) ?? []
  }

  /**
   * A broadcast to every channel joined to `scope` (`public:room` or `private:room`) but `except`:
   * JSON as a broadcast event, bytes as a binary frame to the sockets that speak 2.0.0 (1.0.0 has
   * none). `meta` travels with a JSON broadcast, as Realtime sends an id it was given.
   */
  deliverBroadcast(scope: string, event: string, payload: unknown, except?: Channel, meta?: Record<string, unknown>) {
    for (const target of this.channelsIn(scope)) {
      if (target === except) continue
      if (Buffer.isBuffer(payload)) {
        if (target.connection.vsn === '2.0.0')
          target.connection.sendBinary(encodeBinaryBroadcast(target.topic, event, payload))
      } else
        target.connection.send({
          joinRef: null,
          ref: null,
          topic: target.topic,
          event: 'broadcast',
          payload: { type: 'broadcast', event, payload: payload ?? {}, ...(meta ? { meta } : {}) },
        })
    }
  }

  get connectionCount() {
    return this.connections.size
  }

  private async checkSessions() {
    for (const connection of this.connections)
      for (const channel of [...connection.channels.values()]) {
        if (!channel.sessionId) continue
        const live = await this.sessionLive(channel.sessionId).catch(() => true)
        if (!live) connection.shutdown(channel, 'Session from session_id claim in JWT does not exist')
      }
  }

  /** Closes every socket (1001, "going away"); clients reconnect and rejoin by themselves. */
  disconnectAll(reason: string) {
    for (const connection of [...this.connections]) connection.close(1001, reason)
  }

  close(): Promise<void> {
    this.closing ??= (async () => {
      if (this.sweep) clearInterval(this.sweep)
      this.disconnectAll('server shutting down')
      this.wss.close()
      await this.changes.stop()
    })()
    return this.closing
  }
}

/** Refuses an upgrade with Realtime's JSON error body. */
function refuse(socket: Duplex, status: number, error: string) {
  if (socket.destroyed) return
  const body = JSON.stringify({ error })
  const reason =
    {
      400: 'Bad Request',
      401: 'Unauthorized',
      404: 'Not Found',
      429: 'Too Many Requests',
      500: 'Internal Server Error',
    }[status] ?? 'Error'
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  )
}
