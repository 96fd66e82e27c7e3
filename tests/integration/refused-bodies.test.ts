// Beside the hostile-input catalogue, over a real connection: a client that streams an endless
// (200 MiB, chunked) body to an API is refused while it streams, and must read that API's own
// refusal every time, never a connection reset (security issue 7). The server answers, says the
// connection will close, and only then stops reading (lib/lingering-close.ts). 20 tries in a row
// per API, with a raw client on node:net that generates the body lazily at a network's pace, stops
// sending once it has read the answer, and reads it 0 to 750 ms late, as a client far away or busy
// does: the server must not have closed on it meanwhile.
import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from './support/server'
import { organizations, projects, users } from './rls/seed-ids'

const mib = 1024 * 1024
const endlessBytes = 200 * mib
const tries = 20
/** One try may take this long at most: the refusal comes within the first few MiB. */
const tryTimeoutMs = 10_000

type Outcome =
  | { kind: 'answer'; status: number; headers: Record<string, string>; body: string; sentBytes: number }
  | { kind: 'failure'; error: string; sentBytes: number; received: string; ms: number }

interface Client {
  /** When it starts reading (Infinity: never). */
  readAfterMs: number
  /** Pause between two 64 KiB chunks; 0 sends as fast as the socket takes them. */
  paceMs: number
}

interface Answer {
  status: number
  headers: Record<string, string>
  body: Buffer
}

/** The answer in `data` once it is whole (Content-Length or chunked), else undefined. */
function completeAnswer(data: Buffer, ended: boolean): Answer | undefined {
  const headEnd = data.indexOf('\r\n\r\n')
  if (headEnd < 0) return undefined
  const [statusLine, ...lines] = data.subarray(0, headEnd).toString('latin1').split('\r\n')
  const headers = Object.fromEntries(
    lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
  )
  const status = Number(statusLine?.split(' ')[1])
  let rest = data.subarray(headEnd + 4)
  if (headers['content-length'] !== undefined) {
    const length = Number(headers['content-length'])
    return rest.length >= length ? { status, headers, body: rest.subarray(0, length) } : undefined
  }
  if (headers['transfer-encoding'] === 'chunked') {
    const parts: Buffer[] = []
    for (;;) {
      const lineEnd = rest.indexOf('\r\n')
      if (lineEnd < 0) return undefined
      const size = parseInt(rest.subarray(0, lineEnd).toString('latin1'), 16)
      if (size === 0) return { status, headers, body: Buffer.concat(parts) }
      if (rest.length < lineEnd + 2 + size + 2) return undefined
      parts.push(rest.subarray(lineEnd + 2, lineEnd + 2 + size))
      rest = rest.subarray(lineEnd + 2 + size + 2)
    }
  }
  return ended ? { status, headers, body: rest } : undefined
}

/**
 * POSTs a chunked body of up to 200 MiB, produced 64 KiB at a time as the socket drains; it starts
 * reading `readAfterMs` late, and stops sending as soon as it has read the start of the answer.
 */
function streamEndlessBody(base: string, path: string, headers: Record<string, string>, client: Client) {
  return new Promise<Outcome>((resolve) => {
    const started = Date.now()
    const url = new URL(base)
    const socket = connect(Number(url.port), url.hostname)
    const payload = Buffer.alloc(64 * 1024, 'x')
    const chunk = Buffer.concat([Buffer.from(`${payload.byteLength.toString(16)}\r\n`), payload, Buffer.from('\r\n')])
    let received = Buffer.alloc(0)
    let sentBytes = 0
    let settled = false
    const settle = (outcome: Outcome) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      clearTimeout(pacer)
      resolve(outcome)
      socket.destroy()
    }
    const fail = (error: string) =>
      settle({
        kind: 'failure',
        error,
        sentBytes,
        received: received.subarray(0, 200).toString('latin1'),
        ms: Date.now() - started,
      })
    const timer = setTimeout(() => fail('timed out'), tryTimeoutMs)
    const check = (ended: boolean) => {
      const answer = completeAnswer(received, ended)
      if (answer) settle({ kind: 'answer', ...answer, body: answer.body.toString('utf8'), sentBytes })
      else if (ended) fail('closed before the whole answer')
    }
    socket.pause()
    if (client.readAfterMs !== Infinity) setTimeout(() => socket.resume(), client.readAfterMs)
    socket.on('data', (data: Buffer) => {
      received = Buffer.concat([received, data])
      check(false)
    })
    socket.on('end', () => check(true))
    socket.on('error', (error: Error & { code?: string }) => fail(error.code ?? error.message))
    const head = Object.entries({ ...headers, host: url.host, 'transfer-encoding': 'chunked' })
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('')
    socket.write(`POST ${path} HTTP/1.1\r\n${head}\r\n`)
    const pump = () => {
      if (settled || received.length > 0) return
      if (sentBytes >= endlessBytes) return void socket.write('0\r\n\r\n')
      sentBytes += payload.byteLength
      if (socket.write(chunk)) pacer = setTimeout(pump, client.paceMs)
      else socket.once('drain', () => (pacer = setTimeout(pump, client.paceMs)))
    }
    let pacer = setTimeout(pump, 0)
  })
}

