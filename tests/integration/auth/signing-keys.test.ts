// Access tokens signed with an asymmetric key (ES256, with a kid) published at
// /auth/v1/.well-known/jwks.json: supabase-js's getClaims() verifies them locally; the legacy
// HS256 secret still verifies the anon and service-role keys; a rotation keeps the old key
// verifying until it is removed; production refuses the development key. Keys in Supabase's own
// format (`supabase gen signing-key`: use, key_ops, ext) sign and verify; one that cannot sign is
// refused at start-up.
import { generateKeyPairSync, randomUUID } from 'node:crypto'
import {
  SignJWT,
  createLocalJWKSet,
  decodeProtectedHeader,
  exportJWK,
  generateKeyPair,
  importJWK,
  jwtVerify,
  type JWK,
} from 'jose'
import WebSocket from 'ws'
import { createClient } from '@supabase/supabase-js'
import { beforeAll, describe, expect, it } from 'vitest'
import { readEnv } from '../../../supabase/server/env'
import { developmentKeys } from '../../../supabase/server/lib/dev-keys'
import { describeEachDatabase, startTestServer } from '../support/server'
import {
  authRequest,
  claimsOf,
  failureOf,
  password,
  refreshWith,
  relaxLimits,
  signIn,
  signUp,
  useAuthServer,
  productionEnv,
} from './support/helpers'

function newKey(kid: string) {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  return { ...privateKey.export({ format: 'jwk' }), kid, alg: 'ES256' }
}

describeEachDatabase('signing keys on %s', (kind) => {
  const server = useAuthServer(kind)

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
      // auth-js keeps the keys it fetched per storage key, across clients: one per database run.
      auth: {
        persistSession: false,
        autoRefreshToken: false,
        detectSessionInUrl: false,
        storageKey: `claims-test-${kind}`,
      },
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
  }, 90_000) // four servers, one after another

  it('refuses bad key settings, and the development key in production', () => {
    const base = { NODE_ENV: 'development' }
    expect(() => readEnv({ ...base, JWT_SIGNING_KEYS: 'not json' })).toThrow(/JWT_SIGNING_KEYS: must be a JSON array/)
    const { d: _d, ...publicOnly } = newKey('p')
    expect(() => readEnv({ ...base, JWT_SIGNING_KEYS: JSON.stringify([publicOnly]) })).toThrow(/private part/)
    expect(() => readEnv({ ...base, JWT_SIGNING_KEYS: JSON.stringify([newKey('a'), newKey('a')]) })).toThrow(
      /its own kid/,
    )
    const production = productionEnv
    expect(() => readEnv(production)).toThrow(/JWT_SIGNING_KEYS: is the public development value/)
    expect(
      readEnv({ ...production, JWT_SIGNING_KEYS: JSON.stringify([newKey('prod-1')]) }).JWT_SIGNING_KEYS[0]?.kid,
    ).toBe('prod-1')
  })
})

/** A private JWK as `supabase gen signing-key` writes it; `keyOps: false` leaves key_ops out. */
async function supabaseKey(alg: 'ES256' | 'RS256', keyOps: string[] | false = ['sign', 'verify']): Promise<JWK> {
  const { privateKey } = await generateKeyPair(alg, { extractable: true })
  const jwk: JWK = { ...(await exportJWK(privateKey)), kid: randomUUID(), use: 'sig', alg, ext: true }
  return keyOps ? { ...jwk, key_ops: keyOps } : jwk
}

const privateMembers = ['d', 'p', 'q', 'dp', 'dq', 'qi']

