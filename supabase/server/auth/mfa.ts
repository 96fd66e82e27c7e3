// Second factors, TOTP and passkeys (WebAuthn): enrol (POST /factors), challenge and unenrol,
// with GoTrue's assurance-level rules. Verification is in mfa-verify.ts and mfa-verify-webauthn.ts.
import { randomUUID } from 'node:crypto'
import QRCode from 'qrcode'
import type { Context, Handler } from 'hono'
import { nowOf, type AuthContext, type AuthEnv } from './context'
import { AuthError, errors } from './errors'
import { clientIp, readBody, stringField } from './http'
import { isUuid } from '../../functions/_shared/uuid.ts'
import {
  deleteFactor,
  deleteStaleUnverifiedFactors,
  factorsOf,
  findFactor,
  insertChallenge,
  insertFactor,
} from './mfa-data'
import type { Queryable } from '../db/database'
import { authPolicy } from './runtime'
import { newTotp } from './totp'
import { sendSecurityNotice } from './notices'
import { siteConfig } from '../../functions/_shared/site.ts'
import { disabled } from './disabled-methods'
import { creationOptions, requestOptions, type StoredCredential } from './webauthn'

export const factorTypeOf = (factor: { factor_type: string }) =>
  factor.factor_type === 'webauthn' ? ('webauthn' as const) : ('totp' as const)

export function sessionOf(c: Context<AuthEnv>) {
  const session = c.get('caller').session
  if (!session) throw errors.jwtSessionNotFound()
  return session
}

export async function factorFromPath(ctx: AuthContext, c: Context<AuthEnv>) {
  const id = c.req.param('id')
  const factor = isUuid(id) ? await findFactor(ctx.deps.db, c.get('caller').user.id, id) : undefined
  if (!factor) throw errors.factorNotFound()
  return factor
}

