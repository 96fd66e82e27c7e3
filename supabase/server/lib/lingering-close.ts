// A request refused before its body was read to the end (a body over its limit, a caller refused
// first) still gets its answer. Node closes such a connection once the answer is written (or
// @hono/node-server's clean-up does, half a second later); closing a socket while the client's
// bytes still arrive makes the kernel answer them with a reset, which can throw away the answer
// before the client has read it. So, as RFC 9112 §9.6 advises,
// the answer says `Connection: close`, the server half-closes after it, and keeps reading and
// discarding what the client still sends until the client stops, or for a bounded time and byte
// count (HTTP_LINGER_MS, HTTP_LINGER_MAX_BYTES), and only then closes.
import type { IncomingMessage } from 'node:http'
import type { Socket } from 'node:net'
import type { MiddlewareHandler } from 'hono'

export interface LingerSettings {
  /** Longest time the server keeps reading after answering, in ms (0: close at once). */
  maxMs: number
  /** Most bytes it reads and discards meanwhile. */
  maxBytes: number
}

const lingering = new WeakSet<Socket>()

/** First middleware of the app: marks and lingers every answer given over an unread body. */
export function closeAfterUnreadBody(settings: LingerSettings): MiddlewareHandler {
  return (c, next) => {
    const method = c.req.raw.method
    if (method === 'GET' || method === 'HEAD') return next()
    return next().then(() => {
      // @hono/node-server passes the Node request as `incoming`; in-process requests have none.
      const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming
      if (!incoming?.socket || incoming.complete) return
      try {
        c.res.headers.set('Connection', 'close')
      } catch {
        c.res = new Response(c.res.body, c.res)
        c.res.headers.set('Connection', 'close')
      }
      linger(incoming, incoming.socket, settings)
    })
  }
}

function linger(incoming: IncomingMessage, socket: Socket, { maxMs, maxBytes }: LingerSettings) {
  if (maxMs === 0 || lingering.has(socket)) return
  lingering.add(socket)
  let answered = false
  let clientDone = false
  let discarded = 0
  let deadline: NodeJS.Timeout | undefined
  const close = () => {
    clearTimeout(deadline)
    socket.destroy()
  }
  socket.once('close', () => clearTimeout(deadline))

  // Whatever half-read the body lets go of it: from now on it is read only to be thrown away.
  incoming.removeAllListeners('data')
  incoming.on('data', (chunk: Buffer) => {
    discarded += chunk.byteLength
    if (answered && discarded > maxBytes) close()
  })
  const finished = () => {
    clientDone = true
    if (answered) close()
  }
  incoming.once('end', finished)
  socket.once('end', finished)
  incoming.resume()

  // Node calls this once the answer is written, for an answer that closes the connection. The
  // bounds count from here: the socket closes once the client has stopped sending, or past them.
  socket.destroySoon = () => {
    if (answered) return
    answered = true
    socket.end()
    if (clientDone || discarded > maxBytes) return close()
    deadline = setTimeout(close, maxMs)
    deadline.unref()
  }
}
