// POST /otp (supabase-js signInWithOtp): mails a sign-in link and a six-digit code to an existing
// account, or a sign-up confirmation to an account not yet confirmed (or a new one, when
// `create_user` is true, GoTrue's default). The answer is always `{}`: GoTrue answers 422
// "Signups not allowed for otp" for an unknown address with `create_user: false`, which would
// tell anyone who has an account; here that address simply gets no mail (decision 0015).
import type { Handler } from 'hono'
import { issueCodeLink, sendLater } from './code-links'
import { nowOf, type AuthContext } from './context'
import { disabled } from './disabled-methods'
import { AuthError, errors } from './errors'
import { allowedRedirect, booleanField, normalizeEmail, objectField, readBody, stringField } from './http'
import { findUserByEmail, findUserById, insertUser, isBanned } from './users'

export function otp(ctx: AuthContext): Handler {
  return async (c) => {
    const body = await readBody(c)
    const rawEmail = stringField(body, 'email')
    const phone = stringField(body, 'phone')
    if (rawEmail && phone) throw errors.validation('Only an email address or phone number should be provided')
    const createUser = booleanField(body, 'create_user') ?? true
    // No account here has a phone: GoTrue's answer for a phone without an account, or with the
    // phone provider off.
    if (!rawEmail && phone) throw createUser ? disabled.phoneOtp() : signupsNotAllowed()
    if (!rawEmail) throw errors.validation('One of email or phone must be set')
    const email = normalizeEmail(rawEmail)
    const data = objectField(body, 'data') ?? {}
    const redirectTo = allowedRedirect(ctx.deps.siteOrigin, c.req.query('redirect_to'))
    const now = nowOf(ctx)

    const mail = await ctx.deps.db.transaction(async (tx) => {
      let user = await findUserByEmail(tx, email)
      if (!user) {
        if (!createUser) return undefined
        const id = await insertUser(tx, { email, passwordHash: null, userMetadata: data, confirmedAt: null, now })
        user = await findUserById(tx, id)
      }
      if (!user || user.deleted_at || isBanned(user, now.getTime())) return undefined
      return issueCodeLink(tx, user, user.email_confirmed_at ? 'magiclink' : 'signup', redirectTo, now)
    })
    sendLater(ctx, mail)
    return c.json({})
  }
}

const signupsNotAllowed = () => new AuthError(422, 'otp_disabled', 'Signups not allowed for otp')
