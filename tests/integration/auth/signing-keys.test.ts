// Access tokens signed with an asymmetric key (ES256, with a kid) published at
// /auth/v1/.well-known/jwks.json: supabase-js's getClaims() verifies them locally; the legacy
// HS256 secret still verifies the anon and service-role keys; a rotation keeps the old key
// verifying until it is removed; production refuses the development key.
import { generateKeyPairSync } from 'node:crypto'
import { SignJWT, decodeProtectedHeader, importJWK } from 'jose'
import WebSocket from 'ws'
import { createClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readEnv } from '../../../supabase/server/env'
import { developmentKeys } from '../../../supabase/server/lib/dev-keys'
import { startTestServer, type TestServer } from '../support/server'
import { authRequest, claimsOf, failureOf, relaxLimits, signUp } from './support/helpers'

function newKey(kid: string) {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  return { ...privateKey.export({ format: 'jwk' }), kid, alg: 'ES256' }
}

describe('signing keys', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer()
    relaxLimits(server)
  })
  afterAll(() => server.close())

  it('publishes only the public halves, with their kid', async () => {
    const response = await server.request('/auth/v1/.well-known/jwks.json')
    expect(response.status).toBe(200)
    const { keys } = (await response.json()) as { keys: Record<string, unknown>[] }
    expect(keys).toHaveLength(1)
    expect(keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', kid: 'cauce-dev-es256-1', use: 'sig' })
    expect(keys[0]).not.toHaveProperty('d')
  })

  it('signs access tokens with ES256 and a kid; getClaims() verifies them without asking /user', async () => {
    const user = await signUp(server)
    expect(decodeProtectedHeader(user.accessToken)).toMatchObject({ alg: 'ES256', kid: 'cauce-dev-es256-1' })

    const asked: string[] = []
    const client = createClient(server.url, server.anonKey, {
      global: {
        fetch: async (input, init) => {
          const request = new Request(input, init)
          asked.push(new URL(request.url).pathname)
          return server.app.fetch(request)
        },
      },
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false, storageKey: 'claims-test' },
      realtime: { transport: WebSocket as never },
    })
    const { data, error } = await client.auth.getClaims(user.accessToken)
    expect(error).toBeNull()
    expect(data?.claims.sub).toBe(user.id)
    expect(asked).toEqual(['/auth/v1/.well-known/jwks.json'])

    // A token whose payload was altered fails the local check.
    const [header, , signature] = user.accessToken.split('.')
    const payload = Buffer.from(JSON.stringify({ ...claimsOf(user.accessToken), role: 'service_role' })).toString(
      'base64url',
    )
    const tampered = await client.auth.getClaims(`${header}.${payload}.${signature}`)
    expect(tampered.error?.message).toBe('Invalid JWT signature')
  })

  it('still verifies the legacy HS256 anon and service-role keys, and HS256 user tokens', async () => {
    const admin = await server.serviceClient().auth.admin.listUsers({ perPage: 1 })
    expect(admin.error).toBeNull()
    // The anon key is accepted: what stops it is the table's grant, not the token.
    const anon = await server.client().from('profiles').select('id').limit(1)
    expect(anon.error?.code).toBe('42501')

    const user = await signUp(server)
    const legacy = await new SignJWT(claimsOf(user.accessToken))
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(new TextEncoder().encode(server.deps.env.JWT_SECRET))
    const response = await authRequest(server, '/user', { token: legacy })
    expect(response.status).toBe(200)
  })

  it('refuses a token from an unknown key, and the public key used as an HMAC secret', async () => {
    const user = await signUp(server)
    const claims = claimsOf(user.accessToken)
    const stranger = newKey('cauce-dev-es256-1')
    const impostor = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'ES256', kid: 'cauce-dev-es256-1' })
      .sign(await importJWK(stranger, 'ES256'))
    const unknownKid = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'ES256', kid: 'somebody-else' })
      .sign(await importJWK(newKey('somebody-else'), 'ES256'))
    const publicJwk = JSON.stringify((await (await server.request('/auth/v1/.well-known/jwks.json')).json()).keys[0])
    const confused = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', kid: 'cauce-dev-es256-1' })
      .sign(new TextEncoder().encode(publicJwk))

    for (const token of [impostor, unknownKid, confused]) {
      const response = await authRequest(server, '/user', { token })
      expect(response.status).toBe(403)
      expect((await failureOf(response)).body.code).toBe('bad_jwt')
      const rest = await server.request('/rest/v1/profiles?select=id', {
        headers: { apikey: server.anonKey, authorization: `Bearer ${token}` },
      })
      expect(rest.status).toBe(401)
    }
  })
})

describe('key rotation', () => {
  it('signs with the new key while the old one verifies, until it is removed', async () => {
    const oldKey = JSON.parse(developmentKeys.signingKeys)[0]
    const fresh = newKey('rotation-2')
    const before = await startTestServer('pglite')
    relaxLimits(before)
    const user = await signUp(before)
    const oldToken = user.accessToken
    await before.close()

    const rotated = await startTestServer('pglite', { JWT_SIGNING_KEYS: JSON.stringify([fresh, oldKey]) })
    try {
      relaxLimits(rotated)
      const { keys } = (await (await rotated.request('/auth/v1/.well-known/jwks.json')).json()) as {
        keys: { kid: string }[]
      }
      expect(keys.map((key) => key.kid)).toEqual(['rotation-2', 'cauce-dev-es256-1'])
      const newUser = await signUp(rotated)
      expect(decodeProtectedHeader(newUser.accessToken).kid).toBe('rotation-2')
      expect((await rotated.deps.keys.verify(oldToken)).ok).toBe(true)
      expect((await rotated.deps.keys.verify(newUser.accessToken)).ok).toBe(true)
    } finally {
      await rotated.close()
    }

    const removed = await startTestServer('pglite', { JWT_SIGNING_KEYS: JSON.stringify([fresh]) })
    try {
      expect((await removed.deps.keys.verify(oldToken)).ok).toBe(false)
      // A key kept without its private part only verifies.
      const { d: _dropped, ...publicOld } = oldKey
      const verifyOnly = await startTestServer('pglite', {
        JWT_SIGNING_KEYS: JSON.stringify([fresh, publicOld]),
      })
      expect((await verifyOnly.deps.keys.verify(oldToken)).ok).toBe(true)
      await verifyOnly.close()
    } finally {
      await removed.close()
    }
  })

  it('refuses bad key settings, and the development key in production', () => {
    const base = { NODE_ENV: 'development' }
    expect(() => readEnv({ ...base, JWT_SIGNING_KEYS: 'not json' })).toThrow(/JWT_SIGNING_KEYS: must be a JSON array/)
    const { d: _d, ...publicOnly } = newKey('p')
    expect(() => readEnv({ ...base, JWT_SIGNING_KEYS: JSON.stringify([publicOnly]) })).toThrow(/private part/)
    expect(() => readEnv({ ...base, JWT_SIGNING_KEYS: JSON.stringify([newKey('a'), newKey('a')]) })).toThrow(
      /its own kid/,
    )
    const production = {
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(40),
      ANON_KEY: 'a'.repeat(40),
      SERVICE_ROLE_KEY: 's'.repeat(40),
      SMTP_URL: 'smtp://mail.example.com',
      SITE_URL: 'https://example.com',
    }
    expect(() => readEnv(production)).toThrow(/JWT_SIGNING_KEYS: is the public development value/)
    expect(
      readEnv({ ...production, JWT_SIGNING_KEYS: JSON.stringify([newKey('prod-1')]) }).JWT_SIGNING_KEYS[0]?.kid,
    ).toBe('prod-1')
  })
})
