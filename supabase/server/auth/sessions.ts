// Sessions and their refresh tokens: a session per sign-in, a chain of opaque refresh tokens
// per session (each rotation revokes the parent), and the authentication methods (AMR) that
// decide the session's assurance level.
import { randomBytes, randomUUID } from 'node:crypto'
import type { Queryable } from '../db/database'

export type AuthMethod = 'password' | 'otp' | 'totp' | 'mfa/webauthn' | 'recovery' | 'invite'
export type Aal = 'aal1' | 'aal2'

export interface SessionRow {
  id: string
  user_id: string
  aal: Aal
  factor_id: string | null
  not_after: Date | string | null
}

export interface AmrEntry {
  method: string
  timestamp: number
}

function newRefreshToken(): string {
  return randomBytes(24).toString('base64url')
}

export async function insertRefreshToken(
  q: Queryable,
  session: { id: string; userId: string },
  parent: string | null,
  now: Date,
): Promise<string> {
  const token = newRefreshToken()
  await q.query(
    `insert into auth.refresh_tokens (token, user_id, session_id, parent, revoked, created_at, updated_at)
     values ($1, $2, $3, $4, false, $5, $5)`,
    [token, session.userId, session.id, parent, now],
  )
  return token
}

/** A new aal1 session for `userId`, signed in by `method`; returns it with its first refresh token. */
export async function createSession(
  q: Queryable,
  args: { userId: string; method: AuthMethod; now: Date; ip?: string; userAgent?: string },
): Promise<{ session: SessionRow; refreshToken: string }> {
  const id = randomUUID()
  await q.query(
    `insert into auth.sessions (id, user_id, created_at, updated_at, aal, ip, user_agent)
     values ($1, $2, $3, $3, 'aal1', $4, $5)`,
    [id, args.userId, args.now, args.ip ?? null, args.userAgent?.slice(0, 512) ?? null],
  )
  await recordAmr(q, id, args.method, args.now)
  const refreshToken = await insertRefreshToken(q, { id, userId: args.userId }, null, args.now)
  return { session: { id, user_id: args.userId, aal: 'aal1', factor_id: null, not_after: null }, refreshToken }
}

/** One entry per method per session; signing in again by the same method refreshes its time. */
export async function recordAmr(q: Queryable, sessionId: string, method: AuthMethod, now: Date): Promise<void> {
  await q.query(
    `insert into auth.mfa_amr_claims (session_id, authentication_method, created_at) values ($1, $2, $3)
     on conflict (session_id, authentication_method) do update set created_at = excluded.created_at`,
    [sessionId, method, now],
  )
}

export async function findSession(q: Queryable, id: string): Promise<SessionRow | undefined> {
  const { rows } = await q.query<SessionRow>(
    'select id, user_id, aal, factor_id, not_after from auth.sessions where id = $1',
    [id],
  )
  return rows[0]
}

/** The AMR claim, newest first, as GoTrue puts it in the access token. */
export async function amrOf(q: Queryable, sessionId: string): Promise<AmrEntry[]> {
  const { rows } = await q.query<{ authentication_method: string; created_at: Date | string }>(
    `select authentication_method, created_at from auth.mfa_amr_claims where session_id = $1
     order by created_at desc, authentication_method`,
    [sessionId],
  )
  return rows.map((row) => ({
    method: row.authentication_method,
    timestamp: Math.floor(new Date(row.created_at).getTime() / 1000),
  }))
}

/** Revokes the session's active token and issues its child (used after MFA and on refresh). */
export async function rotateActiveToken(
  q: Queryable,
  session: { id: string; userId: string },
  now: Date,
): Promise<string> {
  const { rows } = await q.query<{ token: string }>(
    `update auth.refresh_tokens set revoked = true, updated_at = $2
      where session_id = $1 and not revoked returning token`,
    [session.id, now],
  )
  return insertRefreshToken(q, session, rows[0]?.token ?? null, now)
}

export type LogoutScope = 'global' | 'local' | 'others'

export async function logout(
  q: Queryable,
  userId: string,
  sessionId: string | null,
  scope: LogoutScope,
): Promise<void> {
  if (scope === 'local' && sessionId) await q.query('delete from auth.sessions where id = $1', [sessionId])
  else if (scope === 'others' && sessionId)
    await q.query('delete from auth.sessions where user_id = $1 and id <> $2', [userId, sessionId])
  else if (scope !== 'others') await q.query('delete from auth.sessions where user_id = $1', [userId])
}
