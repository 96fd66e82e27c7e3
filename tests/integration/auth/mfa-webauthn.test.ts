// Passkeys (WebAuthn) as a second factor through supabase-js, with a software authenticator
// (support/passkey.ts): enrolment and registration, a later sign-in proved with an assertion,
// what must fail (wrong origin or RP ID, a replayed or cloned assertion, another user's factor,
// hostile bodies), the account lock counting passkeys, and the settings that keep it off.
import { describe, expect, it } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import { describeEachDatabase, describeOnOneDatabase } from '../support/server'
import { authRequest, claimsOf, failureOf, signIn, signUp, useAuthServer } from './support/helpers'
import { SoftwarePasskey, type CreationOptions, type Overrides, type RequestOptions } from './support/passkey'

const enabled = { AUTH_MFA_WEB_AUTHN_ENROLL_ENABLED: 'true', AUTH_MFA_WEB_AUTHN_VERIFY_ENABLED: 'true' }

/** A challenge as supabase-js returns it, options already turned to bytes. */
async function challengeOf(client: SupabaseClient, factorId: string) {
  const { data, error } = await client.auth.mfa.challenge({ factorId, webauthn: { rpId: 'localhost' } })
  if (error || !data) throw new Error(`challenge failed: ${error?.message}`)
  if (data.type !== 'webauthn') throw new Error('not a WebAuthn challenge')
  return data
}

/** Answers a WebAuthn challenge with the passkey: `create` registers it, `request` signs in with it. */
async function answerChallenge(
  type: 'create' | 'request',
  client: SupabaseClient,
  factorId: string,
  passkey: SoftwarePasskey,
  overrides?: Overrides,
) {
  const challenge = await challengeOf(client, factorId)
  expect(challenge.webauthn.type).toBe(type)
  const options = challenge.webauthn.credential_options.publicKey as unknown
  const credential =
    type === 'create'
      ? passkey.create(options as CreationOptions, overrides)
      : passkey.get(options as RequestOptions, overrides)
  return verifyWebauthn(client, factorId, challenge.id, type, credential)
}

/** Verifies a WebAuthn challenge with the credential a passkey made for it. */
function verifyWebauthn(
  client: SupabaseClient,
  factorId: string,
  challengeId: string,
  type: 'create' | 'request',
  credential: unknown,
) {
  return client.auth.mfa.verify({
    factorId,
    challengeId,
    webauthn: { type, rpId: 'localhost', credential_response: credential } as never,
  })
}

const register = (client: SupabaseClient, factorId: string, passkey: SoftwarePasskey, overrides?: Overrides) =>
  answerChallenge('create', client, factorId, passkey, overrides)
const authenticate = (client: SupabaseClient, factorId: string, passkey: SoftwarePasskey, overrides?: Overrides) =>
  answerChallenge('request', client, factorId, passkey, overrides)

