// The Realtime amplification case of `npm run bench:realtime`: one confirmed account with no
// organization holds the most postgres_changes bindings the REALTIME_* limits allow (distinct
// filters that all hold, so none is skipped), staff write conversation messages, and another
// organization's client keeps reading over REST. Its latency, against a run without the attacker,
// says whether deciding one change for many subscribers can stall other tenants (target: p99
// under 100 ms). Two shapes: one token for every binding (they share one row-level-security
// check), and a token per channel (as many checks as the limits let one user have: the worst case).
import { performance } from 'node:perf_hooks'
import { decodeJwt, SignJWT } from 'jose'
import WebSocket from 'ws'
import { developmentKeys } from '../../supabase/server/lib/dev-keys'
import { readEnv } from '../../supabase/server/env'

const RIBERA_PROJECT = '1a000000-0000-4000-8000-000000000001'
const KUNTUR = '0b000000-0000-4000-8000-000000000001'
const demoPassword = 'demo-password-2026'
const RUN_MS = Number(process.env.BENCH_AMPLIFICATION_MS ?? 10_000)
const WARM_UP_MS = 3000
export const MESSAGE_EVERY_MS = 250
export const READERS = 2

export interface PhaseResult {
  phase: string
  /** Bindings the attacker held, channels, sockets, and row-level-security checks per change. */
  bindings: number
  channels: number
  sockets: number
  checksPerChange: number
  selects: number
  p50: number
  p99: number
  max: number
  failures: number
  messages: number
  /** Staff message → a staff subscriber has it (the change decided for everyone before it). */
  deliveryP50: number
  deliveryP99: number
  attackerDeliveries: number
  /** The join one binding past the user's share got. */
  oneMore: string
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** A raw V2 Realtime socket, as an attacker would hold one. */
class Socket {
  private ref = 0
  private readonly replies = new Map<string, (payload: { status: string; response: { reason?: string } }) => void>()
  readonly system: string[] = []
  readonly changes: unknown[] = []
  onChange?: (data: { record: Record<string, unknown> }) => void
  private readonly beat: NodeJS.Timeout

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (raw) => {
      const [, ref, , event, payload] = JSON.parse(String(raw)) as [unknown, string, string, string, never]
      if (event === 'phx_reply' && this.replies.has(ref)) {
        this.replies.get(ref)!(payload)
        this.replies.delete(ref)
      } else if (event === 'system') this.system.push((payload as { message: string }).message)
      else if (event === 'postgres_changes') {
        this.changes.push(payload)
        this.onChange?.((payload as { data: { record: Record<string, unknown> } }).data)
      }
    })
    this.beat = setInterval(() => this.send(null, 'phoenix', 'heartbeat', {}), 20_000)
  }

  static open(base: string): Promise<Socket> {
    const url = `${base.replace('http', 'ws')}/realtime/v1/websocket?apikey=${developmentKeys.anonKey}&vsn=2.0.0`
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url)
      ws.once('open', () => resolve(new Socket(ws)))
      ws.once('error', reject)
    })
  }

  private send(joinRef: string | null, topic: string, event: string, payload: unknown) {
    const ref = String(++this.ref)
    this.ws.send(JSON.stringify([event === 'phx_join' ? ref : joinRef, ref, topic, event, payload]))
    return ref
  }

  join(topic: string, token: string, bindings: unknown[]) {
    return new Promise<string>((resolve) => {
      const ref = this.send(null, `realtime:${topic}`, 'phx_join', {
        access_token: token,
        config: { postgres_changes: bindings },
      })
      this.replies.set(ref, (payload) => resolve(payload.status === 'ok' ? 'ok' : (payload.response.reason ?? '')))
    })
  }

  close() {
    clearInterval(this.beat)
    this.ws.close()
  }
}

