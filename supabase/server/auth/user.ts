// The signed-in user's own endpoints: GET /user, PUT /user (password, metadata, and an e-mail
// change confirmed from both addresses, see email-change.ts; phone changes are refused) and
// POST /logout with its three scopes. A new password needs proof
// that the person at the keyboard is the account's owner, not just someone holding the session:
// the current password or a code from /reauthenticate (GoTrue's "secure password change" and
// "require current password", both on here), except in a session that a recovery or invitation
// link just opened, whose whole point is choosing a password. A password that replaced another is
// told to the owner by e-mail, as Supabase's "password changed" security notification.
import type { Handler } from 'hono'
import { nowOf, type AuthContext, type AuthEnv } from './context'
import { AuthError, errors } from './errors'
import { allowedRedirect, normalizeEmail, objectField, readBody, stringField } from './http'
import { requestEmailChange, sendEmailChangeMails, type EmailChangeMail } from './email-change'
import { hasVerifiedFactor } from './mfa-data'
import { hashPassword, requireStrongPassword, verifyPassword } from './passwords'
import { sendSecurityNotice } from './notices'
import { consumeNonce } from './reauthenticate'
import { amrOf, logout as endSessions, type LogoutScope, type SessionRow } from './sessions'
import { findUserById, mergeMetadata, type UserRow } from './users'
import { userJson } from './user-json'

export function getUser(ctx: AuthContext): Handler<AuthEnv> {
  return async (c) => c.json(await userJson(ctx.deps.db, c.get('caller').user))
}

export function updateUser(ctx: AuthContext): Handler<AuthEnv> {
  return async (c) => {
    const { user, session } = c.get('caller')
    const body = await readBody(c)
    const email = stringField(body, 'email')
    const phone = stringField(body, 'phone')
    const password = stringField(body, 'password')
    const data = objectField(body, 'data')

    const newEmail =
      email !== undefined && email.trim() !== '' && email.trim().toLowerCase() !== (user.email ?? '')
        ? normalizeEmail(email)
        : undefined
    if (newEmail && session?.aal !== 'aal2' && (await hasVerifiedFactor(ctx.deps.db, user.id)))
      throw errors.insufficientAal(401, 'AAL2 session is required to update email or password when MFA is enabled.')
    const redirectTo = allowedRedirect(ctx.deps.siteOrigin, c.req.query('redirect_to'))
    if (phone !== undefined && phone !== '' && phone !== (user.phone ?? ''))
      throw new AuthError(422, 'phone_provider_disabled', 'Phone numbers are not supported')

    let passwordHash: string | undefined
    if (password !== undefined) {
      await requireStrongPassword(password, ctx.runtime.passwordRules, user.email)
      if (session?.aal !== 'aal2' && (await hasVerifiedFactor(ctx.deps.db, user.id)))
        throw errors.insufficientAal(401, 'AAL2 session is required to update email or password when MFA is enabled.')
      // Before the same-password check, which would otherwise tell a session thief whether a
      // guess is the current password.
      await requireReauthentication(ctx, user, session, body)
      if (await verifyPassword(user.encrypted_password, password)) throw errors.samePassword()
      passwordHash = await hashPassword(password)
    }

    const now = nowOf(ctx)
    let changeMails: EmailChangeMail | undefined
    const updated = await ctx.deps.db.transaction(async (tx) => {
      const current = await findUserById(tx, user.id, true)
      if (!current) throw errors.jwtUserNotFound()
      if (newEmail) changeMails = await requestEmailChange(tx, current, newEmail, now)
      if (data) {
        await tx.query('update auth.users set raw_user_meta_data = $2::jsonb, updated_at = $3 where id = $1', [
          user.id,
          JSON.stringify(mergeMetadata(current.raw_user_meta_data, data)),
          now,
        ])
      }
      if (passwordHash) {
        await tx.query('update auth.users set encrypted_password = $2, updated_at = $3 where id = $1', [
          user.id,
          passwordHash,
          now,
        ])
        // A new password ends every other session and voids outstanding e-mail links.
        if (session) await endSessions(tx, user.id, session.id, 'others')
        else await endSessions(tx, user.id, null, 'global')
        await tx.query('delete from auth.one_time_tokens where user_id = $1', [user.id])
      }
      const fresh = await findUserById(tx, user.id)
      return userJson(tx, fresh ?? current)
    })
    // A password that replaced another (a reset, a change) is told to the owner; choosing the
    // first one (an invitation) is not a change.
    if (passwordHash && user.encrypted_password) sendSecurityNotice(ctx, user, 'password_changed', null)
    if (newEmail && changeMails) {
      try {
        await sendEmailChangeMails(ctx, user, newEmail, redirectTo, changeMails)
      } catch (error) {
        console.error('auth: could not send the e-mail change e-mails', error)
        throw errors.unexpected('Error sending email change email')
      }
    }
    return c.json(updated)
  }
}

/** Sign-in methods of a session opened by an e-mail link (recovery, invitation, sign-in link). */
const linkMethods = new Set(['otp', 'magiclink', 'recovery', 'invite'])

async function requireReauthentication(
  ctx: AuthContext,
  user: UserRow,
  session: SessionRow | null,
  body: Record<string, unknown>,
): Promise<void> {
  if (!user.encrypted_password) return // invited, never had one: nothing to prove it with
  if (session && (await amrOf(ctx.deps.db, session.id)).some((entry) => linkMethods.has(entry.method))) return
  const currentPassword = stringField(body, 'current_password')
  const nonce = stringField(body, 'nonce')
  if (!currentPassword && !nonce) throw errors.reauthenticationNeeded()
  // Each proof attempt counts per account, so a stolen session cannot try passwords or codes.
  if (!ctx.runtime.limiter.take(`reauthenticate:${user.id}`, ctx.runtime.limits.verify)) throw errors.requestRateLimit()
  if (currentPassword) {
    if (!(await verifyPassword(user.encrypted_password, currentPassword))) throw errors.currentPasswordInvalid()
    return
  }
  if (!(await consumeNonce(ctx.deps.db, user.id, nonce!, nowOf(ctx)))) throw errors.reauthenticationNotValid()
}

const scopes: readonly LogoutScope[] = ['global', 'local', 'others']

export function logout(ctx: AuthContext): Handler<AuthEnv> {
  return async (c) => {
    const requested = c.req.query('scope') || 'global'
    if (!scopes.includes(requested as LogoutScope)) throw errors.validation(`Unsupported logout scope "${requested}"`)
    const { user, session } = c.get('caller')
    await endSessions(ctx.deps.db, user.id, session?.id ?? null, requested as LogoutScope)
    return c.body(null, 204)
  }
}
