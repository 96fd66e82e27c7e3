// Signing and checking the HS256 JWTs that carry a request's role: access tokens, the anon and
// service-role keys, and signed storage URLs. Only HS256 is accepted (never `alg: none`).
import { SignJWT, jwtVerify, errors } from 'jose'
import type { DbRole } from '../db/request-context'

export type JwtPayload = Record<string, unknown> & { role?: string; sub?: string; exp?: number }

export type TokenCheck =
  | { ok: true; role: DbRole; claims: JwtPayload; token: string | null }
  | { ok: false; reason: 'invalid' | 'expired' | 'role' | 'revoked'; message: string }

const apiRoles: readonly DbRole[] = ['anon', 'authenticated', 'service_role']

/** Verified tokens kept at most; the oldest is dropped first. */
const maxCachedTokens = 10_000

export class JwtKeys {
  private readonly key: Uint8Array
  // A signature check costs more than the rest of a small REST read, and a client sends the same
  // access token for up to an hour: a verified token is remembered until it expires.
  private readonly verified = new Map<string, Readonly<JwtPayload>>()

  constructor(
    secret: string,
    /** Whether a user token's session still exists (lib/session-check.ts); without it, never asked. */
    private readonly sessionLive?: (sessionId: string) => Promise<boolean>,
  ) {
    this.key = new TextEncoder().encode(secret)
  }

  sign(payload: JwtPayload, expiresInSeconds?: number): Promise<string> {
    const jwt = new SignJWT(payload).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setIssuedAt()
    if (expiresInSeconds !== undefined) jwt.setExpirationTime(Math.floor(Date.now() / 1000) + expiresInSeconds)
    return jwt.sign(this.key)
  }

  async verify(
    token: string,
  ): Promise<{ ok: true; payload: JwtPayload } | { ok: false; reason: 'invalid' | 'expired'; message: string }> {
    const cached = this.verified.get(token)
    if (cached) {
      if (cached.exp === undefined || cached.exp > Date.now() / 1000) return { ok: true, payload: { ...cached } }
      this.verified.delete(token)
    }
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] })
      this.remember(token, payload as JwtPayload)
      return { ok: true, payload: { ...(payload as JwtPayload) } }
    } catch (error) {
      if (error instanceof errors.JWTExpired) return { ok: false, reason: 'expired', message: 'JWT expired' }
      return { ok: false, reason: 'invalid', message: 'invalid JWT: unable to parse or verify signature' }
    }
  }

  private remember(token: string, payload: JwtPayload) {
    if (this.verified.size >= maxCachedTokens) {
      const oldest = this.verified.keys().next().value
      if (oldest !== undefined) this.verified.delete(oldest)
    }
    this.verified.set(token, Object.freeze(payload))
  }

  /**
   * The role and claims of a request, from `Authorization: Bearer` or else the `apikey` header.
   * No token at all means anon, as PostgREST treats it.
   */
  async checkRequest(headers: { authorization?: string | null; apikey?: string | null }): Promise<TokenCheck> {
    const bearer = headers.authorization?.match(/^Bearer\s+(\S+)$/i)?.[1] ?? null
    const token = bearer ?? headers.apikey ?? null
    if (!token) return { ok: true, role: 'anon', claims: { role: 'anon' }, token: null }
    const result = await this.verify(token)
    if (!result.ok) return result
    const role = result.payload.role ?? 'anon'
    if (!apiRoles.includes(role as DbRole))
      return { ok: false, reason: 'role', message: `role "${role}" does not exist` }
    // A signed-out (revoked) session's tokens stop here, for every API that asks this.
    const sessionId = result.payload.session_id
    if (this.sessionLive && typeof sessionId === 'string' && sessionId !== '' && !(await this.sessionLive(sessionId)))
      return { ok: false, reason: 'revoked', message: 'Session from session_id claim in JWT does not exist' }
    return { ok: true, role: role as DbRole, claims: { ...result.payload, role }, token }
  }
}
