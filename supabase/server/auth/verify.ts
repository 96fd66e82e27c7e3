// /verify: the e-mail link (GET, answers with a 303 to the site carrying the session in the URL
// fragment, the implicit flow) and the token_hash exchange (POST, answers with the session).
import type { Context, Handler } from 'hono'
import { nowOf, type AuthContext } from './context'
import { AuthError, errors } from './errors'
import { allowedRedirect, normalizeEmail, readBody, stringField } from './http'
import { consumeEmailCode, consumeLinkToken } from './links'
import type { Queryable } from '../db/database'
import { validatePhone } from './disabled-methods'
import { confirmEmailChange } from './email-change'
import { signInResponse, type TokenResponse } from './tokens'
import { findUserByEmail, findUserById, isBanned } from './users'

const verifyTypes = new Set(['signup', 'invite', 'recovery', 'magiclink', 'email', 'email_change'])
/** Phone codes: known types, though no account here has a phone to send one to. */
const phoneTypes = new Set(['sms', 'phone_change'])

function requireType(type: string | undefined): string {
  if (!type) throw errors.validation('Verify requires a verification type')
  if (!verifyTypes.has(type) && !phoneTypes.has(type)) throw errors.validation('Unsupported verification type')
  return type
}

/** The types whose mails carry a six-digit code (an e-mail change is confirmed by its links only). */
const codeTypes = new Set(['signup', 'invite', 'recovery', 'magiclink', 'email'])

/** GoTrue's answer to the first of the two e-mail change confirmations. */
const emailChangePending = 'Confirmation link accepted. Please proceed to confirm link sent to the other email'

/** Uses up a link token or code: the user id, 'pending' (first of two e-mail change links), or nothing. */
type Consume = (tx: Queryable, now: Date) => Promise<string | 'pending' | undefined>

function byLink(ctx: AuthContext, token: string, type: string): Consume {
  return async (tx, now) => {
    if (type !== 'email_change') return consumeLinkToken(ctx, tx, token, type, now)
    const outcome = await confirmEmailChange(tx, token, now)
    if (outcome.state === 'pending') return 'pending'
    return outcome.state === 'done' ? outcome.userId : undefined
  }
}

function byCode(ctx: AuthContext, email: string, code: string, type: string): Consume {
  return async (tx, now) => {
    const user = await findUserByEmail(tx, email)
    return user ? consumeEmailCode(ctx, tx, user.id, code, type, now) : undefined
  }
}

/**
 * Uses the link token (or code) and signs its user in (confirming the address if it was not
 * yet); for the first of an e-mail change's two links, only records it ('pending').
 */
async function verifyLink(ctx: AuthContext, c: Context, consume: Consume): Promise<TokenResponse | 'pending'> {
  const now = nowOf(ctx)
  return ctx.deps.db.transaction(async (tx) => {
    const outcome = await consume(tx, now)
    if (outcome === 'pending') return 'pending' as const
    const userId = outcome
    const user = userId ? await findUserById(tx, userId, true) : undefined
    if (!user || user.deleted_at) throw errors.otpExpired()
    if (isBanned(user, now.getTime())) throw errors.userBanned()
    await tx.query(
      `update auth.users set email_confirmed_at = coalesce(email_confirmed_at, $2), last_sign_in_at = $2, updated_at = $2,
              raw_user_meta_data = case when raw_user_meta_data ? 'email_verified'
                then raw_user_meta_data || '{"email_verified": true}'::jsonb else raw_user_meta_data end
        where id = $1`,
      [user.id, now],
    )
    // Amr "otp", as GoTrue records an implicit-flow link sign-in.
    return signInResponse(ctx, c, tx, user, 'otp', now)
  })
}

/** `redirect#key=value…` with the keys sorted, as Go's url.Values.Encode writes them. */
function withFragment(redirectTo: string, values: Record<string, string>): string {
  const fragment = new URLSearchParams(Object.entries(values).sort(([a], [b]) => a.localeCompare(b)))
  return `${redirectTo.split('#')[0]}#${fragment}`
}

export function verifyGet(ctx: AuthContext): Handler {
  return async (c) => {
    const type = requireType(c.req.query('type'))
    const token = c.req.query('token')
    if (!token) throw errors.validation('Verify requires a token or a token hash')
    const redirectTo = allowedRedirect(ctx.deps.siteOrigin, c.req.query('redirect_to'))
    try {
      // A link is looked up by its token's hash, which only e-mailed links have (GoTrue's words).
      if (phoneTypes.has(type)) throw errors.validation('Invalid email verification type')
      const session = await verifyLink(ctx, c, byLink(ctx, token, type))
      if (session === 'pending')
        return c.redirect(withFragment(redirectTo, { message: emailChangePending, sb: '' }), 303)
      return c.redirect(
        withFragment(redirectTo, {
          access_token: session.access_token,
          expires_at: String(session.expires_at),
          expires_in: String(session.expires_in),
          refresh_token: session.refresh_token,
          sb: '',
          token_type: session.token_type,
          type,
        }),
        303,
      )
    } catch (error) {
      if (!(error instanceof AuthError) || error.status >= 500) throw error
      // Beyond GoTrue: the link's type, so the page can speak of an expired invitation as one.
      const location = withFragment(redirectTo, {
        error: 'access_denied',
        error_code: error.code,
        error_description: error.message,
        sb: '',
        type,
      })
      return c.redirect(location, 303)
    }
  }
}

export function verifyPost(ctx: AuthContext): Handler {
  return async (c) => {
    const body = await readBody(c)
    const type = requireType(stringField(body, 'type'))
    const tokenHash = stringField(body, 'token_hash')
    const token = stringField(body, 'token')
    const email = stringField(body, 'email')
    const phone = stringField(body, 'phone')
    if ((!token && !tokenHash) || (token && tokenHash))
      throw errors.validation('Verify requires either a token or a token hash')
    if (tokenHash && (email || phone || body.redirect_to !== undefined))
      throw errors.validation('Only the token_hash and type should be provided')
    let outcome: TokenResponse | 'pending'
    if (tokenHash) {
      if (phoneTypes.has(type)) throw errors.validation('Invalid email verification type')
      outcome = await verifyLink(ctx, c, byLink(ctx, tokenHash, type))
    } else {
      if (!email === !phone)
        throw errors.validation('Only an email address or phone number should be provided on verify')
      // A phone number is checked as GoTrue checks it; no account here has one, so no code matches.
      if (phone) validatePhone(phone)
      // A code is counted against its address like a password, so six digits cannot be tried
      // against one account from many client addresses.
      if (!email || !token || !codeTypes.has(type)) throw errors.otpExpired('Token has expired or is invalid')
      const address = normalizeEmail(email)
      const lockKey = `code:${address}`
      ctx.runtime.accountLock.check(lockKey)
      try {
        outcome = await verifyLink(ctx, c, byCode(ctx, address, token.trim(), type))
      } catch (error) {
        if (error instanceof AuthError && error.code === 'otp_expired') {
          ctx.runtime.accountLock.fail(lockKey)
          throw errors.otpExpired('Token has expired or is invalid')
        }
        throw error
      }
      ctx.runtime.accountLock.succeed(lockKey)
    }
    return c.json(outcome === 'pending' ? { msg: emailChangePending, code: 200 } : outcome)
  }
}
