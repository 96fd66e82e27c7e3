// Bad access tokens (forged, expired, alg none, wrong role) get GoTrue's 401/403 bodies, and the
// per-IP rate limits answer 429 in GoTrue's shapes.
import { SignJWT } from 'jose'
import { expect, it } from 'vitest'
import { describeOnOneDatabase } from '../support/server'
import {
  authRequest,
  claimsOf,
  failureOf,
  password,
  relaxLimits,
  runtimeOf,
  signUp,
  uniqueEmail,
  useAuthServer,
} from './support/helpers'

describeOnOneDatabase('JWT checks and rate limits on %s', (kind) => {
  const server = useAuthServer(kind)

  const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')

  it('refuses forged, expired, unsigned and wrong-role tokens on /user', async () => {
    const user = await signUp(server)
    const claims = claimsOf(user.accessToken)
    const forged = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('x'.repeat(40)))
    const expired = await server.deps.keys.sign({ ...claims, exp: Math.floor(Date.now() / 1000) - 60 })
    const unsigned = `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(claims)}.`
    const hs512 = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS512' })
      .sign(new TextEncoder().encode(server.deps.env.JWT_SECRET))

    const cases: [string, string, number, string, string][] = [
      [
        'forged',
        forged,
        403,
        'bad_jwt',
        'invalid JWT: unable to parse or verify signature, token signature is invalid: signature is invalid',
      ],
      [
        'expired',
        expired,
        403,
        'bad_jwt',
        'invalid JWT: unable to parse or verify signature, token has invalid claims: token is expired',
      ],
      [
        'alg none',
        unsigned,
        403,
        'bad_jwt',
        "invalid JWT: unable to parse or verify signature, token is unverifiable: 'none' signature type is not allowed",
      ],
      [
        'HS512',
        hs512,
        403,
        'bad_jwt',
        'invalid JWT: unable to parse or verify signature, token signature is invalid: signing method HS512 is invalid',
      ],
      [
        'garbage',
        'not.a.jwt',
        403,
        'bad_jwt',
        'invalid JWT: unable to parse or verify signature, token is malformed: could not base64 decode header',
      ],
      ['anon key', server.anonKey, 403, 'bad_jwt', 'invalid claim: missing sub claim'],
      ['service key', server.serviceRoleKey, 403, 'bad_jwt', 'invalid claim: missing sub claim'],
    ]
    for (const [name, token, status, code, message] of cases) {
      const response = await authRequest(server, '/user', { token })
      expect({ name, ...(await failureOf(response)) }).toEqual({
        name,
        status,
        version: '2024-01-01',
        body: { code, error_code: code, message },
      })
    }

    const wrongRole = await server.deps.keys.sign({ ...claims, role: 'service_role' })
    expect((await failureOf(await authRequest(server, '/user', { token: wrongRole }))).body.code).toBe('bad_jwt')
    const none = await server.request('/auth/v1/user', { headers: { apikey: server.anonKey } })
    expect(await failureOf(none)).toMatchObject({
      status: 401,
      body: { code: 'no_authorization', message: 'This endpoint requires a valid Bearer token' },
    })

    // supabase-js surfaces the same errors.
    const { error } = await server.client().auth.getUser(expired)
    expect(error).toMatchObject({ name: 'AuthApiError', status: 403, code: 'bad_jwt' })
    // A refused token changes nothing: the real one still works.
    expect((await user.client.auth.getUser()).error).toBeNull()
  })

  it('limits password sign-ins per IP with 429 over_request_rate_limit, and lets the window pass', async () => {
    const { limits, limiter, clock } = runtimeOf(server)
    limits.signIn = { max: 3, windowMs: 60_000 }
    limiter.reset()
    const attempt = (ip: string) =>
      authRequest(server, '/token?grant_type=password', {
        method: 'POST',
        headers: { 'x-forwarded-for': ip },
        json: { email: uniqueEmail('nobody'), password },
      })
    for (let i = 0; i < 3; i += 1) expect((await attempt('203.0.113.7')).status).toBe(400)
    expect(await failureOf(await attempt('203.0.113.7'))).toEqual({
      status: 429,
      version: '2024-01-01',
      body: {
        code: 'over_request_rate_limit',
        error_code: 'over_request_rate_limit',
        message: 'Request rate limit reached',
      },
    })
    // The nearest proxy's entry counts, not what the client put in front of it.
    expect((await attempt('198.51.100.1, 203.0.113.7')).status).toBe(429)
    expect((await attempt('203.0.113.8')).status).toBe(400)
    clock.advance(61_000)
    expect((await attempt('203.0.113.7')).status).toBe(400)
  })

  it('limits sign-ups, recovery e-mails and verifications', async () => {
    const { limits, limiter } = runtimeOf(server)
    limits.signUp = { max: 1, windowMs: 60_000 }
    limits.recover = { max: 1, windowMs: 60_000 }
    limits.verify = { max: 1, windowMs: 60_000 }
    limiter.reset()

    const client = server.client()
    expect((await client.auth.signUp({ email: uniqueEmail('first'), password })).error).toBeNull()
    const second = await client.auth.signUp({ email: uniqueEmail('second'), password })
    expect(second.error).toMatchObject({ status: 429, code: 'over_request_rate_limit' })

    expect((await client.auth.resetPasswordForEmail(uniqueEmail('a'))).error).toBeNull()
    const recover = await client.auth.resetPasswordForEmail(uniqueEmail('b'))
    expect(recover.error).toMatchObject({
      status: 429,
      code: 'over_email_send_rate_limit',
      message: 'email rate limit exceeded',
    })

    expect((await authRequest(server, '/verify?token=x&type=recovery', {})).status).toBe(303)
    const verify = await authRequest(server, '/verify', { method: 'POST', json: { type: 'recovery', token_hash: 'x' } })
    expect(await failureOf(verify)).toMatchObject({ status: 429, body: { code: 'over_request_rate_limit' } })
    relaxLimits(server)
  })
})
