// POST /factors/:id/verify for a passkey: a registration answered to a `create` challenge
// verifies the factor, an assertion answered to a `request` challenge proves it again; either
// brings the session to aal2. As on GoTrue a challenge is used up by its first success; the
// authenticator's signature counter must also move on, so a copied assertion is refused twice
// over. Unlike GoTrue (which calls no hook for passkeys), the MFA Verification Attempt hook hears
// every checked answer, so the account lock counts passkeys as it counts TOTP codes.
import type { Context } from 'hono'
import { nowOf, type AuthContext, type AuthEnv } from './context'
import { AuthError, errors } from './errors'
import { clientIp, type Body } from './http'
import { isUuid } from '../../functions/_shared/uuid.ts'
import { factorTypeOf } from './mfa'
import { findChallenge, findFactor, type ChallengeRow, type FactorRow } from './mfa-data'
import { passSecondStep } from './mfa-step'
import { sendSecurityNotice } from './notices'
import { authPolicy } from './runtime'
import type { SessionRow } from './sessions'
import type { UserRow } from './users'
import { mfaVerificationAttempt } from './verification-hooks'
import {
  aaguidOf,
  checkAssertion,
  checkRegistration,
  parseCredentialResponse,
  type Ceremony,
  type StoredCredential,
  type WebAuthnSession,
} from './webauthn'
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server'

interface Request {
  user: UserRow
  session: SessionRow
  factor: FactorRow
  challengeId: string | undefined
  body: Body
}

/** GoTrue's checks of `webauthn` in the body, in its order and words. */
function webAuthnParams(body: Body): { ceremony: Ceremony; answer: unknown } {
  const params = body.webauthn
  if (params === undefined || params === null) throw errors.validation('WebAuthn config required')
  if (typeof params !== 'object' || Array.isArray(params)) throw errors.badJson('"webauthn" must be an object')
  const { type, credential_response: answer } = params as Record<string, unknown>
  if (type !== 'create' && type !== 'request') throw errors.validation('WebAuthn type must be create or request')
  if (answer === undefined || answer === null) throw errors.validation('credential_response required')
  return { ceremony: type, answer }
}

/** A challenge that can still be answered, or GoTrue's error for it. */
async function liveChallenge(
  ctx: AuthContext,
  c: Context<AuthEnv>,
  request: Request,
): Promise<AuthError | { factor: FactorRow; challenge: ChallengeRow; expected: WebAuthnSession }> {
  const { user, factor, challengeId } = request
  if (!isUuid(challengeId)) return errors.challengeNotFound()
  return ctx.deps.db.transaction(async (tx) => {
    const current = await findFactor(tx, user.id, factor.id)
    const found = current && (await findChallenge(tx, current.id, challengeId))
    if (!current || !found || !found.web_authn_session_data) return errors.challengeNotFound()
    if (found.verified_at || found.ip_address !== clientIp(c)) return errors.challengeIpMismatch()
    if (new Date(found.created_at).getTime() + authPolicy.mfaChallengeSeconds * 1000 < nowOf(ctx).getTime()) {
      await tx.query('delete from auth.mfa_challenges where id = $1', [found.id])
      return errors.challengeExpired(found.id)
    }
    return { factor: current, challenge: found, expected: found.web_authn_session_data as WebAuthnSession }
  })
}

/** What a valid answer changes: a new passkey, or the counter of the one used. */
type Outcome = { credential: StoredCredential } | { counter: number }

async function check(
  ctx: AuthContext,
  factor: FactorRow,
  expected: WebAuthnSession,
  ceremony: Ceremony,
  response: RegistrationResponseJSON | AuthenticationResponseJSON,
): Promise<Outcome | undefined> {
  // The ceremony follows the factor: registering again is no proof of holding the passkey.
  if (ceremony !== (factor.status === 'verified' ? 'request' : 'create')) return undefined
  if (ceremony === 'create') {
    const credential = await checkRegistration(ctx, expected, response as RegistrationResponseJSON)
    return credential && { credential }
  }
  const counter = await checkAssertion(
    ctx,
    expected,
    factor.web_authn_credential as StoredCredential,
    response as AuthenticationResponseJSON,
  )
  return counter === undefined ? undefined : { counter }
}

export async function verifyPasskey(ctx: AuthContext, c: Context<AuthEnv>, request: Request) {
  const { user, session } = request
  const { ceremony, answer } = webAuthnParams(request.body)
  const live = await liveChallenge(ctx, c, request)
  if (live instanceof AuthError) throw live
  const response = parseCredentialResponse(ceremony, answer)
  if (!response) throw errors.validation('Invalid credential_response')

  const outcome = await check(ctx, live.factor, live.expected, ceremony, response)
  await mfaVerificationAttempt(ctx, c, {
    userId: user.id,
    factorId: live.factor.id,
    factorType: 'webauthn',
    valid: outcome !== undefined,
  })
  if (!outcome) throw errors.webAuthnFailed()

  const now = nowOf(ctx)
  const result = await ctx.deps.db.transaction(async (tx) => {
    const current = await findFactor(tx, user.id, live.factor.id, true)
    const found = current && (await findChallenge(tx, current.id, live.challenge.id))
    // A concurrent verification used this challenge meanwhile.
    if (!current || !found || found.verified_at) return errors.challengeNotFound()
    const firstVerification = current.status !== 'verified'
    if ('credential' in outcome) {
      if (!firstVerification) return errors.challengeNotFound()
      // The same authenticator key cannot stand for two of the user's factors.
      const { rows } = await tx.query(
        `select 1 from auth.mfa_factors where user_id = $1 and id <> $2 and factor_type = 'webauthn'
           and web_authn_credential ->> 'id' = $3`,
        [user.id, current.id, outcome.credential.id],
      )
      if (rows.length > 0) return errors.webAuthnFailed()
    } else {
      const stored = current.web_authn_credential as StoredCredential
      if (outcome.counter !== 0 && outcome.counter <= stored.authenticator.signCount) return errors.webAuthnFailed()
    }
    // As GoTrue: the challenge is spent, and the factor keeps a record of the ceremony it passed.
    await tx.query('delete from auth.mfa_challenges where id = $1', [found.id])
    const credential =
      'credential' in outcome
        ? outcome.credential
        : {
            ...(current.web_authn_credential as StoredCredential),
            authenticator: {
              ...(current.web_authn_credential as StoredCredential).authenticator,
              signCount: outcome.counter,
            },
          }
    const last = {
      challenge: {
        challenge_id: found.id,
        factor_id: found.factor_id,
        created_at: new Date(found.created_at).toISOString(),
        ip_address: found.ip_address,
        web_authn_session_data: found.web_authn_session_data,
      },
      type: ceremony,
      credential_response: response,
    }
    await tx.query(
      `update auth.mfa_factors set status = 'verified', web_authn_credential = $2::jsonb, web_authn_aaguid = $3,
         last_webauthn_challenge_data = $4::jsonb, updated_at = $5 where id = $1`,
      [current.id, JSON.stringify(credential), aaguidOf(credential), JSON.stringify(last), now],
    )
    return passSecondStep(ctx, tx, { user, session, factor: current, firstVerification, now })
  })
  if (result instanceof AuthError) throw result
  if (result.added !== undefined) sendSecurityNotice(ctx, user, 'factor_added', result.added, factorTypeOf(live.factor))
  return result.response
}
