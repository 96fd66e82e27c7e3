// POST /signup. E-mail confirmation is off for this product, so a new account gets a session at
// once. `data` becomes user metadata only: the role and app metadata are never taken from it.
import { randomUUID } from 'node:crypto'
import type { Handler } from 'hono'
import { nowOf, type AuthContext } from './context'
import { AuthError, errors } from './errors'
import { normalizeEmail, objectField, readBody, sessionOrigin, stringField } from './http'
import { hashPassword, requireStrongPassword } from './passwords'
import { createSession } from './sessions'
import { tokenResponse } from './tokens'
import { findUserByEmail, findUserById, insertUser } from './users'

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
    // Hashed before looking the address up, so both outcomes take as long.
    const passwordHash = await hashPassword(password)
    const now = nowOf(ctx)

    const result = await ctx.deps.db.transaction(async (tx) => {
      if (await findUserByEmail(tx, email)) return null
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
    return c.json(result ?? obfuscatedUser(email, now))
  }
}

/**
 * What GoTrue answers for an address that is already registered when confirmations are on: a
 * user-shaped body with a random id, no identities and no session. Answering "already
 * registered" would tell anyone which addresses have accounts.
 */
function obfuscatedUser(email: string, now: Date) {
  const at = now.toISOString()
  return {
    id: randomUUID(),
    aud: 'authenticated',
    role: '',
    email,
    phone: '',
    confirmation_sent_at: at,
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: {},
    identities: [],
    created_at: at,
    updated_at: at,
    is_anonymous: false,
  }
}