async function signIn(base: string, email: string, password = demoPassword) {
  const response = await fetch(`${base}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: developmentKeys.anonKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  })
  if (!response.ok) throw new Error(`sign-in of ${email}: ${response.status} ${await response.text()}`)
  return ((await response.json()) as { access_token: string }).access_token
}

/** A confirmed account with no organization, as anyone who signs up and confirms has. */
async function attackerToken(base: string) {
  const email = `amplifier-${Date.now()}@example.com`
  const password = 'an-attacker-password-2026'
  const response = await fetch(`${base}/auth/v1/admin/users`, {
    method: 'POST',
    headers: {
      apikey: developmentKeys.serviceRoleKey,
      Authorization: `Bearer ${developmentKeys.serviceRoleKey}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify({ email, password, email_confirm: true }),
  })
  if (!response.ok) throw new Error(`creating the attacker: ${response.status} ${await response.text()}`)
  return signIn(base, email, password)
}

/**
 * `count` tokens of the same user and session with distinct claims, as that many refresh grants
 * would give (each its own `exp`): each is its own identity for the row-level-security check.
 */
async function distinctTokens(token: string, count: number) {
  const claims = decodeJwt(token)
  const key = new TextEncoder().encode(developmentKeys.jwtSecret)
  return Promise.all(
    Array.from({ length: count }, (_, i) =>
      new SignJWT({ ...claims, exp: Number(claims.exp) + i + 1 })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .sign(key),
    ),
  )
}

/** Filters on ids no row has (`id=neq.…`): all of them hold for every message, none is skipped. */
const bindings = (count: number, group: number) =>
  Array.from({ length: count }, (_, i) => ({
    event: '*',
    schema: 'public',
    table: 'conversation_messages',
    filter: `id=neq.${String(group).padStart(8, '0')}-0000-4000-8000-${String(i).padStart(12, '0')}`,
  }))

interface Shape {
  phase: string
  sockets: number
  /** Bindings per channel, and channels per socket. */
  perChannel: number
  channelsPerSocket: number
  tokenPerChannel: boolean
}

/** Runs the three phases against a running server at `base`. */
export async function amplificationPhases(base: string, log: (line: string) => void): Promise<PhaseResult[]> {
  const limits = readEnv({})
  const perUser = limits.REALTIME_MAX_BINDINGS_PER_USER
  const perChannel = limits.REALTIME_MAX_BINDINGS_PER_CHANNEL
  const sockets = limits.REALTIME_MAX_CONNECTIONS_PER_USER
  const shapes: Shape[] = [
    { phase: 'no attacker', sockets: 0, perChannel: 0, channelsPerSocket: 0, tokenPerChannel: false },
    {
      phase: 'one token, bindings of the channel limit',
      sockets: 2,
      perChannel,
      channelsPerSocket: Math.ceil(perUser / perChannel / 2),
      tokenPerChannel: false,
    },
    {
      phase: 'a token per channel, one binding each',
      sockets,
      perChannel: 1,
      channelsPerSocket: Math.ceil(perUser / sockets),
      tokenPerChannel: true,
    },
  ]
  const staff = await signIn(base, 'admin@caucedata.com')
  const other = await signIn(base, 'daniel.ortega@example.com')
  const attacker = await attackerToken(base)
  // The first requests of a fresh server compile and cache (plans, prepared statements, JIT):
  // a warm-up like the runs, not counted.
  await phase(base, { ...shapes[0]!, phase: 'warm-up' }, perUser, { staff, other, attacker }, WARM_UP_MS)
  const results: PhaseResult[] = []
  for (const shape of shapes) {
    log(`  ${shape.phase}`)
    results.push(await phase(base, shape, perUser, { staff, other, attacker }))
  }
  return results
}

