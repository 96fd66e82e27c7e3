// Sign-up, password sign-in and the user's own endpoints, through the real supabase-js.
import { expect, it } from 'vitest'
import { describeOnOneDatabase } from '../support/server'
import {
  authRequest,
  claimsOf,
  failureOf,
  password,
  refreshWith,
  signIn,
  signUp,
  uniqueEmail,
  useAuthServer,
} from './support/helpers'

describeOnOneDatabase('sign-up and sign-in on %s', (kind) => {
  const server = useAuthServer(kind)

  it('signs up with metadata and returns a session at once; metadata can never set a role', async () => {
    const client = server.client()
    const email = uniqueEmail('Ana')
    const { data, error } = await client.auth.signUp({
      email,
      password,
      options: { data: { full_name: 'Ana Ruiz', locale: 'es', role: 'super_admin' } },
    })
    expect(error).toBeNull()
    const user = data.user!
    expect(data.session?.refresh_token).toBeTruthy()
    expect(user.email).toBe(email.toLowerCase())
    expect(user.role).toBe('authenticated')
    expect(user.user_metadata).toMatchObject({ full_name: 'Ana Ruiz', locale: 'es', role: 'super_admin', sub: user.id })
    expect(user.app_metadata).toEqual({ provider: 'email', providers: ['email'] })
    expect(user.identities).toHaveLength(1)
    expect(user.email_confirmed_at).toBeTruthy()

    const claims = claimsOf(data.session!.access_token)
    expect(claims).toMatchObject({
      sub: user.id,
      role: 'authenticated',
      aud: 'authenticated',
      email: email.toLowerCase(),
      phone: '',
      aal: 'aal1',
      is_anonymous: false,
      iss: `${server.url}/auth/v1`,
      app_metadata: { provider: 'email', providers: ['email'] },
    })
    expect(claims.amr.map((entry) => entry.method)).toEqual(['password'])
    expect((claims.exp as number) - (claims.iat as number)).toBe(3600)
    // supabase-js recounts expires_in from expires_at on arrival: a second may have passed.
    expect(data.session!.expires_in).toBeGreaterThanOrEqual(3598)
    expect(data.session!.expires_in).toBeLessThanOrEqual(3600)

    const { rows } = await server.deps.db.query<{
      role: string
      raw_app_meta_data: unknown
      encrypted_password: string
    }>('select role, raw_app_meta_data, encrypted_password from auth.users where id = $1', [user.id])
    expect(rows[0]).toMatchObject({
      role: 'authenticated',
      raw_app_meta_data: { provider: 'email', providers: ['email'] },
    })
    expect(rows[0]!.encrypted_password).toMatch(/^\$argon2id\$/)
    const session = await server.deps.db.query('select 1 from auth.sessions where id = $1', [claims.session_id])
    expect(session.rows).toHaveLength(1)
  })

  it('with auto-confirmation, answers a repeated sign-up as GoTrue does (422) and leaves the account untouched', async () => {
    const existing = await signUp(server)
    const { data, error } = await server.client().auth.signUp({ email: existing.email, password: 'another-password-9' })
    expect(error).toMatchObject({ status: 422, code: 'user_already_exists', message: 'User already registered' })
    expect(data.session).toBeNull()
    await expect(signIn(server, existing.email)).resolves.toBeTruthy()
    const { error: wrong } = await server
      .client()
      .auth.signInWithPassword({ email: existing.email, password: 'another-password-9' })
    expect(wrong?.code).toBe('invalid_credentials')
  })

  it('refuses a short password with the weak_password shape', async () => {
    const { error } = await server.client().auth.signUp({ email: uniqueEmail('weak'), password: 'short' })
    expect(error).toMatchObject({
      name: 'AuthWeakPasswordError',
      status: 422,
      code: 'weak_password',
      reasons: ['length'],
    })
    const response = await authRequest(server, '/signup', {
      method: 'POST',
      json: { email: uniqueEmail('weak'), password: 'short' },
    })
    expect(await failureOf(response)).toEqual({
      status: 422,
      version: '2024-01-01',
      body: {
        code: 'weak_password',
        error_code: 'weak_password',
        message: 'Password should be at least 8 characters.',
        weak_password: { reasons: ['length'] },
      },
    })
  })

  it('refuses a malformed e-mail address', async () => {
    const { error } = await server.client().auth.signUp({ email: 'not-an-address', password })
    expect(error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Unable to validate email address: invalid format',
    })
  })

  it('signs in with the right password and refuses wrong or unknown credentials alike', async () => {
    const user = await signUp(server)
    const { data, error } = await server.client().auth.signInWithPassword({ email: user.email.toUpperCase(), password })
    expect(error).toBeNull()
    expect(data.user?.id).toBe(user.id)
    expect(claimsOf(data.session!.access_token).session_id).not.toBe(claimsOf(user.accessToken).session_id)

    const wrong = await server.client().auth.signInWithPassword({ email: user.email, password: 'wrong-password' })
    const unknown = await server.client().auth.signInWithPassword({ email: uniqueEmail('nobody'), password })
    for (const { error: failure } of [wrong, unknown]) {
      expect(failure).toMatchObject({
        name: 'AuthApiError',
        status: 400,
        code: 'invalid_credentials',
        message: 'Invalid login credentials',
      })
    }
  })

  it('asks for an e-mail or phone when a password sign-in has neither', async () => {
    const { error } = await server.client().auth.signInWithPassword({ email: undefined as unknown as string, password })
    expect(error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'You must provide either an email or phone number.',
    })
  })

  it('returns the signed-in user from getUser', async () => {
    const user = await signUp(server, { full_name: 'Luis' })
    const { data, error } = await user.client.auth.getUser()
    expect(error).toBeNull()
    expect(data.user).toMatchObject({
      id: user.id,
      email: user.email.toLowerCase(),
      user_metadata: { full_name: 'Luis' },
    })
    expect(data.user).not.toHaveProperty('factors')
  })

  it('changes the password: the old one stops working and other sessions end', async () => {
    const user = await signUp(server)
    const other = await signIn(server, user.email)
    const { data, error } = await user.client.auth.updateUser({
      password: 'a-brand-new-secret',
      current_password: password,
    })
    expect(error).toBeNull()
    expect(data.user?.id).toBe(user.id)

    expect((await refreshWith(server, other.session.refresh_token)).status).toBe(400)
    const { error: stillSignedIn } = await user.client.auth.getUser()
    expect(stillSignedIn).toBeNull()
    const old = await server.client().auth.signInWithPassword({ email: user.email, password })
    expect(old.error?.code).toBe('invalid_credentials')
    await expect(signIn(server, user.email, 'a-brand-new-secret')).resolves.toBeTruthy()

    const same = await user.client.auth.updateUser({
      password: 'a-brand-new-secret',
      current_password: 'a-brand-new-secret',
    })
    expect(same.error).toMatchObject({ status: 422, code: 'same_password' })
    const weak = await user.client.auth.updateUser({ password: 'tiny' })
    expect(weak.error).toMatchObject({ status: 422, code: 'weak_password' })
  })

  it('merges metadata on updateUser; an e-mail change waits for both confirmations', async () => {
    const user = await signUp(server, { full_name: 'Eva', locale: 'es' })
    const { data, error } = await user.client.auth.updateUser({
      data: { locale: 'en', company: 'Acme', full_name: null },
    })
    expect(error).toBeNull()
    expect(data.user?.user_metadata).toMatchObject({ locale: 'en', company: 'Acme' })
    expect(data.user?.user_metadata).not.toHaveProperty('full_name')
    expect(data.user?.role).toBe('authenticated')

    const elsewhere = uniqueEmail('elsewhere')
    const change = await user.client.auth.updateUser({ email: elsewhere })
    expect(change.error).toBeNull()
    expect(change.data.user).toMatchObject({ email: user.email.toLowerCase(), new_email: elsewhere.toLowerCase() })
    const { rows } = await server.deps.db.query<{ email: string }>('select email from auth.users where id = $1', [
      user.id,
    ])
    expect(rows[0]!.email).toBe(user.email.toLowerCase())
  })

  it('answers malformed JSON, unknown grants and unknown paths with GoTrue-shaped errors', async () => {
    const malformed = await authRequest(server, '/token?grant_type=password', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email": "x@example.com", ',
    })
    const bad = await failureOf(malformed)
    expect(bad).toMatchObject({ status: 400, version: '2024-01-01', body: { code: 'bad_json' } })
    expect(malformed.headers.get('x-sb-error-code')).toBe('bad_json')

    const array = await authRequest(server, '/signup', { method: 'POST', json: [1, 2] })
    expect((await failureOf(array)).body.code).toBe('bad_json')
    const wrongType = await authRequest(server, '/signup', { method: 'POST', json: { email: 42, password } })
    expect((await failureOf(wrongType)).status).toBe(400)

    // What PostgreSQL would refuse never reaches it: NUL characters and absurd nesting.
    const nul = await authRequest(server, '/signup', {
      method: 'POST',
      json: { email: 'a\u0000b@example.com', password },
    })
    expect(await failureOf(nul)).toMatchObject({ status: 400, body: { code: 'validation_failed' } })
    let deep: unknown = 'bottom'
    for (let i = 0; i < 100; i += 1) deep = { deeper: deep }
    const nested = await authRequest(server, '/signup', {
      method: 'POST',
      json: { email: uniqueEmail('deep'), password, data: deep },
    })
    expect(await failureOf(nested)).toMatchObject({ status: 400, body: { code: 'validation_failed' } })

    const grant = await authRequest(server, '/token?grant_type=magic', { method: 'POST', json: {} })
    expect(await failureOf(grant)).toMatchObject({
      status: 400,
      body: { code: 'invalid_credentials', message: 'unsupported_grant_type' },
    })

    const missing = await authRequest(server, '/nowhere')
    expect(await failureOf(missing)).toMatchObject({ status: 404, version: '2024-01-01', body: { code: 'not_found' } })
  })
})
