// Passkeys (WebAuthn) as a second factor: the ceremonies' options and their checks, done by
// @simplewebauthn/server, and the records GoTrue keeps of them. A challenge's expectations go to
// auth.mfa_challenges.web_authn_session_data and a verified passkey to
// auth.mfa_factors.web_authn_credential, in the JSON shapes GoTrue's WebAuthn library writes
// (byte strings as standard base64), so a database moved to Supabase Auth keeps working passkeys.
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server'
import { webAuthnRelyingParty } from '../env'
import { siteConfig } from '../../functions/_shared/site.ts'
import type { AuthContext } from './context'
import { authPolicy } from './runtime'
import type { UserRow } from './users'

/** What a challenge expects of the answer (GoTrue's SessionData). */
export interface WebAuthnSession {
  challenge: string
  rpId: string
  user_id: string
  allowed_credentials?: string[]
  expires: string
  userVerification: 'preferred'
  credParams?: { type: 'public-key'; alg: number }[]
}

/** A verified passkey (GoTrue's Credential record). */
export interface StoredCredential {
  id: string
  publicKey: string
  attestationType: string
  attestationFormat: string
  transport: string[]
  flags: { userPresent: boolean; userVerified: boolean; backupEligible: boolean; backupState: boolean }
  authenticator: { AAGUID: string; signCount: number; cloneWarning: boolean; attachment: string }
}

export type Ceremony = 'create' | 'request'

// ES256, EdDSA, RS256: what authenticators in use offer.
const algorithms = [-7, -8, -257]

const std = (base64url: string) => Buffer.from(base64url, 'base64url').toString('base64')
const url = (base64: string) => Buffer.from(base64, 'base64').toString('base64url')

export function relyingParty(ctx: AuthContext) {
  const { env } = ctx.deps
  return { ...webAuthnRelyingParty(env), name: env.AUTH_WEBAUTHN_RP_DISPLAY_NAME ?? siteConfig.name }
}

/** Options for navigator.credentials.create(), excluding the passkeys the user already has. */
export async function creationOptions(ctx: AuthContext, user: UserRow, existing: StoredCredential[], expires: Date) {
  const rp = relyingParty(ctx)
  const name = user.email ?? user.id
  const publicKey = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    // GoTrue's user handle: the user's id as text.
    userID: new TextEncoder().encode(user.id),
    userName: name,
    userDisplayName: name,
    timeout: authPolicy.mfaChallengeSeconds * 1000,
    attestationType: 'none',
    excludeCredentials: existing.map((credential) => ({ id: url(credential.id), transports: credential.transport })),
    authenticatorSelection: { residentKey: 'discouraged', userVerification: 'preferred' },
    supportedAlgorithmIDs: algorithms,
  })
  const session: WebAuthnSession = {
    challenge: publicKey.challenge,
    rpId: rp.id,
    user_id: Buffer.from(user.id).toString('base64'),
    expires: expires.toISOString(),
    userVerification: 'preferred',
    credParams: publicKey.pubKeyCredParams.map(({ alg }) => ({ type: 'public-key', alg })),
  }
  return { options: { publicKey }, session }
}

