// Password recovery end to end: request → bilingual e-mail → link → 303 with the recovery
// session → new password; plus expiry, single use, redirect checks and POST /verify.
import { expect, it } from 'vitest'
import { describeOnOneDatabase } from '../support/server'
import {
  authRequest,
  claimsOf,
  failureOf,
  followLink,
  fragmentOf,
  linkIn,
  password,
  runtimeOf,
  signIn,
  signUp,
  uniqueEmail,
  useAuthServer,
} from './support/helpers'

describeOnOneDatabase('password recovery on %s', (kind) => {
  const server = useAuthServer(kind)

  const requestReset = async (email: string, redirectTo = `${server.url}/es/reset-password`) => {
    const { data, error } = await server.client().auth.resetPasswordForEmail(email, { redirectTo })
    expect(error).toBeNull()
    expect(data).toEqual({})
    return server.deps.catcher!.waitFor(email)
  }

  it('resets the password through the Spanish e-mail link', async () => {
    const user = await signUp(server, { locale: 'es' })
    const mail = await requestReset(user.email)
    expect(mail.subject).toBe('Restablezca su contraseña de Cauce Data')
    expect(mail.text).toContain('válido durante 1 hora')
    expect(mail.text).toContain('Cauce Data')
    expect(mail.html).toContain('<html lang="es">')

    const link = linkIn(mail.text)
    expect(link).toMatch(/^\/auth\/v1\/verify\?token=[\w-]+&type=recovery&redirect_to=/)
    const { fragment, client } = await followLink(server, link, '/es/reset-password', 'recovery')
    expect([...fragment.keys()]).toEqual([
      'access_token',
      'expires_at',
      'expires_in',
      'refresh_token',
      'sb',
      'token_type',
      'type',
    ])
    expect(fragment.get('token_type')).toBe('bearer')
    expect(claimsOf(fragment.get('access_token')!).amr.map((entry) => entry.method)).toEqual(['otp'])

    expect((await client.auth.updateUser({ password: 'recovered-secret-1' })).error).toBeNull()
    await expect(signIn(server, user.email, 'recovered-secret-1')).resolves.toBeTruthy()
    // The owner is told, in their language, with nothing in the mail that acts on the account.
    const notice = await server.deps.catcher!.waitFor(user.email, (next) => next.id > mail.id)
    expect(notice.subject).toBe('Se ha cambiado la contraseña de su cuenta de Cauce Data')
    expect(notice.text).toContain(`Se ha cambiado la contraseña de la cuenta de Cauce Data ${user.email}.`)
    expect(notice.text).not.toMatch(/https?:\/\//)
    const old = await server.client().auth.signInWithPassword({ email: user.email, password })
    expect(old.error?.code).toBe('invalid_credentials')

    // The link works once.
    const again = await server.request(link, { redirect: 'manual' })
    expect(again.status).toBe(303)
    expect(again.headers.get('location')).toBe(
      `${server.url}/es/reset-password#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired&sb=&type=recovery`,
    )
  })

  it('writes to an English-speaking user in English', async () => {
    const user = await signUp(server, { locale: 'en' })
    const mail = await requestReset(user.email, `${server.url}/en/reset-password`)
    expect(mail.subject).toBe('Reset your Cauce Data password')
    expect(mail.text).toContain('valid for 1 hour')
    expect(mail.html).toContain('<html lang="en">')

    const { client } = await followLink(server, linkIn(mail.text), '/en/reset-password', 'recovery')
    expect((await client.auth.updateUser({ password: 'recovered-secret-2' })).error).toBeNull()
    const notice = await server.deps.catcher!.waitFor(user.email, (next) => next.id > mail.id)
    expect(notice.subject).toBe('The password of your Cauce Data account was changed')
    expect(notice.html).toContain('<html lang="en">')
  })

  it('answers {} for an unknown address and sends nothing to it', async () => {
    const unknown = uniqueEmail('ghost')
    const { data, error } = await server.client().auth.resetPasswordForEmail(unknown)
    expect(error).toBeNull()
    expect(data).toEqual({})
    const known = await signUp(server)
    await requestReset(known.email)
    expect(server.deps.catcher!.messages().filter((mail) => mail.to.includes(unknown))).toEqual([])
  })

  it('does not send a second link within a minute, so the first keeps working', async () => {
    const user = await signUp(server)
    const first = await requestReset(user.email)
    const { error } = await server.client().auth.resetPasswordForEmail(user.email)
    expect(error).toBeNull()
    const response = await server.request(linkIn(first.text), { redirect: 'manual' })
    expect(fragmentOf(response.headers.get('location')).get('type')).toBe('recovery')
  })

  it('refuses a link older than one hour, by GET and by POST', async () => {
    const user = await signUp(server)
    const mail = await requestReset(user.email)
    runtimeOf(server).clock.advance(3601_000)
    const link = linkIn(mail.text)
    const response = await server.request(link, { redirect: 'manual' })
    expect(fragmentOf(response.headers.get('location')).get('error_code')).toBe('otp_expired')

    const tokenHash = new URL(link, server.url).searchParams.get('token')!
    const { error } = await server.client().auth.verifyOtp({ token_hash: tokenHash, type: 'recovery' })
    expect(error).toMatchObject({ status: 403, code: 'otp_expired', message: 'Email link is invalid or has expired' })
  })

  it('exchanges the token_hash for a session with POST /verify', async () => {
    const user = await signUp(server)
    const mail = await requestReset(user.email)
    const tokenHash = new URL(linkIn(mail.text), server.url).searchParams.get('token')!

    const withEmail = await authRequest(server, '/verify', {
      method: 'POST',
      json: { type: 'recovery', token_hash: tokenHash, email: user.email },
    })
    expect(await failureOf(withEmail)).toMatchObject({
      status: 400,
      body: { code: 'validation_failed', message: 'Only the token_hash and type should be provided' },
    })

    const client = server.client()
    const { data, error } = await client.auth.verifyOtp({ token_hash: tokenHash, type: 'recovery' })
    expect(error).toBeNull()
    expect(data.user?.id).toBe(user.id)
    expect((await client.auth.updateUser({ password: 'via-token-hash-1' })).error).toBeNull()
    await expect(signIn(server, user.email, 'via-token-hash-1')).resolves.toBeTruthy()
  })

  it('never redirects off the site: a foreign redirect_to falls back to the site URL', async () => {
    const user = await signUp(server)
    const mail = await requestReset(user.email, 'https://evil.example/steal')
    const response = await server.request(linkIn(mail.text), { redirect: 'manual' })
    expect(response.headers.get('location')!.startsWith(`${server.url}/#access_token=`)).toBe(true)

    const bogus = await server.request('/auth/v1/verify?token=nope&type=recovery&redirect_to=https://evil.example/', {
      redirect: 'manual',
    })
    expect(bogus.headers.get('location')!.startsWith(`${server.url}/#error=access_denied`)).toBe(true)
  })

  it('validates /recover and /verify input', async () => {
    const noEmail = await authRequest(server, '/recover', { method: 'POST', json: {} })
    expect(await failureOf(noEmail)).toMatchObject({ status: 422, body: { code: 'validation_failed' } })
    const noType = await authRequest(server, '/verify?token=abc')
    expect(await failureOf(noType)).toMatchObject({
      status: 400,
      body: { message: 'Verify requires a verification type' },
    })
    const code = await authRequest(server, '/verify', {
      method: 'POST',
      json: { type: 'recovery', email: 'a@example.com', token: '123456' },
    })
    expect(await failureOf(code)).toMatchObject({
      status: 403,
      body: { code: 'otp_expired', message: 'Token has expired or is invalid' },
    })
  })
})
