// /verify: the e-mail link (GET, answers with a 303 to the site carrying the session in the URL
// fragment, the implicit flow) and the token_hash exchange (POST, answers with the session).
import type { Context, Handler } from 'hono'
import { nowOf, type AuthContext } from './context'
import { AuthError, errors } from './errors'
import { allowedRedirect, readBody, sessionOrigin, stringField } from './http'
import { consumeLinkToken } from './links'
import { confirmEmailChange } from './email-change'
import { createSession } from './sessions'
import { tokenResponse, type TokenResponse } from './tokens'
import { findUserById, isBanned } from './users'

const verifyTypes = new Set(['signup', 'invite', 'recovery', 'magiclink', 'email', 'email_change'])

function requireType(type: string | undefined): string {
  if (!type) throw errors.validation('Verify requires a verification type')
  if (!verifyTypes.has(type)) throw errors.validation('Unsupported verification type')
  return type
}

/** GoTrue's answer to the first of the two e-mail change confirmations. */
const emailChangePending = 'Confirmation link accepted. Please proceed to confirm link sent to the other email'

/**
 * Uses the link token and signs its user in (confirming the address if it was not yet); for the
 * first of an e-mail change's two links, only records it ('pending').
 */
async function verifyLink(
  ctx: AuthContext,
  c: Context,
  token: string,
  type: string,
): Promise<TokenResponse | 'pending'> {
  const now = nowOf(ctx)
  return ctx.deps.db.transaction(async (tx) => {
    let userId: string | undefined
    if (type === 'email_change') {
      const outcome = await confirmEmailChange(tx, token, now)
      if (outcome.state === 'pending') return 'pending' as const
      userId = outcome.state === 'done' ? outcome.userId : undefined
    } else userId = await consumeLinkToken(tx, token, type, now)
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
    const { session, refreshToken } = await createSession(tx, {
      userId: user.id,
      method: 'otp',
      now,
      ...sessionOrigin(c),
    })
    const fresh = (await findUserById(tx, user.id)) ?? user
    return tokenResponse(ctx, tx, fresh, session, refreshToken)
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
      const session = await verifyLink(ctx, c, token, type)
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
      const location = withFragment(redirectTo, {
        error: 'access_denied',
        error_code: error.code,
        error_description: error.message,
        sb: '',
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
    if (tokenHash && (email || phone || body.redirect_to !== undefined))
      throw errors.validation('Only the token_hash and type should be provided')
    if ((!token && !tokenHash) || (token && tokenHash))
      throw errors.validation('Verify requires either a token or a token hash')
    if (!tokenHash) {
      if (!email && !phone)
        throw errors.validation('Only an email address or phone number should be provided on verify')
      // This server mails links only, never six-digit codes, so no code can be right.
      throw errors.otpExpired('Token has expired or is invalid')
    }
    const outcome = await verifyLink(ctx, c, tokenHash, type)
    return c.json(outcome === 'pending' ? { msg: emailChangePending, code: 200 } : outcome)
  }
}
