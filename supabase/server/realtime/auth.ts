// Checking the tokens a Realtime socket and its channels carry, with Realtime's own messages
// (reference §2.2, §7.2, §8): an access token or API key as every API checks it (lib/jwt.ts: a
// URL token never joins), with `role` and `exp`, an API role, and, for a user's token, a session
// (or an open preview) that still exists (the revocation REST and Storage follow too).
import { decodeJwt } from 'jose'
import type { DbRole } from '../db/request-context'
import type { JwtKeys, JwtPayload } from '../lib/jwt'
import { livenessKey } from '../lib/view-as'

export type TokenResult =
  | { ok: true; role: DbRole; claims: JwtPayload; exp: number; sessionId: string | null }
  | { ok: false; code: string; message: string; status: number }

const apiRoles = new Set<string>(['anon', 'authenticated', 'service_role'])

export async function checkToken(
  keys: JwtKeys,
  sessionLive: (sessionId: string) => Promise<boolean>,
  token: string,
): Promise<TokenResult> {
  let decoded: JwtPayload
  try {
    decoded = decodeJwt(token) as JwtPayload
  } catch {
    return { ok: false, code: 'MalformedJWT', message: 'The token provided is not a valid JWT', status: 401 }
  }
  const verified = await keys.verify(token)
  if (!verified.ok) {
    if (verified.reason === 'expired') {
      const ago = typeof decoded.exp === 'number' ? Math.max(0, Math.round(Date.now() / 1000 - decoded.exp)) : 0
      return { ok: false, code: 'InvalidJWTToken', message: `Token has expired ${ago} seconds ago`, status: 401 }
    }
    return { ok: false, code: 'JwtSignatureError', message: 'Failed to validate JWT signature', status: 401 }
  }
  const { role, exp } = verified.payload
  if (typeof role !== 'string' || typeof exp !== 'number')
    return { ok: false, code: 'InvalidJWTToken', message: 'Fields `role` and `exp` are required in JWT', status: 401 }
  if (!apiRoles.has(role))
    return { ok: false, code: 'InvalidJWTToken', message: `Role "${role}" is not allowed`, status: 401 }
  const sessionId = livenessKey(verified.payload)
  if (sessionId !== null && !(await sessionLive(sessionId)))
    return {
      ok: false,
      code: 'InvalidJWTToken',
      message: 'Session from session_id claim in JWT does not exist',
      status: 401,
    }
  return { ok: true, role: role as DbRole, claims: verified.payload, exp, sessionId }
}
