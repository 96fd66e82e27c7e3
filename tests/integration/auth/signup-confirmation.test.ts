// Sign-up with confirmation, as a Supabase project does by default (AUTH_AUTOCONFIRM=false): no
// session until the link (or code) is used, the mail in the language of the page signed up on,
// /resend, and repeated sign-ups answered in GoTrue's shape without telling who has an account.
import { describe, expect, it } from 'vitest'
import { readEnv } from '../../../supabase/server/env'
import { describeOnOneDatabase } from '../support/server'
import {
  authRequest,
  codeIn,
  confirmLinkIn,
  password,
  runtimeOf,
  signUp,
  uniqueEmail,
  useAuthServer,
  productionEnv,
} from './support/helpers'

describeOnOneDatabase('sign-up with confirmation on %s', (kind) => {
  const server = useAuthServer(kind, { AUTH_AUTOCONFIRM: 'false' })

  const signUpFrom = (email: string, page: string, pass = password) =>
    server.client().auth.signUp({
      email,
      password: pass,
      options: { emailRedirectTo: `${server.url}${page}`, data: { full_name: 'Ana' } },
    })
  const mailsTo = (email: string) => server.deps.catcher!.messages().filter((mail) => mail.to.includes(email))

  it('gives no session until the link is followed; the mail is in the language of the page', async () => {
    const email = uniqueEmail('confirm')
    const { data, error } = await signUpFrom(email, '/en/client-portal/dashboard')
    expect(error).toBeNull()
    expect(data.session).toBeNull()
    expect(data.user?.email).toBe(email)
    const settings = await (await authRequest(server, '/settings')).json()
    expect(settings.mailer_autoconfirm).toBe(false)

    const mail = await server.deps.catcher!.waitFor(email)
    const refused = await server.client().auth.signInWithPassword({ email, password })
    expect(refused.error).toMatchObject({ status: 400, code: 'email_not_confirmed' })

    expect(mail.subject).toBe('Confirm your e-mail address for Cauce Data')
    expect(mail.html).toContain('<html lang="en">')
    const link = confirmLinkIn(mail.text)
    expect(link).toMatchObject({ locale: 'en', type: 'signup' })
    await server.request(link.path) // a mail scanner: uses nothing
    const confirmed = await server.client().auth.verifyOtp({ token_hash: link.tokenHash, type: 'signup' })
    expect(confirmed.error).toBeNull()
    expect(confirmed.data.session?.user.email_confirmed_at).toBeTruthy()
    const replay = await server.client().auth.verifyOtp({ token_hash: link.tokenHash, type: 'signup' })
    expect(replay.error?.code).toBe('otp_expired')
    const signedIn = await server.client().auth.signInWithPassword({ email, password })
    expect(signedIn.error).toBeNull()
  })

  it('confirms with the code instead; a Spanish page gets the Spanish mail', async () => {
    const email = uniqueEmail('codigo')
    await signUpFrom(email, '/es/client-portal/dashboard')
    const mail = await server.deps.catcher!.waitFor(email)
    expect(mail.subject).toBe('Confirme su dirección de correo en Cauce Data')
    const { data, error } = await server.client().auth.verifyOtp({ email, token: codeIn(mail.text), type: 'email' })
    expect(error).toBeNull()
    expect(data.session?.user.email).toBe(email)
  })

  it('answers a repeated sign-up exactly like a new one, without a session, and leaves the account as it was', async () => {
    const email = uniqueEmail('taken')
    const first = await signUpFrom(email, '/en/')
    const confirmMail = await server.deps.catcher!.waitFor(email)
    await server.client().auth.verifyOtp({ token_hash: confirmLinkIn(confirmMail.text).tokenHash, type: 'signup' })

    const fresh = await signUpFrom(uniqueEmail('fresh'), '/en/')
    const again = await signUpFrom(email, '/en/', 'another-password-9')
    expect(again.error).toBeNull()
    expect(again.data.session).toBeNull()
    expect(again.data.user?.id).not.toBe(first.data.user?.id)
    // Same keys and the same values where they do not name the account.
    const shape = (user: Record<string, unknown> | null | undefined) =>
      Object.fromEntries(
        Object.entries(user ?? {}).map(([key, value]) =>
          ['id', 'email', 'created_at', 'updated_at', 'confirmation_sent_at'].includes(key)
            ? [key, typeof value]
            : [key, value],
        ),
      )
    expect(shape(again.data.user as never)).toEqual(shape(fresh.data.user as never))
    // The old password still works; the new one does not.
    expect((await server.client().auth.signInWithPassword({ email, password })).error).toBeNull()
    const wrong = await server.client().auth.signInWithPassword({ email, password: 'another-password-9' })
    expect(wrong.error?.code).toBe('invalid_credentials')
  })

  it('resends the confirmation (not within a minute), and answers {} for any address', async () => {
    const email = uniqueEmail('resend')
    await signUpFrom(email, '/en/')
    await server.deps.catcher!.waitFor(email)
    const resend = (address: string) =>
      server.client().auth.resend({ type: 'signup', email: address, options: { emailRedirectTo: `${server.url}/es/` } })

    expect((await resend(email)).error).toBeNull()
    expect(mailsTo(email)).toHaveLength(1) // within the minute: nothing more
    runtimeOf(server).clock.advance(61_000)
    const { data, error } = await resend(email)
    expect(error).toBeNull()
    expect(data).toEqual({ user: null, session: null, messageId: undefined })
    const second = await server.deps.catcher!.waitFor(email, (mail) => mail !== mailsTo(email)[0])
    expect(second.subject).toBe('Confirme su dirección de correo en Cauce Data')
    // The first link was replaced by the second.
    const old = await server
      .client()
      .auth.verifyOtp({ token_hash: confirmLinkIn(mailsTo(email)[0]!.text).tokenHash, type: 'signup' })
    expect(old.error?.code).toBe('otp_expired')

    const unknown = uniqueEmail('nobody')
    const confirmed = await signUp(server).catch(() => null) // no session here: signUp throws
    expect(confirmed).toBeNull()
    for (const address of [unknown, email]) {
      const response = await authRequest(server, '/resend', {
        method: 'POST',
        json: { type: 'signup', email: address },
      })
      expect([response.status, await response.text()]).toEqual([200, '{}'])
    }
    expect(mailsTo(unknown)).toEqual([])
    const badType = await authRequest(server, '/resend', { method: 'POST', json: { type: 'nonsense', email } })
    expect(badType.status).toBe(400)
  })
})

describe('the auto-confirm setting', () => {
  it('is refused in production', () => {
    const production = { ...productionEnv, AUTH_AUTOCONFIRM: 'true' }
    expect(() => readEnv(production)).toThrow(/AUTH_AUTOCONFIRM: must be false in production/)
    expect(readEnv({}).AUTH_AUTOCONFIRM).toBe(false)
  })
})