describeEachDatabase('Passkeys as a second factor on %s', (kind) => {
  const server = useAuthServer(kind, enabled)

  const sql = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    (await server.deps.db.query(text, params)).rows as T[]

  const enrolled = async (name = 'Security key') => {
    const user = await signUp(server)
    const { data: factor, error } = await user.client.auth.mfa.enroll({ factorType: 'webauthn', friendlyName: name })
    expect(error).toBeNull()
    return { user, factorId: factor!.id, passkey: new SoftwarePasskey(server.url) }
  }

  const registered = async () => {
    const setup = await enrolled()
    const { error } = await register(setup.user.client, setup.factorId, setup.passkey)
    expect(error).toBeNull()
    return setup
  }

  it('enrols a passkey, registers it and brings the session to aal2', async () => {
    const { user, factorId, passkey } = await enrolled('YubiKey')
    const listed = await user.client.auth.mfa.listFactors()
    expect(listed.data?.all).toMatchObject([{ id: factorId, factor_type: 'webauthn', status: 'unverified' }])
    expect(listed.data?.webauthn).toEqual([])

    const challenge = await challengeOf(user.client, factorId)
    const options = challenge.webauthn.credential_options.publicKey as unknown as CreationOptions & {
      attestation?: string
    }
    expect(options.rp).toEqual({ id: 'localhost', name: 'Cauce Data' })
    expect(options.user.name).toBe(user.email)
    // GoTrue's user handle: the user's id as text.
    expect(Buffer.from(options.user.id as ArrayBuffer).toString()).toBe(user.id)
    expect(options.attestation).toBe('none')
    // Kept as GoTrue keeps it: the expected challenge and RP ID on the challenge row.
    const [stored] = await sql<{ web_authn_session_data: { challenge: string; rpId: string } }>(
      'select web_authn_session_data from auth.mfa_challenges where id = $1',
      [challenge.id],
    )
    expect(stored!.web_authn_session_data).toMatchObject({
      challenge: Buffer.from(options.challenge as ArrayBuffer).toString('base64url'),
      rpId: 'localhost',
    })

    const { data: session, error } = await verifyWebauthn(
      user.client,
      factorId,
      challenge.id,
      'create',
      passkey.create(options),
    )
    expect(error).toBeNull()
    const claims = claimsOf(session!.access_token)
    expect(claims.aal).toBe('aal2')
    expect(claims.amr.map((entry) => entry.method)).toEqual(['mfa/webauthn', 'password'])

    const after = await user.client.auth.mfa.listFactors()
    expect(after.data?.webauthn).toMatchObject([{ id: factorId, status: 'verified', friendly_name: 'YubiKey' }])
    const [factor] = await sql<{ web_authn_credential: { id: string }; web_authn_aaguid: string }>(
      'select web_authn_credential, web_authn_aaguid from auth.mfa_factors where id = $1',
      [factorId],
    )
    expect(factor!.web_authn_credential.id).toBe(passkey.credentialId.toString('base64'))
    expect(factor!.web_authn_aaguid.replaceAll('-', '')).toBe(passkey.aaguid.toString('hex'))
    expect(await sql('select 1 from auth.mfa_challenges where id = $1', [challenge.id])).toEqual([])
  })

  it('proves a later sign-in with an assertion, moving the signature counter on', async () => {
    const { user, factorId, passkey } = await registered()
    const { client, session } = await signIn(server, user.email)
    expect(claimsOf(session.access_token).aal).toBe('aal1')

    const challenge = await challengeOf(client, factorId)
    const options = challenge.webauthn.credential_options.publicKey as unknown as RequestOptions
    expect(options.rpId).toBe('localhost')
    expect(options.allowCredentials!.map((c) => Buffer.from(c.id as ArrayBuffer).toString('base64url'))).toEqual([
      passkey.id,
    ])
    const { data, error } = await verifyWebauthn(client, factorId, challenge.id, 'request', passkey.get(options))
    expect(error).toBeNull()
    expect(claimsOf(data!.access_token).aal).toBe('aal2')
    expect((await client.auth.mfa.getAuthenticatorAssuranceLevel()).data?.currentLevel).toBe('aal2')
    const counterOf = async () =>
      (
        await sql<{ count: number }>(
          `select (web_authn_credential -> 'authenticator' ->> 'signCount')::int as count
           from auth.mfa_factors where id = $1`,
          [factorId],
        )
      )[0]!.count
    expect(await counterOf()).toBe(1)
    expect((await authenticate(client, factorId, passkey)).error).toBeNull()
    expect(await counterOf()).toBe(2)

    // At aal2 the passkey can be removed; the session falls back to aal1.
    expect((await client.auth.mfa.unenroll({ factorId })).error).toBeNull()
    const { data: refreshed } = await client.auth.refreshSession()
    expect(claimsOf(refreshed.session!.access_token).aal).toBe('aal1')
  })

  it('refuses a registration or assertion made for another origin or RP ID', async () => {
    const { user, factorId, passkey } = await enrolled()
    for (const overrides of [{ origin: 'https://evil.example' }, { rpId: 'evil.example' }, { type: 'webauthn.get' }]) {
      const { error } = await register(user.client, factorId, passkey, overrides)
      expect(error).toMatchObject({ status: 400, code: 'webauthn_verification_failed' })
    }
    expect(await sql('select status from auth.mfa_factors where id = $1', [factorId])).toEqual([
      { status: 'unverified' },
    ])

    expect((await register(user.client, factorId, passkey)).error).toBeNull()
    const { client } = await signIn(server, user.email)
    for (const overrides of [{ origin: 'http://localhost:1' }, { rpId: 'example.com' }]) {
      const { error } = await authenticate(client, factorId, passkey, overrides)
      expect(error).toMatchObject({ status: 400, code: 'webauthn_verification_failed' })
    }
    expect((await client.auth.mfa.getAuthenticatorAssuranceLevel()).data?.currentLevel).toBe('aal1')
  })

  it('refuses a replayed assertion and one whose counter did not move on', async () => {
    const { user, factorId, passkey } = await registered()
    const { session } = await signIn(server, user.email)
    const token = session.access_token
    const challenge = async () => {
      const response = await authRequest(server, `/factors/${factorId}/challenge`, {
        method: 'POST',
        token,
        json: {},
      })
      expect(response.status).toBe(200)
      return (await response.json()) as { id: string; webauthn: { credential_options: { publicKey: never } } }
    }
    const verify = (challengeId: string, credential: unknown) =>
      authRequest(server, `/factors/${factorId}/verify`, {
        method: 'POST',
        token,
        json: { challenge_id: challengeId, webauthn: { type: 'request', credential_response: credential } },
      })
    // The JSON the browser would send (supabase-js's serialization of a credential).
    const asJson = (credential: ReturnType<SoftwarePasskey['get']>) => ({
      id: credential.id,
      rawId: credential.id,
      type: 'public-key',
      clientExtensionResults: {},
      response: {
        authenticatorData: Buffer.from(credential.response.authenticatorData).toString('base64url'),
        clientDataJSON: Buffer.from(credential.response.clientDataJSON).toString('base64url'),
        signature: Buffer.from(credential.response.signature).toString('base64url'),
      },
    })
    const requestOptions = (publicKey: { challenge: string }) => ({
      challenge: Buffer.from(publicKey.challenge, 'base64url'),
    })

    const first = await challenge()
    const assertion = asJson(passkey.get(requestOptions(first.webauthn.credential_options.publicKey)))
    expect((await verify(first.id, assertion)).status).toBe(200)
    // The same answer again: its challenge is spent.
    expect(await failureOf(await verify(first.id, assertion))).toMatchObject({
      status: 422,
      body: { code: 'mfa_factor_not_found' },
    })
    // Against a new challenge: it signed another one.
    const second = await challenge()
    expect(await failureOf(await verify(second.id, assertion))).toMatchObject({
      status: 400,
      body: { code: 'webauthn_verification_failed' },
    })
    // A fresh signature with a counter that did not move on: a cloned authenticator's.
    const cloned = asJson(passkey.get(requestOptions(second.webauthn.credential_options.publicKey), { counter: 1 }))
    expect(await failureOf(await verify(second.id, cloned))).toMatchObject({
      status: 400,
      body: { code: 'webauthn_verification_failed' },
    })
    const fine = asJson(passkey.get(requestOptions(second.webauthn.credential_options.publicKey)))
    expect((await verify(second.id, fine)).status).toBe(200)
  })

  it("answers for another user's factor exactly as for one that does not exist", async () => {
    const owner = await registered()
    const other = await signUp(server)
    const answers = async (factorId: string) =>
      Promise.all(
        [
          authRequest(server, `/factors/${factorId}/challenge`, { method: 'POST', token: other.accessToken, json: {} }),
          authRequest(server, `/factors/${factorId}/verify`, {
            method: 'POST',
            token: other.accessToken,
            json: { challenge_id: crypto.randomUUID(), webauthn: { type: 'request', credential_response: {} } },
          }),
          authRequest(server, `/factors/${factorId}`, { method: 'DELETE', token: other.accessToken }),
        ].map(async (response) => (await failureOf(await response)).body),
      )
    const theirs = await answers(owner.factorId)
    expect(theirs).toEqual(await answers(crypto.randomUUID()))
    expect(theirs[0]).toMatchObject({ code: 'mfa_factor_not_found', message: 'Factor not found' })
    expect(await sql('select status from auth.mfa_factors where id = $1', [owner.factorId])).toEqual([
      { status: 'verified' },
    ])
  })

  it('answers hostile verify bodies with 4xx, never 500', async () => {
    const { user, factorId } = await enrolled()
    const { data: challenge } = await user.client.auth.mfa.challenge({ factorId })
    const verify = async (body: unknown) =>
      failureOf(
        await authRequest(server, `/factors/${factorId}/verify`, {
          method: 'POST',
          token: (await user.client.auth.getSession()).data.session!.access_token,
          json: body,
        }),
      )
    const id = challenge!.id
    const cases: [unknown, number, string, string?][] = [
      [{ challenge_id: id }, 400, 'validation_failed', 'WebAuthn config required'],
      [
        { challenge_id: id, webauthn: { type: 'sign' } },
        400,
        'validation_failed',
        'WebAuthn type must be create or request',
      ],
      [{ challenge_id: id, webauthn: { type: 'create' } }, 400, 'validation_failed', 'credential_response required'],
      [{ challenge_id: id, webauthn: 'create' }, 400, 'bad_json'],
      [{ challenge_id: 'nope', webauthn: { type: 'create', credential_response: {} } }, 422, 'mfa_factor_not_found'],
      [
        { challenge_id: id, webauthn: { type: 'create', credential_response: { id: 1 } } },
        400,
        'validation_failed',
        'Invalid credential_response',
      ],
      [
        {
          challenge_id: id,
          webauthn: {
            type: 'create',
            credential_response: {
              id: 'AAAA',
              rawId: 'AAAA',
              type: 'public-key',
              response: { clientDataJSON: 'e30', attestationObject: 'oA' },
            },
          },
        },
        400,
        'webauthn_verification_failed',
      ],
    ]
    for (const [body, status, code, message] of cases) {
      const failure = await verify(body)
      expect(failure, JSON.stringify(body)).toMatchObject({ status, body: { code: code } })
      if (message) expect(failure.body.message).toBe(message)
    }
  })

  it('counts failed passkey answers towards the account lock, as TOTP codes', async () => {
    const { user, factorId, passkey } = await registered()
    const max = 3
    await sql('update private.account_lock_settings set max_failures = $1', [max])
    try {
      const { client } = await signIn(server, user.email)
      for (let i = 1; i < max; i++) {
        const { error } = await authenticate(client, factorId, passkey, { origin: 'https://evil.example' })
        expect(error).toMatchObject({ status: 400, code: 'webauthn_verification_failed' })
      }
      const locking = await authenticate(client, factorId, passkey, { origin: 'https://evil.example' })
      expect(locking.error).toMatchObject({ status: 403, code: 'mfa_verification_rejected' })
      // Rejected means signed out everywhere, as GoTrue does; then even a right answer is refused.
      expect(await sql('select 1 from auth.sessions where user_id = $1', [user.id])).toEqual([])
      const { client: again } = await signIn(server, user.email)
      const { error } = await authenticate(again, factorId, passkey)
      expect(error).toMatchObject({ status: 403, code: 'mfa_verification_rejected' })
    } finally {
      await sql('update private.account_lock_settings set max_failures = 1000')
    }
  })
})

