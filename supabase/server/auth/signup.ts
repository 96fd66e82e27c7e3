// POST /signup and POST /resend. As a Supabase project does by default, a new account gets no
// session until its address is confirmed: the sign-up mails a link (to the site's confirmation
// page) and a code, in the language of the page signed up on. AUTH_AUTOCONFIRM (development
// only) gives the session at once instead. `data` becomes user metadata only: the role and app
// metadata are never taken from it.
//
// Repeated sign-ups answer as GoTrue does in each mode: with confirmations, 200 and a user-shaped
// body without a session, whether or not the address had an account (a new sign-up answers in
// the same shape, so even `identities` tells nothing); with auto-confirmation, 422
// user_already_exists. The password is hashed on every path, so all take as long.
import { randomUUID } from 'node:crypto'
import type { Context, Handler } from 'hono'
import { issueCodeLink, sendLater, type PendingMail } from './code-links'
import { nowOf, type AuthContext } from './context'
import { disabled } from './disabled-methods'
import { AuthError, errors } from './errors'
import {
  allowedRedirect,
  normalizeEmail,
  objectField,
  readBody,
  requiredEmail,
  sessionOrigin,
  stringField,
} from './http'
import { hashPassword, requireStrongPassword } from './passwords'
import { createSession } from './sessions'
import { tokenResponse, type TokenResponse } from './tokens'
import { findUserByEmail, findUserById, insertUser, type Json } from './users'

export function signup(ctx: AuthContext): Handler {
  return async (c) => {
    const body = await readBody(c)
    const rawEmail = stringField(body, 'email')
    const phone = stringField(body, 'phone')
    const password = stringField(body, 'password')
    if (!rawEmail && !phone) throw new AuthError(422, 'anonymous_provider_disabled', 'Anonymous sign-ins are disabled')
    // GoTrue checks the password, then the address, then whether the phone provider is on.
    if (!password) throw errors.validation('Signup requires a valid password')
    await requireStrongPassword(password, ctx.runtime.passwordRules, rawEmail?.trim())
    if (rawEmail && phone)
      throw errors.validation('Only an email address or phone number should be provided on signup.')
    if (!rawEmail) throw disabled.phoneSignups()
    const email = normalizeEmail(rawEmail)
    const data = objectField(body, 'data') ?? {}
    const redirectTo = allowedRedirect(ctx.deps.siteOrigin, c.req.query('redirect_to'))
    const autoconfirm = ctx.deps.env.AUTH_AUTOCONFIRM
    // Hashed before looking the address up, so every outcome takes as long.
    const passwordHash = await hashPassword(password)
    const now = nowOf(ctx)

    if (autoconfirm) return c.json(await signUpConfirmed(ctx, c, { email, passwordHash, data, now }))
    // With confirmation, the answer does not depend on the address at all, and it goes out
    // before the address is looked up: an existing account and a new one take as long.
    const id = randomUUID()
    // Started on the next turn of the event loop, once this answer has gone (the embedded
    // database runs on this thread).
    setTimeout(() => {
      registerUnconfirmed(ctx, { id, email, passwordHash, data, redirectTo, now }).catch((error: unknown) =>
        console.error('auth: could not register a sign-up', error),
      )
    }, 0)
    return c.json(unconfirmedAnswer(id, email, data, now))
  }
}

interface SignupRequest {
  email: string
  passwordHash: string
  data: Json
  now: Date
}

/** Development (AUTH_AUTOCONFIRM): the account is confirmed at once and signed in, as GoTrue does. */
async function signUpConfirmed(ctx: AuthContext, c: Context, request: SignupRequest): Promise<TokenResponse> {
  const { email, passwordHash, data, now } = request
  return ctx.deps.db.transaction(async (tx) => {
    if (await findUserByEmail(tx, email)) throw new AuthError(422, 'user_already_exists', 'User already registered')
    const id = await insertUser(tx, { email, passwordHash, userMetadata: data, confirmedAt: now, now })
    await tx.query('update auth.users set last_sign_in_at = $2 where id = $1', [id, now])
    const { session, refreshToken } = await createSession(tx, {
      userId: id,
      method: 'password',
      now,
      ...sessionOrigin(c),
    })
    const user = await findUserById(tx, id)
    if (!user) throw errors.unexpected('Database error saving new user')
    return tokenResponse(ctx, tx, user, session, refreshToken)
  })
}

/**
 * After the answer: a new address gets an unconfirmed account (with the id already answered) and
 * the confirmation mail; an unconfirmed one gets the mail again (its password stays: a second
 * sign-up must not set the password of an account the owner is about to confirm); a confirmed
 * one gets nothing.
 */
async function registerUnconfirmed(
  ctx: AuthContext,
  request: SignupRequest & { id: string; redirectTo: string },
): Promise<void> {
  const { id, email, passwordHash, data, redirectTo, now } = request
  const mail = await ctx.deps.db.transaction(async (tx): Promise<PendingMail | undefined> => {
    const existing = await findUserByEmail(tx, email)
    if (existing) {
      const locked = await findUserById(tx, existing.id, true)
      return locked && !locked.email_confirmed_at ? issueCodeLink(tx, locked, 'signup', redirectTo, now) : undefined
    }
    await insertUser(tx, { id, email, passwordHash, userMetadata: data, confirmedAt: null, now })
    const user = await findUserById(tx, id)
    return user ? issueCodeLink(tx, user, 'signup', redirectTo, now) : undefined
  })
  sendLater(ctx, mail)
}

/**
 * GoTrue's answer to a sign-up that needs confirming when the address is taken (its
 * sanitizeUser): a user-shaped body with no identities and no role. A new sign-up answers the
 * same way here, with its own id, so the two cannot be told apart.
 */
function unconfirmedAnswer(id: string, email: string, data: Json, now: Date) {
  const at = now.toISOString()
  return {
    id,
    aud: 'authenticated',
    role: '',
    email,
    phone: '',
    confirmation_sent_at: at,
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: data,
    identities: [],
    created_at: at,
    updated_at: at,
    is_anonymous: false,
  }
}

/**
 * POST /resend for a sign-up confirmation (supabase-js `resend({ type: 'signup' })`). Always `{}`:
 * an unknown or already confirmed address, or one asked for less than a minute ago, gets no mail.
 */
export function resend(ctx: AuthContext): Handler {
  return async (c) => {
    const body = await readBody(c)
    const type = stringField(body, 'type')
    // GoTrue's checks of a phone resend, up to the provider being off.
    if (type === 'sms' || type === 'phone_change') {
      const phone = stringField(body, 'phone')
      const email = stringField(body, 'email')
      if (!phone && type === 'sms') throw errors.validation('Type provided requires a phone number')
      if (email && phone) throw errors.validation('Only an email address or phone number should be provided.')
      if (phone) throw disabled.phoneLogins(400)
    }
    if (type !== 'signup')
      throw errors.validation(
        type === 'email_change'
          ? 'E-mail change confirmations are sent again by asking for the change again'
          : 'Missing one of these types: signup, email_change, sms, phone_change',
      )
    const email = requiredEmail(body, () => errors.validation('Missing email address'))
    const redirectTo = allowedRedirect(ctx.deps.siteOrigin, c.req.query('redirect_to'))
    const now = nowOf(ctx)
    const mail = await ctx.deps.db.transaction(async (tx) => {
      const user = await findUserByEmail(tx, email)
      if (!user || user.email_confirmed_at || user.deleted_at) return undefined
      return issueCodeLink(tx, user, 'signup', redirectTo, now)
    })
    sendLater(ctx, mail)
    return c.json({})
  }
}
