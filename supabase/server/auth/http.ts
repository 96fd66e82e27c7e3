// Request helpers shared by the auth handlers: the JSON body (unknown fields ignored, as GoTrue
// does), typed field readers, the caller's IP and the redirect allow-list.
import type { Context } from 'hono'
import { errors } from './errors'

export type Body = Record<string, unknown>

const maxBodyBytes = 64 * 1024

export async function readBody(c: Context): Promise<Body> {
  const text = await c.req.text()
  if (text.length > maxBodyBytes) throw errors.bodyTooLarge()
  if (text.trim() === '') return {}
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch (error) {
    throw errors.badJson((error as Error).message)
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw errors.badJson('expected a JSON object')
  const problem = unstorable(parsed)
  if (problem) throw errors.validation(problem)
  return parsed as Body
}

const maxDepth = 32

/**
 * What PostgreSQL would refuse (and answer with an error we would have to call a 500): U+0000 in
 * text or jsonb, and absurdly deep nesting. Iterative, so a deep body cannot overflow our stack.
 */
function unstorable(root: unknown): string | undefined {
  const pending: [unknown, number][] = [[root, 0]]
  while (pending.length > 0) {
    const [value, depth] = pending.pop()!
    if (typeof value === 'string' && value.includes('\0')) return 'Text may not contain NUL characters'
    if (typeof value !== 'object' || value === null) continue
    if (depth >= maxDepth) return `JSON may not be nested more than ${maxDepth} levels deep`
    for (const [key, item] of Object.entries(value)) {
      if (key.includes('\0')) return 'Text may not contain NUL characters'
      pending.push([item, depth + 1])
    }
  }
  return undefined
}

/** A query parameter that may be stored or bound into SQL. */
export function textQuery(raw: string | undefined): string | undefined {
  if (raw?.includes('\0')) throw errors.validation('Text may not contain NUL characters')
  return raw
}

/** A string field, or undefined when absent/null; any other type is a 400. */
export function stringField(body: Body, name: string): string | undefined {
  const value = body[name]
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'string') throw errors.badJson(`"${name}" must be a string`)
  return value
}

export function booleanField(body: Body, name: string): boolean | undefined {
  const value = body[name]
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'boolean') throw errors.badJson(`"${name}" must be a boolean`)
  return value
}

export function objectField(body: Body, name: string): Body | undefined {
  const value = body[name]
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'object' || Array.isArray(value)) throw errors.badJson(`"${name}" must be a JSON object`)
  return value as Body
}

// The address syntax GoTrue accepts (its checkmail format check, plus a dot in the domain): the
// characters RFC 5322 allows unquoted in a local part, and a domain of LDH labels. `xx:;x@x.x` and `a b@c.d` are refused.
const emailPattern =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/

/** Lower-cased and trimmed, as GoTrue stores addresses; a malformed one is a 400. */
export function normalizeEmail(raw: string): string {
  const email = raw.trim().toLowerCase()
  if (email.length > 255 || !emailPattern.test(email)) throw errors.invalidEmail()
  return email
}

/** The body's `email`, normalized; `missing` is the endpoint's own error for a body without one. */
export function requiredEmail(body: Body, missing: () => Error): string {
  const raw = stringField(body, 'email')
  if (!raw) throw missing()
  return normalizeEmail(raw)
}

import { clientIp } from '../lib/client-ip'

export { clientIp }

/** `redirect_to` when it is on the site's own origin, else `fallback` (never an open redirect). */
export function allowedRedirect(siteOrigin: string, raw: string | undefined, fallback = `${siteOrigin}/`): string {
  if (raw) {
    try {
      const url = new URL(raw)
      if (url.origin === siteOrigin) return url.href
    } catch {
      // not a URL: use the fallback
    }
  }
  return fallback
}

/** Where a new session comes from, recorded on the session row. */
export function sessionOrigin(c: Context): { ip: string; userAgent?: string } {
  return { ip: clientIp(c), userAgent: c.req.header('user-agent') }
}
