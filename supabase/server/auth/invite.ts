// POST /invite (service role): creates the account without a password and mails an invitation
// in the invitee's language. Its link verifies type=invite and lands on the site's password page
// with a session, where the person chooses a password.
import type { Handler } from 'hono'
import { nowOf, type AuthContext } from './context'
import { errors } from './errors'
import { allowedRedirect, objectField, readBody, requiredEmail } from './http'
import { createLinkToken, sendLinkMail } from './links'
import { findUserByEmail, findUserById, insertUser, localeOf, pageLocale } from './users'
import { userJson } from './user-json'

export function invite(ctx: AuthContext): Handler {
  return async (c) => {
    const body = await readBody(c)
    const email = requiredEmail(body, () => errors.unprocessable('An email address is required to invite a user'))
    const data = objectField(body, 'data') ?? {}
    const locale = localeOf(data, pageLocale(c.req.query('redirect_to')))
    const redirectTo = allowedRedirect(
      ctx.deps.siteOrigin,
      c.req.query('redirect_to'),
      `${ctx.deps.siteOrigin}/${locale}/reset-password`,
    )
    const now = nowOf(ctx)

    const { user, row, token } = await ctx.deps.db.transaction(async (tx) => {
      let existing = await findUserByEmail(tx, email)
      // Someone who already accepted (or signed up) is not invited again.
      if (existing?.email_confirmed_at) throw errors.emailExists()
      if (!existing) {
        const id = await insertUser(tx, {
          email,
          passwordHash: null,
          userMetadata: data,
          confirmedAt: null,
          invitedAt: now,
          now,
        })
        existing = await findUserById(tx, id)
      }
      if (!existing) throw errors.unexpected('Database error saving new user')
      // An unconfirmed account may have been opened by anyone with this address: the invitee
      // chooses the password, so whatever that sign-up set stops working now.
      await tx.query(
        `update auth.users set invited_at = $2, confirmation_sent_at = $2, updated_at = $2, encrypted_password = null
          where id = $1`,
        [existing.id, now],
      )
      const { token } = await createLinkToken(tx, { userId: existing.id, email, type: 'invite', now })
      const fresh = (await findUserById(tx, existing.id)) ?? existing
      return { user: await userJson(tx, fresh), row: fresh, token }
    })
    try {
      // The template greets the person by the name staff typed and names who invited them, both
      // from the user's metadata, as a Supabase e-mail template reads them.
      await sendLinkMail(ctx, { type: 'invite', user: row, token, redirectTo })
    } catch (error) {
      console.error('auth: could not send the invitation e-mail', error)
      throw errors.unexpected('Error sending invite email')
    }
    return c.json(user)
  }
}
