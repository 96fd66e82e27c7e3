// Admin create and update of users (service role only): e-mail, password, confirmation,
// metadata, and bans (`ban_duration`, deactivate/reactivate). The JWT role stays
// "authenticated": product roles live in the database (profiles), never in the token.
import type { Handler } from 'hono'
import { nowOf, type AuthContext } from './context'
import { AuthError, errors } from './errors'
import { userFromPath } from './admin'
import { maxGoDurationMs, parseGoDuration } from './durations'
import { booleanField, normalizeEmail, objectField, readBody, stringField, type Body } from './http'
import { hashPassword, requireStrongPassword } from './passwords'
import { findUserByEmail, findUserById, insertUser, mergeMetadata } from './users'
import { userJson } from './user-json'

/** `banned_until` for a ban_duration: undefined = unchanged, null = lifted. */
function banUntil(body: Body, now: Date): Date | null | undefined {
  const duration = stringField(body, 'ban_duration')
  if (duration === undefined || duration === '') return undefined
  if (duration === 'none') return null
  const ms = parseGoDuration(duration)
  // Go's durations stop at about 292 years; longer ones are not durations there either.
  if (ms === null || Math.abs(ms) > maxGoDurationMs)
    throw errors.validation(`invalid format for ban duration: time: invalid duration "${duration}"`)
  return ms <= 0 ? null : new Date(now.getTime() + ms)
}

function requireUserRole(body: Body): void {
  const role = stringField(body, 'role')
  if (role !== undefined && role !== '' && role !== 'authenticated')
    throw errors.validation('role must be "authenticated"; product roles are kept in the profiles table')
}

function refusePhone(body: Body): void {
  if (stringField(body, 'phone')) throw new AuthError(422, 'phone_provider_disabled', 'Phone numbers are not supported')
}

async function newPasswordHash(ctx: AuthContext, body: Body, email?: string | null): Promise<string | undefined> {
  const password = stringField(body, 'password')
  if (password === undefined || password === '') return undefined
  await requireStrongPassword(password, ctx.runtime.passwordRules, email)
  return hashPassword(password)
}

export function createUser(ctx: AuthContext): Handler {
  return async (c) => {
    const body = await readBody(c)
    const rawEmail = stringField(body, 'email')
    if (!rawEmail && !stringField(body, 'phone'))
      throw errors.validation('Cannot create a user without either an email or phone')
    refusePhone(body)
    const email = normalizeEmail(rawEmail ?? '')
    requireUserRole(body)
    const now = nowOf(ctx)
    const bannedUntil = banUntil(body, now)
    const passwordHash = (await newPasswordHash(ctx, body, email)) ?? null
    const userMetadata = objectField(body, 'user_metadata') ?? {}
    const appMetadata = objectField(body, 'app_metadata') ?? {}
    const confirmed = booleanField(body, 'email_confirm') ?? false

    const user = await ctx.deps.db.transaction(async (tx) => {
      if (await findUserByEmail(tx, email)) throw errors.emailExists()
      const id = await insertUser(tx, {
        email,
        passwordHash,
        userMetadata,
        appMetadata,
        confirmedAt: confirmed ? now : null,
        now,
        identityKeysInMetadata: false,
      })
      if (bannedUntil) await tx.query('update auth.users set banned_until = $2 where id = $1', [id, bannedUntil])
      const created = await findUserById(tx, id)
      if (!created) throw errors.unexpected('Database error creating user')
      return userJson(tx, created)
    })
    return c.json(user)
  }
}

export function updateUserById(ctx: AuthContext): Handler {
  return async (c) => {
    const target = await userFromPath(ctx, c)
    const body = await readBody(c)
    refusePhone(body)
    requireUserRole(body)
    const rawEmail = stringField(body, 'email')
    const email = rawEmail ? normalizeEmail(rawEmail) : undefined
    const now = nowOf(ctx)
    const bannedUntil = banUntil(body, now)
    const passwordHash = await newPasswordHash(ctx, body, email ?? target.email)
    const userMetadata = objectField(body, 'user_metadata')
    const appMetadata = objectField(body, 'app_metadata')
    const confirm = booleanField(body, 'email_confirm')

    const user = await ctx.deps.db.transaction(async (tx) => {
      const current = await findUserById(tx, target.id, true)
      if (!current) throw errors.userNotFound()
      const set = (column: string, value: unknown, cast = '') =>
        tx.query(`update auth.users set ${column} = $2${cast}, updated_at = $3 where id = $1`, [current.id, value, now])
      if (email && email !== current.email) {
        const owner = await findUserByEmail(tx, email)
        if (owner && owner.id !== current.id) throw errors.emailExists()
        await set('email', email)
        await tx.query(
          `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text)
            where user_id = $1 and provider = 'email'`,
          [current.id, email],
        )
      }
      if (passwordHash) await set('encrypted_password', passwordHash)
      if (confirm === true) await set('email_confirmed_at', current.email_confirmed_at ?? now)
      if (userMetadata)
        await set(
          'raw_user_meta_data',
          JSON.stringify(mergeMetadata(current.raw_user_meta_data, userMetadata)),
          '::jsonb',
        )
      if (appMetadata) {
        // provider/providers describe the identities and stay the server's.
        const merged = {
          ...mergeMetadata(current.raw_app_meta_data, appMetadata),
          provider: 'email',
          providers: ['email'],
        }
        await set('raw_app_meta_data', JSON.stringify(merged), '::jsonb')
      }
      if (bannedUntil !== undefined) {
        await set('banned_until', bannedUntil)
        // A ban ends every session at once; refreshes would fail anyway.
        if (bannedUntil) await tx.query('delete from auth.sessions where user_id = $1', [current.id])
      }
      return userJson(tx, (await findUserById(tx, current.id)) ?? current)
    })
    return c.json(user)
  }
}
