// Route guards: a signed-in user (Bearer access token whose user and session still exist), the
// service role (admin API), and the per-IP rate limits. Each fails with GoTrue's exact error.
import { decodeProtectedHeader } from 'jose'
import type { Context, MiddlewareHandler } from 'hono'
import type { JwtPayload } from '../lib/jwt'
import { isViewAs } from '../lib/view-as'
import { nowOf, type AuthContext, type AuthEnv } from './context'
import { AuthError, errors } from './errors'
import { clientIp } from './http'
import { isUuid } from '../../functions/_shared/uuid.ts'
import type { RateLimits } from './runtime'
import { findSession } from './sessions'
import { findUserById } from './users'

function bearerOf(c: Context): string {
  const token = c.req.header('authorization')?.match(/^Bearer\s+(\S+)\s*$/i)?.[1]
  if (!token) throw errors.noAuthorization()
  return token
}

/** Why a token failed, in golang-jwt's words (what GoTrue appends to its message). */
function failureReason(token: string, reason: 'invalid' | 'expired', unknownKey: boolean): string {
  if (reason === 'expired') return 'token has invalid claims: token is expired'
  let alg: string | undefined
  try {
    alg = decodeProtectedHeader(token).alg
  } catch {
    return 'token is malformed: could not base64 decode header'
  }
  if (!alg || alg.toLowerCase() === 'none') return "token is unverifiable: 'none' signature type is not allowed"
  if (!['HS256', 'ES256', 'RS256'].includes(alg)) return `token signature is invalid: signing method ${alg} is invalid`
  if (unknownKey) return 'token is unverifiable: error while executing keyfunc: invalid kid'
  return 'token signature is invalid: signature is invalid'
}

async function verifiedClaims(ctx: AuthContext, c: Context): Promise<JwtPayload> {
  const token = bearerOf(c)
  const result = await ctx.deps.keys.verify(token)
  if (!result.ok) throw errors.badJwt(failureReason(token, result.reason, ctx.deps.keys.unknownKey(token)))
  return result.payload
}

export function requireUser(ctx: AuthContext): MiddlewareHandler<AuthEnv> {
  return async (c, next) => {
    const claims = await verifiedClaims(ctx, c)
    if (typeof claims.sub !== 'string' || claims.sub === '') throw errors.badClaim('invalid claim: missing sub claim')
    if (!isUuid(claims.sub)) throw errors.validation('invalid claim: sub claim must be a UUID')
    if (claims.role !== 'authenticated')
      throw errors.badClaim(`invalid claim: role "${String(claims.role)}" is not a signed-in user`)
    const user = await findUserById(ctx.deps.db, claims.sub)
    if (!user || user.deleted_at) throw errors.jwtUserNotFound()
    let session = null
    if (claims.session_id !== undefined && claims.session_id !== null && claims.session_id !== '') {
      session = isUuid(String(claims.session_id))
        ? await findSession(ctx.deps.db, String(claims.session_id))
        : undefined
      // A preview token (view as client, 0022) lives on the staff member's session.
      const owner = isViewAs(claims) ? claims.view_as : user.id
      if (!session || session.user_id !== owner) throw errors.jwtSessionNotFound()
      if (session.not_after && new Date(session.not_after).getTime() <= nowOf(ctx).getTime())
        throw errors.jwtSessionNotFound()
    }
    // A preview left by its staff member ends with the same bound as a signed-out session.
    if (isViewAs(claims) && !(await ctx.deps.keys.isLive(claims))) throw errors.jwtSessionNotFound()
    c.set('caller', { user, session, claims })
    await next()
  }
}

const adminRoles = new Set(['service_role', 'supabase_admin'])

export function requireAdmin(ctx: AuthContext): MiddlewareHandler {
  return async (c, next) => {
    const claims = await verifiedClaims(ctx, c)
    if (typeof claims.role !== 'string' || !adminRoles.has(claims.role)) throw errors.notAdmin()
    await next()
  }
}

/** Counts the request against the caller's IP; `error` is the 429 to answer once over. */
export function rateLimit(ctx: AuthContext, bucket: keyof RateLimits, error: () => AuthError): MiddlewareHandler {
  return async (c, next) => {
    checkRateLimit(ctx, c, bucket, error)
    await next()
  }
}

export function checkRateLimit(ctx: AuthContext, c: Context, bucket: keyof RateLimits, error: () => AuthError): void {
  if (!ctx.runtime.limiter.take(`${bucket}:${clientIp(c)}`, ctx.runtime.limits[bucket])) throw error()
}
