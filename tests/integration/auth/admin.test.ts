// The admin users API under the service role (create, list, read, update, ban, delete, invite)
// and its refusal of every other caller.
import { expect, it } from 'vitest'
import { describeOnOneDatabase } from '../support/server'
import {
  authRequest,
  failureOf,
  followLink,
  linkIn,
  password,
  refreshWith,
  signIn,
  signUp,
  uniqueEmail,
  useAuthServer,
} from './support/helpers'

describeOnOneDatabase('admin users API on %s', (kind) => {
  const server = useAuthServer(kind)

  const admin = () => server.serviceClient().auth.admin

  it('refuses every caller but the service role', async () => {
    const anon = await server.client().auth.admin.listUsers()
    expect(anon.error).toMatchObject({ status: 403, code: 'not_admin', message: 'User not allowed' })

    const user = await signUp(server)
    const asUser = await authRequest(server, '/admin/users', {
      method: 'POST',
      token: user.accessToken,
      json: { email: uniqueEmail('x') },
    })
    expect(await failureOf(asUser)).toMatchObject({ status: 403, version: '2024-01-01', body: { code: 'not_admin' } })
    const invite = await authRequest(server, '/invite', {
      method: 'POST',
      token: user.accessToken,
      json: { email: uniqueEmail('x') },
    })
    expect((await failureOf(invite)).body.code).toBe('not_admin')

    const noBearer = await server.request('/auth/v1/admin/users', { headers: { apikey: server.serviceRoleKey } })
    expect(await failureOf(noBearer)).toMatchObject({ status: 401, body: { code: 'no_authorization' } })
    const { rows } = await server.deps.db.query(
      'select count(*)::int as n from auth.users where lower(email) like $1',
      ['x.%'],
    )
    expect(rows).toEqual([{ n: 0 }])
  })

  it("answers a body without an e-mail with each endpoint's own refusal", async () => {
    const service = server.serviceRoleKey
    const cases = [
      {
        path: '/invite',
        token: service,
        json: {},
        status: 422,
        message: 'An email address is required to invite a user',
      },
      { path: '/recover', json: {}, status: 422, message: 'Password recovery requires an email' },
      {
        path: '/admin/generate_link',
        token: service,
        json: { type: 'magiclink' },
        status: 400,
        message: 'Email is required',
      },
      { path: '/resend', json: { type: 'signup' }, status: 400, message: 'Missing email address' },
    ]
    for (const { path, token, json, status, message } of cases) {
      const failure = await failureOf(await authRequest(server, path, { method: 'POST', token, json }))
      expect(failure, path).toMatchObject({ status, body: { code: 'validation_failed' } })
      expect(JSON.stringify(failure.body), path).toContain(message)
    }
  })

  it('creates, reads, updates and lists users with pagination headers', async () => {
    const emails = [uniqueEmail('list'), uniqueEmail('list'), uniqueEmail('list')]
    for (const email of emails) {
      const { error } = await admin().createUser({
        email,
        password,
        email_confirm: true,
        user_metadata: { locale: 'en' },
      })
      expect(error).toBeNull()
    }
    const { data: created, error } = await admin().createUser({
      email: uniqueEmail('Created'),
      password,
      email_confirm: true,
      user_metadata: { full_name: 'Created User' },
      app_metadata: { tenant: 'acme' },
    })
    expect(error).toBeNull()
    expect(created.user).toMatchObject({
      role: 'authenticated',
      user_metadata: { full_name: 'Created User' },
      app_metadata: { tenant: 'acme', provider: 'email', providers: ['email'] },
    })
    await expect(signIn(server, created.user!.email!)).resolves.toBeTruthy()

    const duplicate = await admin().createUser({ email: emails[0]!, password })
    expect(duplicate.error).toMatchObject({ status: 422, code: 'email_exists' })
    const role = await admin().createUser({ email: uniqueEmail('role'), password, role: 'service_role' })
    expect(role.error).toMatchObject({ status: 400, code: 'validation_failed' })

    const got = await admin().getUserById(created.user!.id)
    expect(got.data.user?.email).toBe(created.user!.email)
    const updated = await admin().updateUserById(created.user!.id, {
      user_metadata: { company: 'Acme' },
      app_metadata: { tier: 'gold' },
    })
    expect(updated.data.user?.user_metadata).toMatchObject({ full_name: 'Created User', company: 'Acme' })
    expect(updated.data.user?.app_metadata).toMatchObject({ tenant: 'acme', tier: 'gold', provider: 'email' })

    const page = await admin().listUsers({ page: 1, perPage: 2 })
    expect(page.error).toBeNull()
    expect(page.data.users).toHaveLength(2)
    const total = (page.data as { total: number }).total
    expect(total).toBeGreaterThanOrEqual(4)
    expect(page.data).toMatchObject({ nextPage: 2, lastPage: Math.ceil(total / 2) })
    const raw = await authRequest(server, '/admin/users?page=2&per_page=2', { token: server.serviceRoleKey })
    expect(raw.headers.get('x-total-count')).toBe(String(total))
    expect(raw.headers.get('link')).toContain('</auth/v1/admin/users?page=3&per_page=2>; rel="next"')
    expect(((await raw.json()) as { aud: string }).aud).toBe('authenticated')
  })

  it('keeps an unconfirmed account out, and answers bad ids as GoTrue does', async () => {
    const email = uniqueEmail('pending')
    expect((await admin().createUser({ email, password })).error).toBeNull()
    const { error } = await server.client().auth.signInWithPassword({ email, password })
    expect(error).toMatchObject({ status: 400, code: 'email_not_confirmed' })

    const notUuid = await authRequest(server, '/admin/users/not-a-uuid', { token: server.serviceRoleKey })
    expect(await failureOf(notUuid)).toMatchObject({
      status: 404,
      body: { code: 'validation_failed', message: 'user_id must be an UUID' },
    })
    const missing = await admin().getUserById('00000000-0000-4000-8000-000000000000')
    expect(missing.error).toMatchObject({ status: 404, code: 'user_not_found' })
  })

  it('bans (deactivates) and reactivates a user with ban_duration', async () => {
    const user = await signUp(server)
    const banned = await admin().updateUserById(user.id, { ban_duration: '24h' })
    expect(banned.error).toBeNull()
    const until = new Date((banned.data.user as { banned_until: string }).banned_until).getTime()
    expect(Math.abs(until - Date.now() - 24 * 3600_000)).toBeLessThan(60_000)

    const { error } = await server.client().auth.signInWithPassword({ email: user.email, password })
    expect(error).toMatchObject({ status: 400, code: 'user_banned', message: 'User is banned' })
    expect((await refreshWith(server, user.refreshToken)).status).toBe(400)

    const bad = await admin().updateUserById(user.id, { ban_duration: 'forever' })
    expect(bad.error).toMatchObject({ status: 400, code: 'validation_failed' })
    const lifted = await admin().updateUserById(user.id, { ban_duration: 'none' })
    expect(lifted.data.user).not.toHaveProperty('banned_until')
    await expect(signIn(server, user.email)).resolves.toBeTruthy()
  })

  it('deletes a user, whose tokens then stop working', async () => {
    const user = await signUp(server)
    const { error } = await admin().deleteUser(user.id)
    expect(error).toBeNull()
    expect((await admin().getUserById(user.id)).error?.status).toBe(404)
    const me = await authRequest(server, '/user', { token: user.accessToken })
    expect(await failureOf(me)).toMatchObject({ status: 403, body: { code: 'user_not_found' } })

    const soft = await signUp(server)
    expect((await admin().deleteUser(soft.id, true)).error).toBeNull()
    const { rows } = await server.deps.db.query<{ email: string | null; deleted_at: Date | null }>(
      'select email, deleted_at from auth.users where id = $1',
      [soft.id],
    )
    expect(rows[0]).toMatchObject({ email: null, deleted_at: expect.any(Date) })
    expect((await server.client().auth.signUp({ email: soft.email, password })).data.session).toBeTruthy()
  })

  it('invites a user in their language; the link lands on the site to choose a password', async () => {
    const email = uniqueEmail('invitee')
    const { data, error } = await admin().inviteUserByEmail(email, {
      data: { locale: 'en', full_name: 'Invited Person' },
      redirectTo: `${server.url}/en/reset-password`,
    })
    expect(error).toBeNull()
    expect(data.user).toMatchObject({ email, user_metadata: { full_name: 'Invited Person' } })
    expect(data.user?.invited_at).toBeTruthy()
    expect(data.user?.email_confirmed_at).toBeUndefined()

    const mail = await server.deps.catcher!.waitFor(email)
    expect(mail.subject).toBe('Welcome to the Cauce Data client portal')
    expect(mail.html).toContain('<html lang="en">')
    const { client } = await followLink(server, linkIn(mail.text), '/en/reset-password', 'invite')
    expect((await client.auth.updateUser({ password: 'my-own-password' })).error).toBeNull()
    await expect(signIn(server, email, 'my-own-password')).resolves.toBeTruthy()
    const again = await admin().inviteUserByEmail(email)
    expect(again.error).toMatchObject({ status: 422, code: 'email_exists' })
  })

  it('sends a Spanish invitation to the Spanish password page by default', async () => {
    const email = uniqueEmail('invitada')
    expect((await admin().inviteUserByEmail(email, { data: { locale: 'es' } })).error).toBeNull()
    const mail = await server.deps.catcher!.waitFor(email)
    expect(mail.subject).toBe('Le damos la bienvenida al portal de clientes de Cauce Data')
    const response = await server.request(linkIn(mail.text), { redirect: 'manual' })
    expect(response.headers.get('location')!.startsWith(`${server.url}/es/reset-password#`)).toBe(true)
  })
})