describe("signing keys in Supabase's format", () => {
  const formats = [
    { alg: 'ES256', keyOps: true },
    { alg: 'RS256', keyOps: true },
    { alg: 'ES256', keyOps: false },
    { alg: 'RS256', keyOps: false },
  ] as const
  let keys: JWK[]
  beforeAll(async () => {
    keys = await Promise.all(formats.map(({ alg, keyOps }) => supabaseKey(alg, keyOps ? undefined : false)))
  })

  it.each(formats.map((format, index) => ({ ...format, index })))(
    '$alg with key_ops $keyOps signs sign-ups, sign-ins and refreshes, while the others verify',
    async ({ index }) => {
      // The key in use first; the rest stay listed, as previously used keys do (each with its own key_ops).
      const listed = [keys[index]!, ...keys.filter((_, other) => other !== index)]
      const server = await startTestServer('pglite', { JWT_SIGNING_KEYS: JSON.stringify(listed) })
      try {
        relaxLimits(server)
        const signer = listed[0]!
        const user = await signUp(server)
        const { session } = await signIn(server, user.email, password)
        const refreshed = await refreshWith(server, session.refresh_token)
        expect(refreshed.status).toBe(200)
        const refreshedToken = ((await refreshed.json()) as { access_token: string }).access_token

        const response = await server.request('/auth/v1/.well-known/jwks.json')
        const jwks = (await response.json()) as { keys: JWK[] }
        expect(jwks.keys.map((key) => key.kid)).toEqual(listed.map((key) => key.kid))
        for (const published of jwks.keys) {
          for (const member of privateMembers) expect(published).not.toHaveProperty(member)
          expect(published).toMatchObject({ use: 'sig', key_ops: ['verify'] })
        }
        const verifyLocally = createLocalJWKSet(jwks)
        for (const token of [user.accessToken, session.access_token, refreshedToken]) {
          expect(decodeProtectedHeader(token)).toMatchObject({ alg: signer.alg, kid: signer.kid, typ: 'JWT' })
          await expect(jwtVerify(token, verifyLocally)).resolves.toBeTruthy()
          expect((await authRequest(server, '/user', { token })).status).toBe(200)
        }

        // Tokens signed by each listed key verify, as tokens issued before a rotation do.
        for (const key of listed) {
          const { key_ops: _ops, use: _use, ext: _ext, ...material } = key
          const token = await new SignJWT(claimsOf(user.accessToken))
            .setProtectedHeader({ alg: key.alg!, kid: key.kid!, typ: 'JWT' })
            .sign(await importJWK(material, key.alg))
          expect((await server.deps.keys.verify(token)).ok, key.kid).toBe(true)
          const rest = await server.request('/rest/v1/profiles?select=id', {
            headers: { apikey: server.anonKey, authorization: `Bearer ${token}` },
          })
          expect(rest.status, key.kid).toBe(200)
        }
      } finally {
        await server.close()
      }
    },
  )

  it('takes P-256 members written without their leading zero bytes, as the Go CLI writes them', async () => {
    // Keep generating until x starts with a zero byte (one key in 256), then drop it as Go's big.Int does.
    let key: JWK
    do key = await supabaseKey('ES256')
    while (Buffer.from(key.x!, 'base64url')[0] !== 0)
    const trimmed = { ...key, x: Buffer.from(key.x!, 'base64url').subarray(1).toString('base64url') }
    const [parsed] = readEnv({ NODE_ENV: 'development', JWT_SIGNING_KEYS: JSON.stringify([trimmed]) }).JWT_SIGNING_KEYS
    expect(parsed?.x).toBe(key.x)
  })

  it('refuses at start-up, saying why, a first key that cannot sign', async () => {
    const refused = (keys: JWK[]) => () => readEnv({ NODE_ENV: 'development', JWT_SIGNING_KEYS: JSON.stringify(keys) })
    for (const alg of ['ES256', 'RS256'] as const) {
      const key = await supabaseKey(alg)
      const verifyOnly = { ...key, key_ops: ['verify'] }
      const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, ...publicOnly } = key
      const other = await supabaseKey(alg)
      expect(refused([verifyOnly])).toThrow(
        new RegExp(
          `JWT_SIGNING_KEYS\\.0: key "${key.kid}" has key_ops \\["verify"\\] without "sign": the first key signs`,
        ),
      )
      expect(refused([publicOnly, other])).toThrow(
        new RegExp(`JWT_SIGNING_KEYS\\.0: key "${key.kid}" has no private part \\(d\\): the first key signs`),
      )
      // A private part that belongs to another key would sign tokens nobody can verify.
      const swapped = Object.fromEntries(
        privateMembers.filter((name) => name in other).map((name) => [name, other[name as 'd']]),
      )
      expect(refused([{ ...key, ...swapped }])).toThrow(/JWT_SIGNING_KEYS\.0: key "[^"]+" cannot sign/)
      // The keys after the first only verify, and must be able to.
      expect(refused([other, { ...key, key_ops: ['sign'] }])).toThrow(
        /JWT_SIGNING_KEYS\.1: key "[^"]+" has key_ops \["sign"\] without "verify"/,
      )
      expect(refused([other, { ...key, use: 'enc' }])).toThrow(/JWT_SIGNING_KEYS\.1: key "[^"]+" has use "enc"/)
      // ...and a verify-only key after the first is fine.
      expect(refused([other, verifyOnly])).not.toThrow()
      expect(refused([other, publicOnly])).not.toThrow()
    }
    // The server itself does not start with one.
    const { d: _d, ...publicOnly } = await supabaseKey('ES256')
    await expect(startTestServer('pglite', { JWT_SIGNING_KEYS: JSON.stringify([publicOnly]) })).rejects.toThrow(
      /no private part/,
    )
  })
})
