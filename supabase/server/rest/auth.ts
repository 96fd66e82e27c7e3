// Who is calling: the role and claims from the request's JWT (Authorization, else apikey), or the
// PostgREST error for a token that is malformed, badly signed, expired or names an unknown role.
import type { DbRole } from '../db/request-context'
import type { JwtKeys } from '../lib/jwt'
import { restErrors } from './errors'

export interface Caller {
  role: DbRole
  claims: Record<string, unknown>
  /** A JWT with a role other than anon: PostgREST answers 403 (not 401) to its permission errors. */
  authed: boolean
}

export async function identifyCaller(
  keys: JwtKeys,
  authorization: string | undefined,
  apikey: string | undefined,
): Promise<Caller> {
  const check = await keys.checkRequest({ authorization, apikey })
  if (check.ok) return { role: check.role, claims: check.claims, authed: check.role !== 'anon' }
  if (check.reason === 'expired') throw restErrors.jwtClaims('JWT expired')
  if (check.reason === 'revoked') throw restErrors.jwtClaims('JWT session has ended')
  if (check.reason === 'role') throw restErrors.unknownRole(check.message)
  const token = authorization?.match(/^Bearer\s+(\S+)$/i)?.[1] ?? apikey ?? ''
  const parts = token.split('.').length
  throw restErrors.jwtInvalid(
    parts === 3 ? 'JWT cryptographic operation failed' : `Expected 3 parts in JWT; got ${parts}`,
  )
}