async function phase(
  base: string,
  shape: Shape,
  perUser: number,
  tokens: { staff: string; other: string; attacker: string },
  runMs = RUN_MS,
): Promise<PhaseResult> {
  const opened: Socket[] = []
  try {
    // The staff member's own subscriber: when it has a message, every check of that change is done.
    const witness = await Socket.open(base)
    opened.push(witness)
    const sent = new Map<string, number>()
    const delivery: number[] = []
    witness.onChange = (data) => {
      const at = sent.get(String(data.record.body))
      if (at !== undefined) delivery.push(performance.now() - at)
    }
    if ((await witness.join('witness', tokens.staff, [bindings(1, 0)[0]!])) !== 'ok') throw new Error('witness')

    const attackers = await Promise.all(Array.from({ length: shape.sockets }, () => Socket.open(base)))
    opened.push(...attackers)
    const channels = Math.min(
      shape.sockets * shape.channelsPerSocket,
      Math.floor(perUser / Math.max(shape.perChannel, 1)),
    )
    const channelTokens = shape.tokenPerChannel
      ? await distinctTokens(tokens.attacker, channels)
      : Array(channels).fill(tokens.attacker)
    const joins = await Promise.all(
      Array.from({ length: channels }, (_, i) =>
        attackers[i % shape.sockets]!.join(`amplifier-${i}`, channelTokens[i]!, bindings(shape.perChannel, i + 1)),
      ),
    )
    const refusedJoins = joins.filter((answer) => answer !== 'ok')
    if (refusedJoins.length) throw new Error(`attacker joins refused: ${refusedJoins[0]}`)
    const subscribed = () => attackers.reduce((sum, socket) => sum + socket.system.length, 0)
    for (const deadline = Date.now() + 60_000; subscribed() < channels && Date.now() < deadline;) await sleep(50)
    const failed = attackers.flatMap((socket) => socket.system).filter((m) => m !== 'Subscribed to PostgreSQL')
    if (subscribed() < channels || failed.length) throw new Error(`attacker not subscribed: ${failed[0] ?? 'timeout'}`)
    const oneMore = attackers.length ? await attackers[0]!.join('one-more', tokens.attacker, bindings(1, 9999)) : '—'

    // Other tenants read while staff write.
    const latencies: number[] = []
    let failures = 0
    let messages = 0
    const until = performance.now() + runMs
    const read = async () => {
      while (performance.now() < until) {
        const t0 = performance.now()
        const response = await fetch(`${base}/rest/v1/projects?select=id,name,organization_id`, {
          headers: { apikey: developmentKeys.anonKey, Authorization: `Bearer ${tokens.other}` },
        })
        const rows = (await response.json()) as { organization_id: string }[]
        latencies.push(performance.now() - t0)
        if (!response.ok || !rows.length || rows.some((row) => row.organization_id !== KUNTUR)) failures++
      }
    }
    const write = async () => {
      while (performance.now() < until) {
        const body = `Staff message ${shape.phase} ${++messages}`
        sent.set(body, performance.now())
        const response = await fetch(`${base}/rest/v1/conversation_messages`, {
          method: 'POST',
          headers: {
            apikey: developmentKeys.anonKey,
            Authorization: `Bearer ${tokens.staff}`,
            'Content-Type': 'application/json',
            Prefer: 'return=minimal',
          },
          body: JSON.stringify({ project_id: RIBERA_PROJECT, body }),
        })
        if (!response.ok) throw new Error(`staff message: ${response.status} ${await response.text()}`)
        await sleep(MESSAGE_EVERY_MS)
      }
    }
    await Promise.all([write(), ...Array.from({ length: READERS }, read)])
    for (const deadline = Date.now() + 10_000; delivery.length < messages && Date.now() < deadline;) await sleep(50)
    return {
      phase: shape.phase,
      bindings: channels * shape.perChannel,
      channels,
      sockets: shape.sockets,
      checksPerChange: shape.sockets === 0 ? 0 : shape.tokenPerChannel ? channels : 1,
      selects: latencies.length,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      max: Math.max(...latencies),
      failures,
      messages,
      deliveryP50: percentile(delivery, 50),
      deliveryP99: percentile(delivery, 99),
      attackerDeliveries: attackers.reduce((sum, socket) => sum + socket.changes.length, 0),
      oneMore,
    }
  } finally {
    for (const socket of opened) socket.close()
    // Closed sockets give the user's share back before the next phase joins.
    await sleep(500)
  }
}
