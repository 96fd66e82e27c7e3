// The sign-in methods this project keeps off answer as a Supabase project with them off: SAML SSO,
// Web3 wallets, third-party ID tokens, manual identity linking and phone numbers, each with
// GoTrue's status, error_code and message (internal/api of supabase/auth).
import { afterAll, beforeAll, expect, it } from 'vitest'
import { describeEachDatabase, startTestServer, type TestServer } from '../support/server'
import { authRequest, failureOf, password, relaxLimits, signUp, type SignedUpUser } from './support/helpers'

/** An unsigned JWT with these claims: GoTrue reads the issuer of Apple's and Azure's tokens before checking them. */
const unsignedJwt = (claims: Record<string, unknown>) =>
  ['{"alg":"RS256"}', JSON.stringify(claims), 'signature']
    .map((part, index) => (index < 2 ? Buffer.from(part).toString('base64url') : part))
    .join('.')

describeEachDatabase('sign-in methods that are off, on %s', (kind) => {
  let server: TestServer
  let user: SignedUpUser
  beforeAll(async () => {
    server = await startTestServer(kind)
    relaxLimits(server)
    user = await signUp(server)
  })
  afterAll(() => server.close())

  it('answers OAuth sign-in (the page signInWithOAuth opens) with 400: no provider is enabled', async () => {
    const { data } = await server
      .client()
      .auth.signInWithOAuth({ provider: 'github', options: { skipBrowserRedirect: true } })
    const path = new URL(data.url!).pathname + new URL(data.url!).search
    expect(path).toMatch(/^\/auth\/v1\/authorize\?provider=github/)
    const cases = [
      [path.replace('/auth/v1', ''), 'Unsupported provider: provider is not enabled'],
      ['/authorize?provider=nope', 'Unsupported provider: Provider nope could not be found'],
    ]
    for (const [url, message] of cases) {
      const failure = await failureOf(await authRequest(server, url!))
      expect(failure).toMatchObject({ status: 400, body: { code: 'validation_failed', message } })
    }
  })

  it('answers SSO with 404 saml_provider_disabled, on every /sso path', async () => {
    const byProvider = await server.client().auth.signInWithSSO({ providerId: 'valid-provider-id' })
    const byDomain = await server.client().auth.signInWithSSO({ domain: 'example.com' })
    for (const { data, error } of [byProvider, byDomain]) {
      expect(data).toBeNull()
      expect(error).toMatchObject({ status: 404, code: 'saml_provider_disabled', message: 'SAML 2.0 is disabled' })
    }
    for (const [path, method] of [
      ['/sso/saml/metadata', 'GET'],
      ['/sso/saml/acs', 'POST'],
    ] as const) {
      const failure = await failureOf(await authRequest(server, path, { method }))
      expect(failure).toMatchObject({ status: 404, body: { code: 'saml_provider_disabled' } })
    }
  })

  it('answers a Web3 sign-in with 422 web3_provider_disabled', async () => {
    const { data, error } = await server.client().auth.signInWithWeb3({
      chain: 'ethereum',
      message: 'example.com wants you to sign in with your Ethereum account',
      signature: '0x1234',
    })
    expect(data.session).toBeNull()
    expect(error).toMatchObject({ status: 422, code: 'web3_provider_disabled', message: 'Web3 provider is disabled' })
  })

  it('answers an ID token by its provider: provider_disabled, or the check GoTrue makes first', async () => {
    const auth = server.client().auth
    const google = await auth.signInWithIdToken({ provider: 'google', token: 'mock-id-token', nonce: 'n' })
    expect(google.data.session).toBeNull()
    expect(google.error).toMatchObject({
      status: 400,
      code: 'provider_disabled',
      message: 'Provider (issuer "https://accounts.google.com") is not enabled',
    })
    const apple = await auth.signInWithIdToken({
      provider: 'apple',
      token: unsignedJwt({ iss: 'https://appleid.apple.com', sub: 'x' }),
    })
    expect(apple.error?.message).toBe('Provider (issuer "https://appleid.apple.com") is not enabled')
    const cases: [Parameters<typeof auth.signInWithIdToken>[0], string][] = [
      [{ provider: 'apple', token: 'not-a-jwt' }, 'Unable to detect issuer in ID token for Apple provider'],
      [
        { provider: 'azure', token: unsignedJwt({ iss: 'https://accounts.google.com' }) },
        'Detected ID token issuer is not an Azure ID token issuer',
      ],
      [{ provider: 'custom:my-oidc', token: 'mock-id-token' }, 'Custom provider "custom:my-oidc" not found'],
      [{ provider: 'github', token: 'mock-id-token' }, 'Custom OIDC provider "github" not allowed'],
    ]
    for (const [credentials, message] of cases) {
      const { error } = await auth.signInWithIdToken(credentials)
      expect(error).toMatchObject({ status: 400, code: 'validation_failed', message })
    }
    // Without a token, GoTrue's OAuth-style body.
    const missing = await authRequest(server, '/token?grant_type=id_token', {
      method: 'POST',
      json: { provider: 'google' },
    })
    expect(await failureOf(missing)).toMatchObject({
      status: 400,
      body: { error: 'invalid request', error_description: 'id_token required' },
    })
  })

  it('answers identity linking with 404 manual_linking_disabled, once signed in', async () => {
    const identities = await user.client.auth.getUserIdentities()
    expect(identities.data?.identities.map((identity) => identity.provider)).toEqual(['email'])
    const linked = await user.client.auth.linkIdentity({ provider: 'google', options: { redirectTo: server.url } })
    const unlinked = await user.client.auth.unlinkIdentity(identities.data!.identities[0]!)
    for (const { error } of [linked, unlinked])
      expect(error).toMatchObject({
        status: 404,
        code: 'manual_linking_disabled',
        message: 'Manual linking is disabled',
      })
    // Linking an ID token meets the provider first; without a session, the guard answers.
    const byToken = await user.client.auth.linkIdentity({ provider: 'google', token: 'mock-id-token' } as never)
    expect(byToken.error).toMatchObject({ status: 400, code: 'provider_disabled' })
    const anonymous = await authRequest(server, '/user/identities/authorize?provider=google', {
      headers: { authorization: '' },
    })
    expect(await failureOf(anonymous)).toMatchObject({ status: 401, body: { code: 'no_authorization' } })
  })

  it('answers phone codes, sign-ups and sign-ins as with the phone provider off', async () => {
    const auth = server.client().auth
    for (const type of ['sms', 'phone_change'] as const) {
      const { data, error } = await auth.verifyOtp({ phone: '+15555550123', token: '123456', type })
      expect(data.user).toBeNull()
      expect(error).toMatchObject({ status: 403, code: 'otp_expired', message: 'Token has expired or is invalid' })
    }
    const malformed = await auth.verifyOtp({ phone: '+1555-invalid', token: '123456', type: 'sms' })
    expect(malformed.error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Invalid phone number format (E.164 required)',
    })
    const byHash = await auth.verifyOtp({ token_hash: 'abc', type: 'sms' as never })
    expect(byHash.error).toMatchObject({ status: 400, message: 'Invalid email verification type' })

    const expected: [Promise<{ error: unknown }>, number, string, string][] = [
      [auth.signInWithOtp({ phone: '+15555550123' }), 400, 'phone_provider_disabled', 'Unsupported phone provider'],
      [
        auth.signInWithOtp({ phone: '+15555550123', options: { shouldCreateUser: false } }),
        422,
        'otp_disabled',
        'Signups not allowed for otp',
      ],
      [auth.signUp({ phone: '+15555550123', password }), 400, 'phone_provider_disabled', 'Phone signups are disabled'],
      [
        auth.signInWithPassword({ phone: '+15555550123', password }),
        422,
        'phone_provider_disabled',
        'Phone logins are disabled',
      ],
      [
        auth.resend({ type: 'sms', phone: '+15555550123' }),
        400,
        'phone_provider_disabled',
        'Phone logins are disabled',
      ],
    ]
    for (const [call, status, code, message] of expected)
      expect((await call).error).toMatchObject({ status, code, message })
  })
})
