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
import type { Handler } from 'hono'
import { issueCodeLink, sendLater, type PendingMail } from './code-links'
import { nowOf, type AuthContext } from './context'
import { AuthError, errors } from './errors'
import { allowedRedirect, normalizeEmail, objectField, readBody, sessionOrigin, stringField } from './http'
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
    if (!rawEmail) throw new AuthError(422, 'phone_provider_disabled', 'Phone signups are disabled')
    const email = normalizeEmail(rawEmail)
    if (!password) throw errors.validation('Signup requires a valid password')
    await requireStrongPassword(password, ctx.runtime.passwordRules, email)
    const data = objectField(body, 'data') ?? {}
    const redirectTo = allowedRedirect(ctx.deps.siteOrigin, c.req.query('redirect_to'))
    const autoconfirm = ctx.deps.env.AUTH_AUTOCONFIRM
    // Hashed before looking the address up, so every outcome takes as long.
    const passwordHash = await hashPassword(password)
    const now = nowOf(ctx)

    const outcome = await ctx.deps.db.transaction(
      async (tx): Promise<{ session: TokenResponse } | { answer: Json; mail?: PendingMail }> => {
        const existing = await findUserByEmail(tx, email)
        if (existing) {
          if (autoconfirm) throw new AuthError(422, 'user_already_exists', 'User already registered')
          // Not confirmed yet: the confirmation goes out again (its password stays: a second
          // sign-up must not replace the password of an account someone is about to confirm).
          const mail = existing.email_confirmed_at
            ? undefined
            : await issueCodeLink(ctx, tx, existing, 'signup', redirectTo, now)
          return { answer: unconfirmedAnswer(randomUUID(), email, data, now), mail }
        }
        const id = await insertUser(tx, {
          email,
          passwordHash,
          userMetadata: data,
          confirmedAt: autoconfirm ? now : null,
          now,
        })
        const user = await findUserById(tx, id)
        if (!user) throw errors.unexpected('Database error saving new user')
        if (!autoconfirm) {
          const mail = await issueCodeLink(ctx, tx, user, 'signup', redirectTo, now)
          return { answer: unconfirmedAnswer(id, email, data, now), mail }
        }
        await tx.query('update auth.users set last_sign_in_at = $2 where id = $1', [id, now])
        const { session, refreshToken } = await createSession(tx, {
          userId: id,
          method: 'password',
          now,
          ...sessionOrigin(c),
        })
        return { session: await tokenResponse(ctx, tx, (await findUserById(tx, id)) ?? user, session, refreshToken) }
      },
    )
    if ('session' in outcome) return c.json(outcome.session)
    sendLater(ctx, outcome.mail)
    return c.json(outcome.answer)
  }
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
    if (type === 'sms' || type === 'phone_change')
      throw new AuthError(422, 'phone_provider_disabled', 'Unsupported phone provider')
    if (type !== 'signup')
      throw errors.validation(
        type === 'email_change'
          ? 'E-mail change confirmations are sent again by asking for the change again'
          : 'Missing one of these types: signup, email_change, sms, phone_change',
      )
    const rawEmail = stringField(body, 'email')
    if (!rawEmail) throw errors.validation('Missing email address')
    const email = normalizeEmail(rawEmail)
    const redirectTo = allowedRedirect(ctx.deps.siteOrigin, c.req.query('redirect_to'))
    const now = nowOf(ctx)
    const mail = await ctx.deps.db.transaction(async (tx) => {
      const user = await findUserByEmail(tx, email)
      if (!user || user.email_confirmed_at || user.deleted_at) return undefined
      return issueCodeLink(ctx, tx, user, 'signup', redirectTo, now)
    })
    sendLater(ctx, mail)
    return c.json({})
  }
}
