// POST /token: the password grant (rate-limited per IP) and the refresh-token grant (never
// rate-limited: a 429 there would sign a user out, since auth-js treats it as final); the id_token
// and web3 grants answer as on a project with those providers off.
import type { Context, Handler } from 'hono'
import { nowOf, type AuthContext } from './context'
import { disabled, idTokenGrant, web3Grant } from './disabled-methods'
import { errors } from './errors'
import { checkRateLimit } from './guards'
import { readBody, stringField, type Body } from './http'
import { verifyPassword, weakPasswordMessage, weaknessOf } from './passwords'
import { refreshGrant } from './refresh'
import { signInResponse } from './tokens'
import { findUserByEmail, isBanned } from './users'
import { lockSettingsForUnknown, passwordVerificationAttempt } from './verification-hooks'

export function token(ctx: AuthContext): Handler {
  return async (c) => {
    const grant = c.req.query('grant_type')
    if (grant === 'password') {
      checkRateLimit(ctx, c, 'signIn', errors.requestRateLimit)
      return c.json(await passwordGrant(ctx, c, await readBody(c)))
    }
    if (grant === 'refresh_token') return c.json(await refreshGrant(ctx, await readBody(c)))
    if (grant === 'id_token') return idTokenGrant(ctx, c)
    if (grant === 'web3') web3Grant(ctx, c)
    // We never hand out PKCE codes (our links use the implicit flow), so no code can match.
    if (grant === 'pkce') throw errors.flowStateNotFound()
    throw errors.unsupportedGrant()
  }
}

async function passwordGrant(ctx: AuthContext, c: Context, body: Body) {
  const email = stringField(body, 'email')?.trim()
  const phone = stringField(body, 'phone')?.trim()
  const password = stringField(body, 'password') ?? ''
  if (email && phone) throw errors.validation('Only an email address or phone number should be provided on login.')
  if (!email && !phone) throw errors.validation('You must provide either an email or phone number.')
  if (!email) throw disabled.phoneLogins(422)

  const user = await findUserByEmail(ctx.deps.db, email)
  const matches = await verifyPassword(user?.encrypted_password, password)
  if (!user?.encrypted_password) {
    // No account (or none with a password): no hook runs, as on Supabase; counted all the same.
    const address = `password:${email.toLowerCase()}`
    ctx.runtime.accountLock.failUnknown(address, await lockSettingsForUnknown(ctx))
    throw errors.invalidCredentials()
  }
  // The account lock (and its notice to the owner) is the Password Verification Attempt hook's.
  await passwordVerificationAttempt(ctx, c, user.id, matches)
  if (!matches) throw errors.invalidCredentials()
  if (!user.email_confirmed_at) throw errors.emailNotConfirmed()
  const now = nowOf(ctx)
  if (isBanned(user, now.getTime())) throw errors.userBanned()

  const response = await ctx.deps.db.transaction(async (tx) => {
    await tx.query('update auth.users set last_sign_in_at = $2, updated_at = $2 where id = $1', [user.id, now])
    await tx.query(`update auth.identities set last_sign_in_at = $2 where user_id = $1 and provider = 'email'`, [
      user.id,
      now,
    ])
    return signInResponse(ctx, c, tx, user, 'password', now)
  })
  const minLength = ctx.runtime.passwordRules.minLength
  const reasons = weaknessOf(password, minLength)
  return reasons.length > 0
    ? { ...response, weak_password: { message: weakPasswordMessage(minLength), reasons } }
    : response
}