export function enroll(ctx: AuthContext): Handler<AuthEnv> {
  return async (c) => {
    const { user } = c.get('caller')
    const session = sessionOf(c)
    const body = await readBody(c)
    const type = stringField(body, 'factor_type')
    if (type === 'phone') throw new AuthError(422, 'mfa_phone_enroll_not_enabled', 'MFA enroll is disabled for Phone')
    if (type === 'webauthn' && !ctx.deps.env.AUTH_MFA_WEB_AUTHN_ENROLL_ENABLED) throw disabled.webAuthnEnroll()
    if (type !== 'totp' && type !== 'webauthn')
      throw errors.validation('factor_type needs to be totp, phone, or webauthn')
    const friendlyName = stringField(body, 'friendly_name')?.trim() || null
    if (friendlyName && friendlyName.length > 120) throw errors.validation('friendly_name is too long')
    // Authenticator apps list the code under its issuer: the firm's name, not the server's host.
    const issuer = stringField(body, 'issuer')?.trim() || siteConfig.name
    const now = nowOf(ctx)

    const factor = await ctx.deps.db.transaction(async (tx) => {
      await deleteStaleUnverifiedFactors(
        tx,
        user.id,
        new Date(now.getTime() - authPolicy.unverifiedFactorSeconds * 1000),
      )
      const existing = await factorsOf(tx, user.id)
      if (friendlyName && existing.some((f) => f.friendly_name === friendlyName))
        throw errors.factorNameConflict(friendlyName)
      if (existing.length >= authPolicy.maxFactors) throw errors.tooManyFactors()
      if (existing.some((f) => f.status === 'verified') && session.aal !== 'aal2')
        throw errors.insufficientAal(403, 'AAL2 required to enroll a new factor')
      const id = randomUUID()
      // A passkey has no shared secret: its public key arrives with the registration (verify).
      const totp = type === 'totp' ? newTotp(issuer, user.email ?? user.id) : undefined
      await insertFactor(tx, { id, userId: user.id, friendlyName, type, secret: totp?.secret ?? '', now })
      return { id, totp }
    })
    if (!factor.totp) return c.json({ id: factor.id, type: 'webauthn', friendly_name: friendlyName ?? '' })
    // As GoTrue does: the raw SVG; auth-js itself turns it into a data URI for an <img>.
    const { secret, uri } = factor.totp
    const svg = await QRCode.toString(uri, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' })
    return c.json({
      id: factor.id,
      type: 'totp',
      friendly_name: friendlyName ?? '',
      totp: { qr_code: svg, secret, uri },
    })
  }
}

export function challenge(ctx: AuthContext): Handler<AuthEnv> {
  return async (c) => {
    const { user } = c.get('caller')
    sessionOf(c)
    const factor = await factorFromPath(ctx, c)
    const now = nowOf(ctx)
    const id = randomUUID()
    const expiresAt = Math.floor(now.getTime() / 1000) + authPolicy.mfaChallengeSeconds
    if (factor.factor_type !== 'webauthn') {
      await ctx.deps.db.transaction((tx) => insertChallenge(tx, { id, factorId: factor.id, ip: clientIp(c), now }))
      return c.json({ id, type: factor.factor_type, expires_at: expiresAt })
    }
    if (!ctx.deps.env.AUTH_MFA_WEB_AUTHN_VERIFY_ENABLED) throw disabled.webAuthnChallenge()
    // The body's `webauthn` (auth-js sends the page's rpId and origins) is not trusted: the
    // relying party is the server's setting, as on GoTrue.
    await readBody(c)
    const expires = new Date(expiresAt * 1000)
    // A verified passkey always has its credential (mfa-verify-webauthn.ts writes both at once).
    if (factor.status === 'verified' && !factor.web_authn_credential) throw errors.factorNotFound()
    const ceremony =
      factor.status === 'verified'
        ? await requestOptions(ctx, user, factor.web_authn_credential as StoredCredential, expires)
        : await creationOptions(ctx, user, await passkeysOf(ctx.deps.db, user.id), expires)
    await ctx.deps.db.transaction((tx) =>
      insertChallenge(tx, { id, factorId: factor.id, ip: clientIp(c), now, webAuthn: ceremony.session }),
    )
    return c.json({
      id,
      type: 'webauthn',
      expires_at: expiresAt,
      webauthn: {
        type: factor.status === 'verified' ? 'request' : 'create',
        credential_options: ceremony.options,
      },
    })
  }
}

/** The user's verified passkeys, which a new registration must not repeat. */
async function passkeysOf(q: Queryable, userId: string): Promise<StoredCredential[]> {
  return (await factorsOf(q, userId))
    .filter((f) => f.factor_type === 'webauthn' && f.status === 'verified' && f.web_authn_credential)
    .map((f) => f.web_authn_credential as StoredCredential)
}

export function unenroll(ctx: AuthContext): Handler<AuthEnv> {
  return async (c) => {
    const { user } = c.get('caller')
    const session = sessionOf(c)
    const factor = await factorFromPath(ctx, c)
    if (session.aal !== 'aal2') {
      if (factor.status === 'verified') throw errors.insufficientAal(422, 'AAL2 required to unenroll verified factor')
      const others = await factorsOf(ctx.deps.db, user.id)
      if (others.some((f) => f.status === 'verified'))
        throw errors.insufficientAal(422, 'AAL2 required to unenroll a factor while a verified factor exists')
    }
    await ctx.deps.db.transaction(async (tx) => {
      // Staff need a second factor to use the admin area at all: their last one stays.
      if (factor.status === 'verified') {
        const verified = (await factorsOf(tx, user.id)).filter((f) => f.status === 'verified')
        if (verified.length === 1 && (await isStaff(tx, user.id)))
          throw new AuthError(422, 'staff_factor_required', 'Staff accounts must keep a verified second factor')
      }
      await deleteFactor(tx, factor)
    })
    if (factor.status === 'verified')
      sendSecurityNotice(ctx, user, 'factor_removed', factor.friendly_name, factorTypeOf(factor))
    return c.json({ id: factor.id })
  }
}

/** Whether the account is a staff member's (the site's profiles table says so). */
async function isStaff(q: Queryable, userId: string): Promise<boolean> {
  const { rows } = await q.query<{ role: string }>('select role from public.profiles where id = $1', [userId])
  return rows[0]?.role === 'admin' || rows[0]?.role === 'super_admin'
}
