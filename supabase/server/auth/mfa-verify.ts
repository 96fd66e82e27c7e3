// POST /factors/:id/verify: checks a TOTP code (a passkey's answer: mfa-verify-webauthn.ts) against a live challenge and upgrades the
// caller's session to aal2. A code is accepted once: a replay of the same time step fails, as
// RFC 6238 §5.2 asks. The first verification makes MFA mandatory: aal1 sessions are ended.
import type { Handler } from 'hono'
import { nowOf, type AuthContext, type AuthEnv } from './context'
import { AuthError, errors } from './errors'
import { clientIp, readBody, stringField } from './http'
import { isUuid } from '../../functions/_shared/uuid.ts'
import { factorFromPath, sessionOf } from './mfa'
import { findChallenge, findFactor } from './mfa-data'
import { authPolicy } from './runtime'
import { totpStep } from './totp'
import { passSecondStep } from './mfa-step'
import { sendSecurityNotice } from './notices'
import { mfaVerificationAttempt } from './verification-hooks'
import { disabled } from './disabled-methods'
import { verifyPasskey } from './mfa-verify-webauthn'

export function verify(ctx: AuthContext): Handler<AuthEnv> {
  return async (c) => {
    const { user } = c.get('caller')
    const session = sessionOf(c)
    const factor = await factorFromPath(ctx, c)
    const body = await readBody(c)
    const challengeId = stringField(body, 'challenge_id')
    if (factor.factor_type === 'webauthn') {
      if (!ctx.deps.env.AUTH_MFA_WEB_AUTHN_VERIFY_ENABLED) throw disabled.webAuthnVerify()
      return c.json(await verifyPasskey(ctx, c, { user, session, factor, challengeId, body }))
    }
    const code = stringField(body, 'code')?.trim()
    if (!code) throw errors.validation('Code needs to be non-empty')
    if (!isUuid(challengeId)) throw errors.challengeNotFound()
    const now = nowOf(ctx)

    // As GoTrue: the challenge is checked first, then the code; the MFA Verification Attempt hook
    // hears whether it was right (in a transaction of its own, so a failure is counted even though
    // this request fails) and may reject it, which is the account lock.
    const checked = await ctx.deps.db.transaction(async (tx) => {
      const current = await findFactor(tx, user.id, factor.id)
      const found = current && (await findChallenge(tx, current.id, challengeId))
      if (!current || !found) return errors.challengeNotFound()
      if (found.verified_at || found.ip_address !== clientIp(c)) return errors.challengeIpMismatch()
      if (new Date(found.created_at).getTime() + authPolicy.mfaChallengeSeconds * 1000 < now.getTime()) {
        await tx.query('delete from auth.mfa_challenges where id = $1', [found.id])
        return errors.challengeExpired(found.id)
      }
      return { step: totpStep(current.secret, code, now.getTime()), lastStep: current.last_totp_step }
    })
    if (checked instanceof AuthError) throw checked
    const reused = checked.step !== null && checked.lastStep !== null && checked.step <= Number(checked.lastStep)
    await mfaVerificationAttempt(ctx, c, {
      userId: user.id,
      factorId: factor.id,
      valid: checked.step !== null && !reused,
    })
    if (checked.step === null) throw errors.totpInvalid()
    if (reused) throw errors.totpReused()
    const step = checked.step

    const outcome = await ctx.deps.db.transaction(async (tx) => {
      const current = await findFactor(tx, user.id, factor.id, true)
      const found = current && (await findChallenge(tx, current.id, challengeId))
      if (!current || !found) return errors.challengeNotFound()
      // A concurrent verification took this challenge or this code meanwhile.
      if (found.verified_at) return errors.challengeIpMismatch()
      if (current.last_totp_step !== null && step <= Number(current.last_totp_step)) return errors.totpReused()

      const firstVerification = current.status !== 'verified'
      await tx.query('update auth.mfa_challenges set verified_at = $2 where id = $1', [found.id, now])
      await tx.query(
        `update auth.mfa_factors set status = 'verified', last_totp_step = $2, updated_at = $3 where id = $1`,
        [current.id, step, now],
      )
      return passSecondStep(ctx, tx, { user, session, factor: current, firstVerification, now })
    })
    if (outcome instanceof AuthError) throw outcome
    // A new factor is a way into the account: its owner hears about it.
    if (outcome.added !== undefined) sendSecurityNotice(ctx, user, 'factor_added', outcome.added)
    return c.json(outcome.response)
  }
}
