// The refresh-token grant with rotation and reuse detection. supabase-js refreshes without a
// cross-tab lock, so a token that was just rotated must keep working: the parent of the active
// token, or any revoked token within the reuse window, gets the session's active token back.
// Anything older is treated as theft and ends the whole session.
import type { Queryable } from '../db/database'
import { nowOf, type AuthContext } from './context'
import { errors, type AuthError } from './errors'
import { stringField, type Body } from './http'
import { authPolicy } from './runtime'
import { insertRefreshToken, type SessionRow } from './sessions'
import { tokenResponse, type TokenResponse } from './tokens'
import { findUserById, isBanned } from './users'

interface TokenRow {
  token: string
  user_id: string
  session_id: string
  parent: string | null
  revoked: boolean
  updated_at: Date | string
}

const selectToken =
  'select token, user_id, session_id, parent, revoked, updated_at from auth.refresh_tokens where token = $1'

export async function refreshGrant(ctx: AuthContext, body: Body): Promise<TokenResponse> {
  const presented = stringField(body, 'refresh_token')
  if (!presented) throw errors.refreshTokenRequired()

  // Errors that must still commit (revoking a session) come back as values, not throws.
  const outcome = await ctx.deps.db.transaction(async (tx): Promise<TokenResponse | AuthError> => {
    const first = (await tx.query<TokenRow>(selectToken, [presented])).rows[0]
    if (!first) return errors.refreshTokenNotFound()
    // Refreshes of one session are serialised on its row; the token is re-read under that lock.
    const session = (
      await tx.query<SessionRow>(
        'select id, user_id, aal, factor_id, not_after from auth.sessions where id = $1 for update',
        [first.session_id],
      )
    ).rows[0]
    const row = (await tx.query<TokenRow>(selectToken, [presented])).rows[0]
    if (!session || !row) return errors.refreshTokenNotFound()

    const now = nowOf(ctx)
    const user = await findUserById(tx, row.user_id)
    if (!user || user.deleted_at) return errors.refreshTokenNotFound()
    if (isBanned(user, now.getTime())) return errors.userBanned('Invalid Refresh Token: User Banned')
    if (session.not_after && new Date(session.not_after).getTime() <= now.getTime()) return errors.sessionExpired()

    let issued: string
    if (row.revoked) {
      const active = await activeToken(tx, session.id)
      const revokedFor = now.getTime() - new Date(row.updated_at).getTime()
      if (!active || (active.parent !== row.token && revokedFor > authPolicy.refreshReuseSeconds * 1000)) {
        await tx.query('delete from auth.sessions where id = $1', [session.id])
        return errors.refreshTokenAlreadyUsed()
      }
      issued = active.token
    } else {
      await tx.query('update auth.refresh_tokens set revoked = true, updated_at = $2 where token = $1', [
        row.token,
        now,
      ])
      issued = await insertRefreshToken(tx, { id: session.id, userId: user.id }, row.token, now)
    }
    await tx.query('update auth.sessions set refreshed_at = $2, updated_at = $2 where id = $1', [session.id, now])
    return tokenResponse(ctx, tx, user, session, issued)
  })
  if (outcome instanceof Error) throw outcome
  return outcome
}

async function activeToken(q: Queryable, sessionId: string) {
  const { rows } = await q.query<{ token: string; parent: string | null }>(
    'select token, parent from auth.refresh_tokens where session_id = $1 and not revoked order by id desc limit 1',
    [sessionId],
  )
  return rows[0]
}
