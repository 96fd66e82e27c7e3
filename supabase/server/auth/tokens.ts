// Access tokens (HS256 JWTs with GoTrue's claims) and the token response every successful
// sign-in, refresh, verify and MFA step returns.
import type { Context } from 'hono'
import type { Queryable } from '../db/database'
import type { AuthContext } from './context'
import { sessionOrigin } from './http'
import { amrOf, createSession, type AuthMethod, type SessionRow } from './sessions'
import { findUserById, type Json, type UserRow } from './users'
import { userJson } from './user-json'

export interface TokenResponse {
  access_token: string
  token_type: 'bearer'
  expires_in: number
  expires_at: number
  refresh_token: string
  user: Json
  weak_password?: { message: string; reasons: string[] }
}

export async function accessToken(ctx: AuthContext, q: Queryable, user: UserRow, session: SessionRow) {
  const now = Math.floor(ctx.runtime.clock.now() / 1000)
  const expiresIn = ctx.deps.env.JWT_EXPIRY
  const amr = await amrOf(q, session.id)
  const token = await ctx.deps.keys.sign({
    aud: user.aud ?? 'authenticated',
    iat: now,
    exp: now + expiresIn,
    iss: `${ctx.deps.apiOrigin}/auth/v1`,
    sub: user.id,
    email: user.email ?? '',
    phone: user.phone ?? '',
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    role: user.role ?? 'authenticated',
    aal: session.aal,
    amr,
    session_id: session.id,
    is_anonymous: user.is_anonymous,
  })
  return { token, expiresIn, expiresAt: now + expiresIn }
}

export async function tokenResponse(
  ctx: AuthContext,
  q: Queryable,
  user: UserRow,
  session: SessionRow,
  refreshToken: string,
): Promise<TokenResponse> {
  const { token, expiresIn, expiresAt } = await accessToken(ctx, q, user, session)
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: expiresIn,
    expires_at: expiresAt,
    refresh_token: refreshToken,
    user: await userJson(q, user),
  }
}

/** Signs `user` in: a new session by `method`, and the token response with the user as now stored. */
export async function signInResponse(
  ctx: AuthContext,
  c: Context,
  q: Queryable,
  user: UserRow,
  method: AuthMethod,
  now: Date,
): Promise<TokenResponse> {
  const { session, refreshToken } = await createSession(q, { userId: user.id, method, now, ...sessionOrigin(c) })
  const current = (await findUserById(q, user.id)) ?? user
  return tokenResponse(ctx, q, current, session, refreshToken)
}
