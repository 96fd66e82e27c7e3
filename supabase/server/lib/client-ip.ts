// The caller's IP address, worked out once per request for rate limits and session records.
// X-Forwarded-For is believed only behind a proxy we trust (TRUST_PROXY), and then only its
// last entry, the one our proxy added; without that a client could claim any address.
import type { Context, MiddlewareHandler } from 'hono'

function socketAddress(c: Context): string {
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming
  return incoming?.socket?.remoteAddress ?? 'unknown'
}

/** The address from a request's X-Forwarded-For (trusted only behind our proxy) or its socket. */
export function pickClientIp(forwardedFor: string | undefined, socket: string | undefined, trustProxy: boolean) {
  if (trustProxy) {
    const hops = (forwardedFor ?? '')
      .split(',')
      .map((hop) => hop.trim())
      .filter(Boolean)
    const nearest = hops[hops.length - 1]
    if (nearest) return nearest
  }
  return socket ?? 'unknown'
}

export function resolveClientIp(c: Context, trustProxy: boolean): string {
  return pickClientIp(c.req.header('x-forwarded-for'), socketAddress(c), trustProxy)
}

export function clientIpMiddleware(trustProxy: boolean): MiddlewareHandler {
  return async (c, next) => {
    c.set('clientIp' as never, resolveClientIp(c, trustProxy) as never)
    await next()
  }
}

export function clientIp(c: Context): string {
  return (c.get('clientIp' as never) as string | undefined) ?? socketAddress(c)
}
