// POST /admin/generate_link (service role): makes the link (and code) an e-mail would carry,
// without sending anything, for a server that delivers its own mails. The body is the user, as
// GoTrue answers it, with action_link, email_otp, hashed_token, redirect_to and
// verification_type; action_link is GoTrue's /verify link, which signs in at once when opened.
import type { Handler } from 'hono'
import { nowOf, type AuthContext } from './context'
import { errors } from './errors'
import { allowedRedirect, objectField, readBody, requiredEmail, stringField } from './http'
import { createLinkToken, linkUrl, type LinkType } from './links'
import { hashPassword, requireStrongPassword } from './passwords'
import { findUserByEmail, findUserById, insertUser, mergeMetadata, type UserRow } from './users'
import { userJson } from './user-json'

const linkTypes = new Set<LinkType>(['signup', 'invite', 'magiclink', 'recovery'])

export function generateLink(ctx: AuthContext): Handler {
  return async (c) => {
    const body = await readBody(c)
    const type = stringField(body, 'type')
    if (type === 'email_change_current' || type === 'email_change_new')
      throw errors.validation('Email change links are sent by PUT /user here, not generated')
    if (!type || !linkTypes.has(type as LinkType)) throw errors.validation('Invalid email action link type requested')
    const email = requiredEmail(body, () => errors.validation('Email is required'))
    const password = stringField(body, 'password')
    const data = objectField(body, 'data') ?? {}
    // supabase-js sends it in the query; GoTrue also reads the body's.
    const redirectTo = allowedRedirect(
      ctx.deps.siteOrigin,
      c.req.query('redirect_to') ?? stringField(body, 'redirect_to'),
    )
    if (type === 'signup') {
      if (!password) throw errors.validation('Password is required for a signup link')
      await requireStrongPassword(password, ctx.runtime.passwordRules, email)
    }
    const passwordHash = password ? await hashPassword(password) : null
    const now = nowOf(ctx)

    const result = await ctx.deps.db.transaction(async (tx) => {
      let user: UserRow | undefined = await findUserByEmail(tx, email)
      if (type === 'signup' || type === 'invite') {
        if (user?.email_confirmed_at) throw errors.emailExists()
        if (!user) {
          const id = await insertUser(tx, {
            email,
            passwordHash,
            userMetadata: data,
            confirmedAt: null,
            invitedAt: type === 'invite' ? now : null,
            now,
            // GoTrue's admin link creates the e-mail identity but leaves the metadata as given
            // (auth-js's own test of generate_link holds user_metadata to exactly the data).
            identityKeysInMetadata: false,
          })
          user = await findUserById(tx, id)
        } else {
          await tx.query(
            `update auth.users set raw_user_meta_data = $2::jsonb, updated_at = $3,
                    encrypted_password = coalesce($4, encrypted_password) where id = $1`,
            [user.id, JSON.stringify(mergeMetadata(user.raw_user_meta_data, data)), now, passwordHash],
          )
        }
      } else if (!user || user.deleted_at) throw errors.userNotFound()
      if (!user) throw errors.unexpected('Database error saving new user')
      const { token, code } = await createLinkToken(tx, { userId: user.id, email, type: type as LinkType, now })
      const fresh = (await findUserById(tx, user.id)) ?? user
      return {
        ...(await userJson(tx, fresh)),
        action_link: linkUrl(ctx, token, type as LinkType, redirectTo),
        email_otp: code,
        hashed_token: token,
        redirect_to: redirectTo,
        verification_type: type,
      }
    })
    return c.json(result)
  }
}
