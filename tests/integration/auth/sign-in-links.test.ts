// Sign-in links and codes (POST /otp, verify types magiclink and email) and
// /admin/generate_link, through supabase-js: the mail in the page's language, the link to the
// confirmation page that a scanner's GET does not use up, single use (link and code together),
// expiry, the same answer for unknown addresses, and codes guessed across addresses.
import { expect, it } from 'vitest'
import { describeEachDatabase } from '../support/server'
import {
  authRequest,
  claimsOf,
  codeIn,
  confirmLinkIn,
  failureOf,
  fragmentOf,
  linkIn,
  runtimeOf,
  signUp,
  uniqueEmail,
  useAuthServer,
} from './support/helpers'

describeEachDatabase('sign-in links on %s', (kind) => {
  const server = useAuthServer(kind)

  const requestLink = async (email: string, page = '/en/client-portal/dashboard') => {
    const { data, error } = await server.client().auth.signInWithOtp({
      email,
      options: { shouldCreateUser: false, emailRedirectTo: `${server.url}${page}` },
    })
    expect(error).toBeNull()
    expect(data).toEqual({ user: null, session: null, messageId: undefined })
  }
  const mailFor = (email: string, since = 0) =>
    server.deps.catcher!.waitFor(email, (mail) => server.deps.catcher!.messages().indexOf(mail) >= since)

  it('mails a link to the confirmation page, in the language of the page, that a GET does not use up', async () => {
    const user = await signUp(server)
    await requestLink(user.email)
    const mail = await mailFor(user.email)
    expect(mail.subject).toBe('Your link to sign in to Cauce Data')
    expect(mail.html).toContain('<html lang="en">')
    const link = confirmLinkIn(mail.text)
    expect(link).toMatchObject({
      locale: 'en',
      type: 'magiclink',
      redirectTo: `${server.url}/en/client-portal/dashboard`,
    })

    // A mail scanner opens the link (twice): the token is still unused afterwards.
    for (let i = 0; i < 2; i++) await server.request(link.path)
    const client = server.client()
    const { data, error } = await client.auth.verifyOtp({ token_hash: link.tokenHash, type: 'magiclink' })
    expect(error).toBeNull()
    expect(data.user?.id).toBe(user.id)
    expect(claimsOf(data.session!.access_token).amr.map((entry) => entry.method)).toEqual(['otp'])
    const claims = await client.auth.getClaims()
    expect(claims.data?.claims.sub).toBe(user.id)

    // Used once: the link and the code mailed with it are both spent.
    const replay = await server.client().auth.verifyOtp({ token_hash: link.tokenHash, type: 'magiclink' })
    expect(replay.error).toMatchObject({ status: 403, code: 'otp_expired' })
    const code = await server.client().auth.verifyOtp({ email: user.email, token: codeIn(mail.text), type: 'email' })
    expect(code.error).toMatchObject({ status: 403, code: 'otp_expired' })
  })

  it('signs in with the six-digit code, once; a Spanish page gets the Spanish mail', async () => {
    const user = await signUp(server)
    await requestLink(user.email, '/es/client-portal/dashboard')
    const mail = await mailFor(user.email)
    expect(mail.subject).toBe('Su enlace para entrar en Cauce Data')
    expect(confirmLinkIn(mail.text).locale).toBe('es')
    const token = codeIn(mail.text)
    const { data, error } = await server.client().auth.verifyOtp({ email: user.email, token, type: 'email' })
    expect(error).toBeNull()
    expect(data.session?.user.id).toBe(user.id)
    const again = await server.client().auth.verifyOtp({ email: user.email, token, type: 'email' })
    expect(again.error).toMatchObject({ status: 403, code: 'otp_expired', message: 'Token has expired or is invalid' })
    // The spent link too.
    const link = await server
      .client()
      .auth.verifyOtp({ token_hash: confirmLinkIn(mail.text).tokenHash, type: 'magiclink' })
    expect(link.error?.code).toBe('otp_expired')
  })

  it('expires links and codes after AUTH_EMAIL_LINK_MINUTES; a new request replaces the old link', async () => {
    const user = await signUp(server)
    const before = server.deps.catcher!.messages().length
    await requestLink(user.email)
    const first = await mailFor(user.email, before)
    runtimeOf(server).clock.advance(61_000)
    await requestLink(user.email)
    const second = await server.deps.catcher!.waitFor(
      user.email,
      (mail) => mail !== first && mail.subject === first.subject,
    )
    const old = await server
      .client()
      .auth.verifyOtp({ token_hash: confirmLinkIn(first.text).tokenHash, type: 'magiclink' })
    expect(old.error?.code).toBe('otp_expired')

    runtimeOf(server).clock.advance(server.deps.env.AUTH_EMAIL_LINK_MINUTES * 60_000 + 1000)
    const late = await server
      .client()
      .auth.verifyOtp({ token_hash: confirmLinkIn(second.text).tokenHash, type: 'magiclink' })
    expect(late.error?.code).toBe('otp_expired')
    const lateCode = await server
      .client()
      .auth.verifyOtp({ email: user.email, token: codeIn(second.text), type: 'email' })
    expect(lateCode.error?.code).toBe('otp_expired')
  })

  it('answers an unknown address exactly as a known one, and mails it nothing', async () => {
    const unknown = uniqueEmail('nobody')
    const known = await signUp(server)
    const answers = []
    for (const email of [unknown, known.email]) {
      const response = await authRequest(server, '/otp', { method: 'POST', json: { email, create_user: false } })
      answers.push([response.status, await response.text()])
    }
    expect(answers[0]).toEqual(answers[1])
    expect(answers[0]).toEqual([200, '{}'])
    await server.deps.catcher!.waitFor(known.email)
    expect(server.deps.catcher!.messages().filter((mail) => mail.to.includes(unknown))).toEqual([])
    // Nor was an account made for it.
    const listed = await server.serviceClient().auth.admin.listUsers({ page: 1, perPage: 1000 })
    expect(listed.data.users.some((entry) => entry.email === unknown)).toBe(false)
  })

  it('refuses malformed requests with 4xx', async () => {
    const cases: [unknown, number][] = [
      [{}, 400],
      [{ phone: '+34600000000' }, 400],
      [{ email: 'xx:;x@x.x' }, 400],
      [{ email: 42 }, 400],
    ]
    for (const [json, status] of cases) {
      const response = await authRequest(server, '/otp', { method: 'POST', json })
      expect(response.status).toBe(status)
    }
    const noCode = await server.client().auth.verifyOtp({ email: 'a@example.com', token: 'abcdef', type: 'email' })
    expect(noCode.error?.status).toBe(403)
  })

  it('locks code guessing per address, from any client address, and guesses across addresses all fail', async () => {
    const { accountLock } = runtimeOf(server)
    accountLock.settings.maxFailures = 5
    try {
      const user = await signUp(server)
      await requestLink(user.email)
      const right = codeIn((await mailFor(user.email)).text)
      const wrong = right === '000000' ? '000001' : '000000'
      const attempt = (email: string, token: string, ip: string) =>
        authRequest(server, '/verify', {
          method: 'POST',
          headers: { 'x-forwarded-for': ip },
          json: { type: 'email', email, token },
        })
      for (let i = 0; i < 5; i++) expect((await attempt(user.email, wrong, `198.51.100.${i}`)).status).toBe(403)
      const locked = await attempt(user.email, right, '198.51.100.99')
      expect(locked.status).toBe(429)
      expect((await failureOf(locked)).body.message).toMatch(/Try again after \d{4}-/)

      // One guess against each of many addresses (known and not): none gets in.
      const others = [...Array(20)].map((_, i) => (i % 2 ? uniqueEmail('guess') : `nobody${i}@example.com`))
      for (const email of others) expect((await attempt(email, '123456', '203.0.113.7')).status).toBe(403)
    } finally {
      accountLock.settings.maxFailures = 10_000
      accountLock.reset()
    }
  })

  it('generates links for the service role only, with GoTrue properties', async () => {
    const user = await signUp(server)
    const admin = server.serviceClient().auth.admin
    const { data, error } = await admin.generateLink({
      type: 'magiclink',
      email: user.email,
      options: { redirectTo: `${server.url}/en/client-portal/dashboard` },
    })
    expect(error).toBeNull()
    expect(data.user?.id).toBe(user.id)
    const props = data.properties!
    expect(props).toMatchObject({
      verification_type: 'magiclink',
      redirect_to: `${server.url}/en/client-portal/dashboard`,
    })
    expect(props.email_otp).toMatch(/^\d{6}$/)
    // GoTrue's action link signs in at once when opened.
    const response = await server.request(linkIn(props.action_link), { redirect: 'manual' })
    expect(response.status).toBe(303)
    const fragment = fragmentOf(response.headers.get('location'))
    expect(fragment.get('type')).toBe('magiclink')
    expect(claimsOf(fragment.get('access_token')!).sub).toBe(user.id)
    const replay = await server.request(linkIn(props.action_link), { redirect: 'manual' })
    expect(fragmentOf(replay.headers.get('location')).get('error_code')).toBe('otp_expired')

    // A recovery link's hashed token works with verifyOtp; nothing was mailed.
    const mailsBefore = server.deps.catcher!.messages().length
    const recovery = await admin.generateLink({ type: 'recovery', email: user.email })
    const verified = await server
      .client()
      .auth.verifyOtp({ token_hash: recovery.data.properties!.hashed_token, type: 'recovery' })
    expect(verified.error).toBeNull()
    expect(server.deps.catcher!.messages().length).toBe(mailsBefore)

    // Sign-up links create an unconfirmed account; a confirmed address is refused.
    const fresh = uniqueEmail('generated')
    const signup = await admin.generateLink({
      type: 'signup',
      email: fresh,
      password: 'correct-horse-battery',
      options: { data: { full_name: 'Fresh Person' } },
    })
    expect(signup.error).toBeNull()
    expect(signup.data.user?.email_confirmed_at).toBeFalsy()
    // As GoTrue's admin link does: the given data only (the e-mail identity holds the address),
    // where a sign-up of the person's own copies the identity's keys into the metadata.
    expect(signup.data.user?.user_metadata).toEqual({ full_name: 'Fresh Person' })
    expect(signup.data.user?.identities?.[0]?.identity_data).toMatchObject({ sub: signup.data.user!.id, email: fresh })
    const confirmed = await server
      .client()
      .auth.verifyOtp({ email: fresh, token: signup.data.properties!.email_otp, type: 'email' })
    expect(confirmed.error).toBeNull()
    expect(confirmed.data.user?.email_confirmed_at).toBeTruthy()
    const duplicate = await admin.generateLink({ type: 'signup', email: fresh, password: 'correct-horse-battery' })
    expect(duplicate.error).toMatchObject({ status: 422, code: 'email_exists' })
    const missing = await admin.generateLink({ type: 'magiclink', email: uniqueEmail('missing') })
    expect(missing.error).toMatchObject({ status: 404, code: 'user_not_found' })
    const badType = await authRequest(server, '/admin/generate_link', {
      method: 'POST',
      token: server.serviceRoleKey,
      json: { type: 'nonsense', email: user.email },
    })
    expect(badType.status).toBe(400)

    const asUser = await authRequest(server, '/admin/generate_link', {
      method: 'POST',
      token: user.accessToken,
      json: { type: 'magiclink', email: user.email },
    })
    expect(asUser.status).toBe(403)
    const asAnon = await authRequest(server, '/admin/generate_link', {
      method: 'POST',
      json: { type: 'magiclink', email: user.email },
    })
    expect(asAnon.status).toBe(403)
  })
})