describeOnOneDatabase('Passkeys switched off on %s', (kind) => {
  const server = useAuthServer(kind)

  describe('with the default settings', () => {
    it('answers as Supabase Auth does with [auth.mfa.web_authn] off', async () => {
      const user = await signUp(server)
      const { error } = await user.client.auth.mfa.enroll({ factorType: 'webauthn', friendlyName: 'Key' })
      expect(error).toMatchObject({
        status: 422,
        code: 'mfa_webauthn_enroll_not_enabled',
        message: 'MFA enroll is disabled for WebAuthn',
      })
      // A passkey enrolled while it was on can be neither challenged nor verified.
      const factorId = crypto.randomUUID()
      await server.deps.db.query(
        `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, secret)
         values ($1, $2, 'Key', 'webauthn', 'unverified', '')`,
        [factorId, user.id],
      )
      const challenge = await user.client.auth.mfa.challenge({ factorId })
      expect(challenge.error).toMatchObject({
        status: 422,
        code: 'mfa_webauthn_verify_not_enabled',
        message: 'MFA verification is disabled for WebAuthn',
      })
      const verify = await authRequest(server, `/factors/${factorId}/verify`, {
        method: 'POST',
        token: user.accessToken,
        json: { challenge_id: crypto.randomUUID(), webauthn: { type: 'create', credential_response: {} } },
      })
      // GoTrue's verify names the enrolment's code here.
      expect(await failureOf(verify)).toMatchObject({
        status: 422,
        body: { code: 'mfa_webauthn_enroll_not_enabled', message: 'MFA verification is disabled for WebAuthn' },
      })
    })
  })
})