/** Options for navigator.credentials.get() with this factor's passkey. */
export async function requestOptions(ctx: AuthContext, user: UserRow, credential: StoredCredential, expires: Date) {
  const rp = relyingParty(ctx)
  const publicKey = await generateAuthenticationOptions({
    rpID: rp.id,
    allowCredentials: [{ id: url(credential.id), transports: credential.transport }],
    timeout: authPolicy.mfaChallengeSeconds * 1000,
    userVerification: 'preferred',
  })
  const session: WebAuthnSession = {
    challenge: publicKey.challenge,
    rpId: rp.id,
    user_id: Buffer.from(user.id).toString('base64'),
    allowed_credentials: [credential.id],
    expires: expires.toISOString(),
    userVerification: 'preferred',
  }
  return { options: { publicKey }, session }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
const isBase64url = (value: unknown, max: number): value is string =>
  typeof value === 'string' && value.length > 0 && value.length <= max && /^[A-Za-z0-9_-]+={0,2}$/.test(value)

/**
 * The browser's answer as auth-js serializes it (RegistrationResponseJSON or
 * AuthenticationResponseJSON), or undefined when it is not one: GoTrue's "Invalid credential_response".
 */
export function parseCredentialResponse(
  ceremony: Ceremony,
  value: unknown,
): RegistrationResponseJSON | AuthenticationResponseJSON | undefined {
  if (!isRecord(value) || !isRecord(value.response) || value.type !== 'public-key') return undefined
  if (!isBase64url(value.id, 1400) || !isBase64url(value.rawId, 1400)) return undefined
  const response = value.response
  if (!isBase64url(response.clientDataJSON, 8192)) return undefined
  if (ceremony === 'create') {
    if (!isBase64url(response.attestationObject, 32768)) return undefined
    if (response.transports !== undefined && !isStringList(response.transports)) return undefined
  } else {
    if (!isBase64url(response.authenticatorData, 8192) || !isBase64url(response.signature, 2048)) return undefined
    if (response.userHandle != null && !isBase64url(response.userHandle, 256)) return undefined
  }
  return value as unknown as RegistrationResponseJSON | AuthenticationResponseJSON
}

const isStringList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.length <= 10 && value.every((item) => typeof item === 'string' && item.length <= 32)

/** A registration answered to `session`: the new passkey, or undefined when it does not hold. */
export async function checkRegistration(
  ctx: AuthContext,
  session: WebAuthnSession,
  response: RegistrationResponseJSON,
): Promise<StoredCredential | undefined> {
  try {
    const { verified, registrationInfo: info } = await verifyRegistrationResponse({
      response,
      expectedChallenge: session.challenge,
      expectedOrigin: relyingParty(ctx).origins,
      expectedRPID: session.rpId,
      requireUserVerification: false,
      supportedAlgorithmIDs: session.credParams?.map(({ alg }) => alg) ?? algorithms,
    })
    if (!verified) return undefined
    return {
      id: std(info.credential.id),
      publicKey: Buffer.from(info.credential.publicKey).toString('base64'),
      attestationType: 'none',
      attestationFormat: info.fmt,
      transport: info.credential.transports ?? [],
      flags: {
        userPresent: true,
        userVerified: info.userVerified,
        backupEligible: info.credentialDeviceType === 'multiDevice',
        backupState: info.credentialBackedUp,
      },
      authenticator: {
        AAGUID: Buffer.from(info.aaguid.replaceAll('-', ''), 'hex').toString('base64'),
        signCount: info.credential.counter,
        cloneWarning: false,
        attachment: typeof response.authenticatorAttachment === 'string' ? response.authenticatorAttachment : '',
      },
    }
  } catch {
    // Every malformed or forged answer lands here: it is the client's fault, never a 500.
    return undefined
  }
}

/**
 * An assertion answered to `session` with `credential`: the authenticator's new signature
 * counter, or undefined when it does not hold (wrong key, challenge, origin or RP ID, or a
 * counter that did not move on, which is a replayed or cloned authenticator's).
 */
export async function checkAssertion(
  ctx: AuthContext,
  session: WebAuthnSession,
  credential: StoredCredential,
  response: AuthenticationResponseJSON,
): Promise<number | undefined> {
  if (!session.allowed_credentials?.includes(std(response.rawId))) return undefined
  try {
    const { verified, authenticationInfo } = await verifyAuthenticationResponse({
      response,
      expectedChallenge: session.challenge,
      expectedOrigin: relyingParty(ctx).origins,
      expectedRPID: session.rpId,
      credential: {
        id: url(credential.id),
        publicKey: Buffer.from(credential.publicKey, 'base64'),
        counter: credential.authenticator.signCount,
      },
      requireUserVerification: false,
    })
    return verified ? authenticationInfo.newCounter : undefined
  } catch {
    return undefined
  }
}

/** The authenticator's model (AAGUID) as a uuid, as GoTrue keeps it (all zeros when unnamed). */
export function aaguidOf(credential: StoredCredential): string | null {
  const hex = Buffer.from(credential.authenticator.AAGUID, 'base64').toString('hex')
  if (hex.length !== 32) return null
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}
