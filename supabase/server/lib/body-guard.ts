// Request bodies counted while they stream in, before any handler buffers or parses them, and
// before the caller is identified: a body over the limit is refused as soon as its bytes pass the
// limit (or at once, when Content-Length says so), so memory stays flat whatever is sent. What
// passes is handed on as bytes already read, at most `maxBytes` of them.
import type { Context, MiddlewareHandler, Next } from 'hono'
import { jsonNestsDeeperThan } from './json-depth'

export interface BodyGuardOptions {
  maxBytes: number
  /** The API's own 413, in its own error shape. */
  tooLarge: (c: Context) => Response | Promise<Response>
  /** Also refuse JSON bodies nested deeper than `maxDepth`, with the API's own 400. */
  json?: { maxDepth: number; tooDeep: (c: Context) => Response | Promise<Response> }
}

const isJson = (contentType: string | null) => contentType === null || /[/+]json\s*(;|$)/i.test(contentType)

async function readUpTo(body: ReadableStream<Uint8Array>, maxBytes: number): Promise<Buffer<ArrayBuffer> | undefined> {
  const reader = body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > maxBytes) {
      // Stop reading: the rest is never buffered (the connection drops what is still arriving).
      await reader.cancel().catch(() => undefined)
      return undefined
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks, size)
}

export function bodyGuard(options: BodyGuardOptions): MiddlewareHandler {
  // Not async itself: a GET, most API traffic, passes straight on without a promise of its own.
  return (c, next) => {
    const raw = c.req.raw
    // The method first: on @hono/node-server, reading `body` turns the request's light wrapper into a
    // full Request (tens of µs), which a GET never needs.
    if (raw.method === 'GET' || raw.method === 'HEAD' || !raw.body) return next()
    return guard(c, next, raw, raw.body, options)
  }
}

/** A request with a body: counted as it streams in, refused past the limit, handed on as bytes. */
async function guard(
  c: Context,
  next: Next,
  raw: Request,
  body: ReadableStream<Uint8Array>,
  options: BodyGuardOptions,
) {
  const declared = Number(raw.headers.get('content-length') ?? NaN)
  if (declared > options.maxBytes) return options.tooLarge(c)
  let bytes: Buffer<ArrayBuffer> | undefined
  try {
    bytes = await readUpTo(body, options.maxBytes)
  } catch {
    // The client went away mid-body: nothing to answer to, but never a 500 in the logs.
    return new Response(null, { status: 400 })
  }
  if (!bytes) return options.tooLarge(c)
  if (options.json && isJson(raw.headers.get('content-type'))) {
    if (jsonNestsDeeperThan(bytes.toString('utf8'), options.json.maxDepth)) return options.json.tooDeep(c)
  }
  c.req.raw = new Request(raw, { body: bytes })
  return next()
}