// The refusal happens in the HTTP layer before any query: one database is enough.
describe('refused bodies over a real connection', () => {
  let server: TestServer
  let base: string
  let token: string
  beforeAll(async () => {
    // Uploads are refused past this (a setting); the default's 50 MiB would only make the test slower.
    server = await startTestServer('pglite', { STORAGE_MAX_UPLOAD_BYTES: String(2 * mib) })
    base = await server.listen()
    token = await server.deps.keys.sign({ sub: users.lucia, role: 'authenticated', aud: 'authenticated' }, 3600)
  })
  afterAll(() => server.close())

  const apis = [
    {
      api: 'auth',
      path: '/auth/v1/signup',
      status: 413,
      answer: { code: 'request_too_large', error_code: 'request_too_large', message: 'Request body too large' },
    },
    {
      api: 'rest',
      path: '/rest/v1/contact_messages',
      status: 413,
      answer: { code: 'PGRST102', message: 'Request body too large' },
    },
    {
      api: 'storage',
      path: `/storage/v1/object/documents/${organizations.ribera}/${projects.riberaDashboard}/endless.pdf`,
      signedIn: true,
      contentType: 'application/pdf',
      status: 400, // Supabase Storage: HTTP 400, statusCode "413" in the body
      answer: { statusCode: '413', error: 'Payload too large' },
    },
    {
      api: 'functions',
      path: '/functions/v1/admin-users',
      signedIn: true,
      status: 413,
      answer: { error: { code: 'too_large', message: 'Request body too large' } },
    },
  ]

  it.each(apis)(
    `$api: a 200 MiB chunked body, ${tries} times in a row, always gets the API's own refusal`,
    async ({ path, signedIn, contentType, status, answer }) => {
      const headers = {
        apikey: server.anonKey,
        authorization: `Bearer ${signedIn ? token : server.anonKey}`,
        'content-type': contentType ?? 'application/json',
      }
      const outcomes: Outcome[] = []
      // 64 KiB every 2 ms: an upload of about 32 MiB/s, fast for a network and slow for loopback.
      for (let attempt = 0; attempt < tries; attempt++)
        outcomes.push(await streamEndlessBody(base, path, headers, { readAfterMs: (attempt % 4) * 250, paceMs: 2 }))
      const failures = outcomes.filter((outcome) => outcome.kind === 'failure')
      expect(failures, JSON.stringify(failures)).toEqual([])
      for (const outcome of outcomes) {
        if (outcome.kind !== 'answer') continue
        expect(outcome.status).toBe(status)
        expect(outcome.headers.connection).toBe('close')
        expect(JSON.parse(outcome.body)).toMatchObject(answer)
        // Refused while it streamed: the client stopped long before the end of its body.
        expect(outcome.sentBytes).toBeLessThan(endlessBytes / 2)
      }
    },
    tries * tryTimeoutMs,
  )
})

describe('reading after a refusal is bounded', () => {
  let server: TestServer
  let base: string
  beforeAll(async () => {
    server = await startTestServer('pglite', { HTTP_LINGER_MS: '1500', HTTP_LINGER_MAX_BYTES: String(2 * mib) })
    base = await server.listen()
  })
  afterAll(() => server.close())

  const headers = () => ({ apikey: server.anonKey, authorization: `Bearer ${server.anonKey}` })

  it('closes on a client that never reads its answer after HTTP_LINGER_MS', async () => {
    const outcome = await streamEndlessBody(base, '/auth/v1/signup', headers(), {
      readAfterMs: Infinity,
      paceMs: 100,
    })
    expect(outcome).toMatchObject({ kind: 'failure', error: expect.stringMatching(/^(EPIPE|ECONNRESET)$/) })
    // About 0.6 MiB/s for 1.5 s: the byte bound is never reached, the time bound ends it.
    expect(outcome.kind === 'failure' && outcome.ms).toBeGreaterThanOrEqual(1500)
    expect(outcome.kind === 'failure' && outcome.ms).toBeLessThan(5000)
  })

  it('closes on a client that sends as fast as it can past HTTP_LINGER_MAX_BYTES', async () => {
    const outcome = await streamEndlessBody(base, '/auth/v1/signup', headers(), { readAfterMs: Infinity, paceMs: 0 })
    expect(outcome).toMatchObject({ kind: 'failure', error: expect.stringMatching(/^(EPIPE|ECONNRESET)$/) })
    // Cut off well before the time bound: it is the 2 MiB that ended it.
    expect(outcome.kind === 'failure' && outcome.ms).toBeLessThan(1500)
    expect(outcome.sentBytes).toBeLessThan(endlessBytes / 4)
  })
})
