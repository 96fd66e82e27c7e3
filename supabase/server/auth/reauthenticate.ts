// Re-authentication before a sensitive change, as GoTrue does it: GET /reauthenticate mails a
// six-digit code (the `nonce`), and PUT /user accepts a new password only with that nonce or the
// current password (see user.ts). Only the code's hash is stored, bound to its user, so a copy
// of the database reveals no codes and two users' equal codes cannot collide.
import { createHash, randomInt } from 'node:crypto'
import type { Handler } from 'hono'
import type { Queryable } from '../db/database'
import { nowOf, type AuthContext, type AuthEnv } from './context'
import { AuthError, errors } from './errors'
import { authPolicy } from './runtime'
import { sendAuthEmail } from './email-hook'
import { findUserById } from './users'

const tokenType = 'reauthentication_token'
const digest = (userId: string, code: string) => createHash('sha256').update(`${userId}:${code}`).digest('hex')

export function reauthenticate(ctx: AuthContext): Handler<AuthEnv> {
  return async (c) => {
    const { user } = c.get('caller')
    if (!user.email) throw errors.validation('Reauthentication requires the user to have an email or a phone number')
    if (!user.email_confirmed_at) throw new AuthError(422, 'email_not_confirmed', 'Please verify your email first.')
    const now = nowOf(ctx)
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0')

    await ctx.deps.db.transaction(async (tx) => {
      const current = await findUserById(tx, user.id, true)
      const lastSent = current?.reauthentication_sent_at ? new Date(current.reauthentication_sent_at).getTime() : 0
      const waitMs = lastSent + authPolicy.reauthenticationIntervalSeconds * 1000 - now.getTime()
      if (waitMs > 0)
        throw new AuthError(
          429,
          'over_email_send_rate_limit',
          `For security purposes, you can only request this after ${Math.ceil(waitMs / 1000)} seconds.`,
        )
      await tx.query('delete from auth.one_time_tokens where user_id = $1 and token_type = $2', [user.id, tokenType])
      await tx.query(
        `insert into auth.one_time_tokens (user_id, token_type, token_hash, relates_to, created_at) values ($1, $2, $3, $4, $5)`,
        [user.id, tokenType, digest(user.id, code), user.email, now],
      )
      await tx.query('update auth.users set reauthentication_sent_at = $2 where id = $1', [user.id, now])
    })
    try {
      await sendAuthEmail(ctx, user, { email_action_type: 'reauthentication', token: code })
    } catch (error) {
      console.error('auth: could not send the reauthentication e-mail', error)
      throw errors.unexpected('Error sending reauthentication email')
    }
    return c.json({})
  }
}

/** Uses up the user's reauthentication code: true when `nonce` is it and has not expired. */
export async function consumeNonce(q: Queryable, userId: string, nonce: string, now: Date): Promise<boolean> {
  const { rows } = await q.query<{ id: string; created_at: Date | string }>(
    `delete from auth.one_time_tokens where user_id = $1 and token_type = $2 and token_hash = $3
     returning id, created_at`,
    [userId, tokenType, digest(userId, nonce.trim())],
  )
  const row = rows[0]
  return (
    row !== undefined && new Date(row.created_at).getTime() + authPolicy.reauthenticationSeconds * 1000 > now.getTime()
  )
}
