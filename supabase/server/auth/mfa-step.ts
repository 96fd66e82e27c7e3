// What a passed second step does, whichever factor proved it (a TOTP code or a passkey): the
// session goes to aal2 with the factor's method in its amr, its refresh token is rotated, and on
// a factor's first verification MFA becomes mandatory (aal1 sessions end, other unverified
// factors of its type go). Runs in the caller's transaction, after its factor-specific updates.
import type { Queryable } from '../db/database'
import type { AuthContext } from './context'
import { errors, type AuthError } from './errors'
import { amrMethodOf, type FactorRow } from './mfa-data'
import { recordAmr, rotateActiveToken, type SessionRow } from './sessions'
import { tokenResponse } from './tokens'
import { findUserById, type UserRow } from './users'

export async function passSecondStep(
  ctx: AuthContext,
  tx: Queryable,
  {
    user,
    session,
    factor,
    firstVerification,
    now,
  }: {
    user: UserRow
    session: SessionRow
    factor: FactorRow
    firstVerification: boolean
    now: Date
  },
): Promise<AuthError | { added: string | null | undefined; response: Awaited<ReturnType<typeof tokenResponse>> }> {
  await tx.query(`update auth.sessions set aal = 'aal2', factor_id = $2, updated_at = $3 where id = $1`, [
    session.id,
    factor.id,
    now,
  ])
  await recordAmr(tx, session.id, amrMethodOf(factor.factor_type), now)
  const refreshToken = await rotateActiveToken(tx, { id: session.id, userId: user.id }, now)
  if (firstVerification) {
    // From now on this account needs MFA: sessions that never passed it are ended.
    await tx.query(`delete from auth.sessions where user_id = $1 and id <> $2 and aal = 'aal1'`, [user.id, session.id])
    await tx.query(`delete from auth.mfa_factors where user_id = $1 and status = 'unverified' and factor_type = $2`, [
      user.id,
      factor.factor_type,
    ])
  }
  const fresh = await findUserById(tx, user.id)
  if (!fresh) return errors.jwtUserNotFound()
  return {
    added: firstVerification ? factor.friendly_name : undefined,
    response: await tokenResponse(ctx, tx, fresh, { ...session, aal: 'aal2', factor_id: factor.id }, refreshToken),
  }
}
