// The sign-in methods this project keeps off (OAuth providers, SAML SSO, Web3 wallets, third-party
// ID tokens, manual identity linking, phone numbers), answered as Supabase Auth answers on a project
// where they are off: the same status, error_code and message, found in the order GoTrue checks them.
import type { Context, Handler } from 'hono'
import type { AuthContext } from './context'
import { AuthError, errors, oauthError } from './errors'
import { checkRateLimit, requireUser } from './guards'
import { readBody, stringField, type Body } from './http'

export const disabled = {
  saml: () => new AuthError(404, 'saml_provider_disabled', 'SAML 2.0 is disabled'),
  web3: () => new AuthError(422, 'web3_provider_disabled', 'Web3 provider is disabled'),
  manualLinking: () => new AuthError(404, 'manual_linking_disabled', 'Manual linking is disabled'),
  provider: (issuer: string) =>
    new AuthError(400, 'provider_disabled', `Provider (issuer ${goQuote(issuer)}) is not enabled`),
  phoneLogins: (status: 400 | 422) => new AuthError(status, 'phone_provider_disabled', 'Phone logins are disabled'),
  phoneSignups: () => new AuthError(400, 'phone_provider_disabled', 'Phone signups are disabled'),
  phoneOtp: () => new AuthError(400, 'phone_provider_disabled', 'Unsupported phone provider'),
  // Passkeys as a second factor (AUTH_MFA_WEB_AUTHN_*_ENABLED). GoTrue's verify answers with the
  // enrolment's code, a slip kept here as clients may match on it.
  webAuthnEnroll: () => new AuthError(422, 'mfa_webauthn_enroll_not_enabled', 'MFA enroll is disabled for WebAuthn'),
  webAuthnChallenge: () =>
    new AuthError(422, 'mfa_webauthn_verify_not_enabled', 'MFA verification is disabled for WebAuthn'),
  webAuthnVerify: () =>
    new AuthError(422, 'mfa_webauthn_enroll_not_enabled', 'MFA verification is disabled for WebAuthn'),
}

/** Go's `%q` for the ASCII names and URLs it quotes here. */
const goQuote = (value: string) => JSON.stringify(value)

/** `/sso`, `/sso/saml/metadata`, `/sso/saml/acs`: refused before anything else is read. */
export function samlDisabled(): Handler {
  return () => {
    throw disabled.saml()
  }
}

// The OAuth providers GoTrue knows by name (internal/api/provider_constants.go).
const oauthProviders = new Set(
  'apple azure bitbucket discord facebook figma fly github gitlab google kakao keycloak linkedin linkedin_oidc notion snapchat spotify slack slack_oidc twitch twitter x vercel_marketplace workos zoom'.split(
    ' ',
  ),
)

/** `GET /authorize` (where signInWithOAuth sends the browser): no OAuth provider is enabled. */
export function oauthDisabled(): Handler {
  return (c) => {
    const name = (c.req.query('provider') ?? '').toLowerCase()
    const reason = name.startsWith('custom:')
      ? `custom provider ${name} not found`
      : oauthProviders.has(name)
        ? 'provider is not enabled'
        : `Provider ${name} could not be found`
    throw errors.validation(`Unsupported provider: ${reason}`)
  }
}

/** `/user/identities/authorize` and `DELETE /user/identities/:id`, behind the signed-in guard. */
export function manualLinkingDisabled(): Handler {
  return () => {
    throw disabled.manualLinking()
  }
}

/** `/token?grant_type=web3`: GoTrue refuses it, once rate-limited, before reading the body. */
export function web3Grant(ctx: AuthContext, c: Context): never {
  checkRateLimit(ctx, c, 'signIn', errors.requestRateLimit)
  throw disabled.web3()
}

/** GoTrue's OAuth-style refusals of the id_token grant (its error is spelt with a space). */
const invalidRequest = (description: string) => oauthError('invalid request', description)

