// send-auth-email, the Send Email hook, as Supabase Auth calls it: a POST signed as Standard
// Webhooks with { user, email_data }. Our auth calls it for every auth e-mail (auth/*.test.ts);
// here the hook's own contract: who it answers, and what each action type sends.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { Webhook } from 'standardwebhooks'
import { describeOnOneDatabase, startTestServer, type TestServer } from '../support/server'
import { uniqueEmail } from '../auth/support/helpers'

describeOnOneDatabase('send-auth-email on %s', (kind) => {
  let server: TestServer
  let secret: string

  beforeAll(async () => {
    server = await startTestServer(kind)
    secret = server.deps.functionSettings.SEND_EMAIL_HOOK_SECRETS!
  })
  afterAll(() => server.close())

  function hookCall(payload: unknown, key = secret, headers: Record<string, string> = {}) {
    const body = JSON.stringify(payload)
    const id = randomUUID()
    const now = new Date()
    return server.app.fetch(
      new Request(`${server.deps.siteOrigin}/functions/v1/send-auth-email`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'webhook-id': id,
          'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
          'webhook-signature': new Webhook(key.slice('v1,'.length)).sign(id, now, body),
          ...headers,
        },
        body,
      }),
    )
  }

  const user = (email: string, metadata: Record<string, unknown> = {}, more: Record<string, unknown> = {}) => ({
    id: randomUUID(),
    email,
    user_metadata: metadata,
    ...more,
  })

  it('answers 401 alike to an unsigned call, a wrong secret and an old signature, and sends nothing', async () => {
    const email = uniqueEmail('hookrefused')
    const payload = { user: user(email), email_data: { email_action_type: 'reauthentication', token: '123456' } }
    const other = `v1,whsec_${Buffer.from('another secret of thirty-two bytes').toString('base64')}`
    const answers = [
      await hookCall(payload, other),
      await hookCall(payload, secret, { 'webhook-timestamp': String(Math.floor(Date.now() / 1000) - 3600) }),
      await server.app.fetch(
        new Request(`${server.deps.siteOrigin}/functions/v1/send-auth-email`, {
          method: 'POST',
          body: JSON.stringify(payload),
        }),
      ),
    ]
    for (const answer of answers) {
      expect(answer.status).toBe(401)
      expect(await answer.json()).toEqual({
        error: { http_code: 401, message: 'The hook request is not signed with this hook’s secret' },
      })
    }
    expect(server.deps.catcher!.messages().some((mail) => mail.to.includes(email))).toBe(false)
  })

  it('answers 400 to a signed body that is not a Send Email payload', async () => {
    const answer = await hookCall({ user: { email: 'x@example.com' } })
    expect(answer.status).toBe(400)
    expect(((await answer.json()) as { error: { http_code: number } }).error.http_code).toBe(400)
  })

  it('sends a sign-in link to the site’s confirmation page, in the person’s language, with the code', async () => {
    const email = uniqueEmail('hooklink')
    const answer = await hookCall({
      user: user(email, { locale: 'en' }),
      email_data: {
        email_action_type: 'magiclink',
        token: '314159',
        token_hash: 'the-token',
        redirect_to: `${server.deps.siteOrigin}/es/client-portal/dashboard`,
      },
    })
    expect(answer.status).toBe(200)
    expect(await answer.json()).toEqual({})
    const mail = await server.deps.catcher!.waitFor(email)
    expect(mail.html).toContain('<html lang="en">')
    expect(mail.text).toContain('314159')
    expect(mail.text).toContain(`${server.deps.siteOrigin}/en/confirm?token_hash=the-token&type=magiclink&redirect_to=`)
  })

  it('writes in the language of the page that asked when the person has none', async () => {
    const email = uniqueEmail('hookrecovery')
    await hookCall({
      user: user(email),
      email_data: {
        email_action_type: 'recovery',
        token_hash: 'recovery-token',
        redirect_to: `${server.deps.siteOrigin}/en/reset-password`,
      },
    })
    const mail = await server.deps.catcher!.waitFor(email)
    expect(mail.html).toContain('<html lang="en">')
    expect(mail.text).toContain(`${server.deps.siteOrigin}/auth/v1/verify?token=recovery-token&type=recovery`)
  })

  it('sends an e-mail change to both addresses, each with its own link (Auth’s crossed names)', async () => {
    const current = uniqueEmail('hookcurrent')
    const next = uniqueEmail('hooknew')
    const answer = await hookCall({
      user: user(current, { locale: 'es' }, { new_email: next }),
      email_data: { email_action_type: 'email_change', token_hash_new: 'for-current', token_hash: 'for-new' },
    })
    expect(answer.status).toBe(200)
    expect((await server.deps.catcher!.waitFor(current)).text).toContain('token=for-current&type=email_change')
    expect((await server.deps.catcher!.waitFor(next)).text).toContain('token=for-new&type=email_change')
  })

  it('sends the security notices it has templates for, and answers {} without sending for the others', async () => {
    const email = uniqueEmail('hooknotice')
    const enrolled = await hookCall({
      user: user(email, { locale: 'es' }),
      email_data: { email_action_type: 'mfa_factor_enrolled_notification', factor_type: 'totp', factor_name: 'Móvil' },
    })
    expect(enrolled.status).toBe(200)
    const mail = await server.deps.catcher!.waitFor(email)
    expect(mail.subject).toBe('Se ha añadido un método de verificación en dos pasos a su cuenta')
    expect(mail.text).toContain('Se ha añadido la aplicación de autenticación “Móvil”')

    // A passkey is named as one (Auth's factor_type webauthn).
    const keyOwner = uniqueEmail('hookpasskey')
    await hookCall({
      user: user(keyOwner, { locale: 'en' }),
      email_data: {
        email_action_type: 'mfa_factor_enrolled_notification',
        factor_type: 'webauthn',
        factor_name: 'Key',
      },
    })
    const keyMail = await server.deps.catcher!.waitFor(keyOwner)
    expect(keyMail.text).toContain('The passkey “Key” was added')
    expect(keyMail.text).not.toContain('authenticator app')

    const other = uniqueEmail('hookphone')
    const phone = await hookCall({ user: user(other), email_data: { email_action_type: 'phone_changed_notification' } })
    expect(phone.status).toBe(200)
    expect(await phone.json()).toEqual({})
    // A notice the hook does send, to the same address, after it: once that one is caught, a mail
    // for the phone change would have been caught before it.
    await hookCall({
      user: user(other, { locale: 'en' }),
      email_data: { email_action_type: 'mfa_factor_enrolled_notification', factor_type: 'totp', factor_name: 'Last' },
    })
    await server.deps.catcher!.waitFor(other)
    expect(server.deps.catcher!.messages().filter((m) => m.to.includes(other))).toEqual([
      expect.objectContaining({ text: expect.stringContaining('“Last”') }),
    ])
  })
})