// Issuers of the providers GoTrue knows by name (internal/api/provider).
const issuers: Record<string, string> = {
  google: 'https://accounts.google.com',
  facebook: 'https://www.facebook.com',
  kakao: 'https://kauth.kakao.com',
  vercel_marketplace: 'https://marketplace.vercel.com',
  snapchat: 'https://accounts.snapchat.com/accounts/oauth2/token',
}
const appleIssuers = new Set(['https://appleid.apple.com', 'https://account.apple.com'])
const azureIssuer = /^https:\/\/login[.]microsoftonline[.]com\/([^/]+)\/v2[.]0\/?$/

/** The `iss` of a JWT read without checking it, as GoTrue detects Apple's and Azure's issuers. */
function unverifiedIssuer(idToken: string): string | undefined {
  const parts = idToken.split('.')
  if (parts.length !== 3 || !/^[A-Za-z0-9_-]*$/.test(parts[1] ?? '')) return undefined
  try {
    const payload = JSON.parse(Buffer.from(parts[1] ?? '', 'base64url').toString('utf8')) as unknown
    if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return undefined
    const iss = (payload as Record<string, unknown>).iss
    return typeof iss === 'string' ? iss : ''
  } catch {
    return undefined
  }
}

/**
 * The issuer GoTrue would verify the ID token against; every named provider is off here, so the
 * answer is its `provider_disabled`, or the validation error GoTrue finds before it.
 */
function providerIssuer(provider: string, issuer: string, idToken: string): string {
  const detected = (name: 'Apple' | 'Azure', accepts: (iss: string) => boolean) => {
    const iss = unverifiedIssuer(idToken)
    if (iss === undefined) throw errors.validation(`Unable to detect issuer in ID token for ${name} provider`)
    if (!accepts(iss)) throw errors.validation(`Detected ID token issuer is not an ${name} ID token issuer`)
    if (issuer !== '' && issuer !== iss) throw errors.validation('Provided issuer does not match ID token issuer')
    return iss
  }
  if (provider === 'apple' || appleIssuers.has(issuer)) return detected('Apple', (iss) => appleIssuers.has(iss))
  if (provider === 'google' || issuer === issuers.google) return issuers.google!
  if (provider === 'azure' || azureIssuer.test(issuer))
    return detected(
      'Azure',
      (iss) => iss.startsWith('https://login.microsoftonline.com/') || iss.startsWith('https://sts.windows.net/'),
    )
  if (provider === 'facebook' || issuer === issuers.facebook) return issuers.facebook!
  // Keycloak's issuer is its configured URL, which a project without Keycloak leaves empty.
  if (provider === 'keycloak') return ''
  for (const name of ['kakao', 'vercel_marketplace', 'snapchat'])
    if (provider === name || issuer === issuers[name]) return issuers[name]!
  if (provider.startsWith('custom:')) throw errors.validation(`Custom provider ${goQuote(provider)} not found`)
  throw errors.validation(`Custom OIDC provider ${goQuote(provider)} not allowed`)
}

/** `/token?grant_type=id_token` (signInWithIdToken, and linkIdentity with a token). */
export async function idTokenGrant(ctx: AuthContext, c: Context): Promise<never> {
  checkRateLimit(ctx, c, 'signIn', errors.requestRateLimit)
  const body: Body = await readBody(c)
  const idToken = stringField(body, 'id_token') ?? ''
  const provider = stringField(body, 'provider') ?? ''
  const issuer = stringField(body, 'issuer') ?? ''
  const clientId = stringField(body, 'client_id') ?? ''
  if (idToken === '') throw invalidRequest('id_token required')
  if (provider === '' && (clientId === '' || issuer === ''))
    throw invalidRequest('provider or client_id and issuer required')
  if (body.link_identity === true) {
    if (!c.req.header('authorization'))
      throw invalidRequest('Linking requires a valid user access token in Authorization')
    await requireUser(ctx)(c, async () => undefined)
  }
  throw disabled.provider(providerIssuer(provider, issuer, idToken))
}

/** GoTrue's phone check (E.164 without its `+`): the number as GoTrue stores it. */
export function validatePhone(phone: string): string {
  const formatted = phone.replace(/^\+/, '').replaceAll(' ', '')
  if (!/^[1-9][0-9]{1,14}$/.test(formatted)) throw errors.validation('Invalid phone number format (E.164 required)')
  return formatted
}
