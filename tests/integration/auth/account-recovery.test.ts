// Accounts that never strand a user, through the real supabase-js: the reset link of an account
// with two-step verification needs the code before the new password (wrong and replayed codes
// refused); a backup authenticator signs in when the first is lost; adding and removing a factor
// tells the owner by e-mail in their language; auth e-mails follow the profile's language, else
// the page's; the development inbox answers only the loopback address; and what GoTrue refuses
// (malformed addresses, identity keys in admin metadata, short passwords by setting) we refuse.
import { describe, expect, it } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import { commonPasswords } from '../../../supabase/server/auth/common-passwords'
import { describeOnOneDatabase } from '../support/server'
import {
  claimsOf,
  followLink,
  fragmentOf,
  linkIn,
  password,
  runtimeOf,
  signIn,
  signUp,
  uniqueEmail,
  totpCode,
  useAuthServer,
} from './support/helpers'

describeOnOneDatabase('account recovery and notices on %s', (kind) => {
  const server = useAuthServer(kind)

  const codeFor = (secret: string) => totpCode(server, secret)

  const enrol = async (client: SupabaseClient, friendlyName: string) => {
    const { data: factor, error } = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName })
    expect(error).toBeNull()
    const { error: verifyError } = await client.auth.mfa.challengeAndVerify({
      factorId: factor!.id,
      code: codeFor(factor!.totp.secret),
    })
    expect(verifyError).toBeNull()
    return { id: factor!.id, secret: factor!.totp.secret }
  }

  /** Follows the recovery e-mail's link and returns a client holding the recovery session. */
  const recoverySession = async (email: string, lang = 'es') => {
    server.deps.catcher!.clear()
    // Past the interval within which a second recovery e-mail is silently not sent.
    runtimeOf(server).clock.advance(61_000)
    const { error } = await server
      .client()
      .auth.resetPasswordForEmail(email, { redirectTo: `${server.url}/${lang}/reset-password` })
    expect(error).toBeNull()
    const mail = await server.deps.catcher!.waitFor(email, (m) => m.text.includes('/auth/v1/verify'))
    const { fragment, client } = await followLink(server, linkIn(mail.text), `/${lang}/reset-password`, 'recovery')
    return { client, mail, accessToken: fragment.get('access_token')! }
  }

  it('asks an account with a factor for its code before it accepts the new password', async () => {
    const user = await signUp(server, { locale: 'en' })
    const factor = await enrol(user.client, 'Phone')
    const { client, accessToken } = await recoverySession(user.email)
    expect(claimsOf(accessToken).aal).toBe('aal1')

    // The link alone is not enough.
    const early = await client.auth.updateUser({ password: 'a-brand-new-password' })
    expect(early.error).toMatchObject({ status: 401, code: 'insufficient_aal' })

    // A wrong code, then the right one, then the same code again.
    const wrong = await client.auth.mfa.challengeAndVerify({ factorId: factor.id, code: '000000' })
    expect(wrong.error).toMatchObject({ status: 422, code: 'mfa_verification_failed' })
    const code = codeFor(factor.secret)
    const right = await client.auth.mfa.challengeAndVerify({ factorId: factor.id, code })
    expect(right.error).toBeNull()
    expect(claimsOf(right.data!.access_token).aal).toBe('aal2')
    const replay = await client.auth.mfa.challengeAndVerify({ factorId: factor.id, code })
    expect(replay.error).toMatchObject({ status: 422, code: 'mfa_verification_failed' })

    const saved = await client.auth.updateUser({ password: 'a-brand-new-password' })
    expect(saved.error).toBeNull()
    const { error } = await server
      .client()
      .auth.signInWithPassword({ email: user.email, password: 'a-brand-new-password' })
    expect(error).toBeNull()
  })

  it('signs in with the backup authenticator when the first one is lost', async () => {
    const user = await signUp(server, { locale: 'es' })
    await enrol(user.client, 'Phone')
    const backup = await enrol(user.client, 'Backup')
    const { data } = await user.client.auth.mfa.listFactors()
    expect(data!.totp.map((f) => f.friendly_name)).toEqual(['Phone', 'Backup'])

    const { client } = await signIn(server, user.email)
    const result = await client.auth.mfa.challengeAndVerify({ factorId: backup.id, code: codeFor(backup.secret) })
    expect(result.error).toBeNull()
    expect(claimsOf(result.data!.access_token).aal).toBe('aal2')
  })

  it('tells the owner in their language when a factor is added or removed', async () => {
    const user = await signUp(server, { locale: 'en' })
    const factor = await enrol(user.client, 'Work phone')
    const added = await server.deps.catcher!.waitFor(user.email, (m) => m.subject.includes('added'))
    expect(added.subject).toBe('A two-step verification method was added to your account')
    expect(added.text).toContain('“Work phone”')
    expect(added.text).not.toMatch(/https?:\/\//) // a notice carries no link that acts on the account

    const removed = await user.client.auth.mfa.unenroll({ factorId: factor.id })
    expect(removed.error).toBeNull()
    const notice = await server.deps.catcher!.waitFor(user.email, (m) => m.subject.includes('removed'))
    expect(notice.subject).toBe('A two-step verification method was removed from your account')

    const spanish = await signUp(server, { locale: 'es' })
    await enrol(spanish.client, 'Móvil')
    const aviso = await server.deps.catcher!.waitFor(spanish.email)
    expect(aviso.subject).toBe('Se ha añadido un método de verificación en dos pasos a su cuenta')
    expect(aviso.html).toContain('<html lang="es">')
  })

  it('writes the reset e-mail in the language of the profile, else of the page that asked', async () => {
    const user = await signUp(server, { locale: 'es' })
    // The person switches their profile to English: the auth e-mails follow.
    await server.deps.db.query(`update public.profiles set locale = 'en' where id = $1`, [user.id])
    const { mail } = await recoverySession(user.email, 'es')
    expect(mail.subject).toBe('Reset your Cauce Data password')

    // No language known for the account: the page's.
    const bare = await signUp(server)
    await server.deps.db.query(
      `update auth.users set raw_user_meta_data = raw_user_meta_data - 'locale' where id = $1`,
      [bare.id],
    )
    expect((await recoverySession(bare.email, 'en')).mail.subject).toBe('Reset your Cauce Data password')
    expect((await recoverySession(bare.email, 'es')).mail.subject).toBe('Restablezca su contraseña de Cauce Data')
  })

  it('needs the current password or a code from /reauthenticate to change the password', async () => {
    const user = await signUp(server, { locale: 'en' })
    const change = (attributes: { current_password?: string; nonce?: string }, newPassword = 'changed-secret-1') =>
      user.client.auth.updateUser({ password: newPassword, ...attributes })

    expect((await change({})).error).toMatchObject({ status: 400, code: 'reauthentication_needed' })
    // A wrong current password is refused before the same-password check could confirm a guess.
    expect((await change({ current_password: 'not-the-password' }, 'not-the-password')).error).toMatchObject({
      status: 400,
      code: 'current_password_invalid',
    })
    expect((await change({ current_password: password })).error).toBeNull()

    // The code by e-mail, in the user's language; wrong, right, replayed, expired.
    server.deps.catcher!.clear()
    expect((await user.client.auth.reauthenticate()).error).toBeNull()
    // The code's e-mail, not the notice of the change just made (it may arrive after the clear).
    const isCode = (caught: { subject: string }) => /is your Cauce Data verification code/.test(caught.subject)
    const mail = await server.deps.catcher!.waitFor(user.email, isCode)
    const code = isCode(mail) ? mail.subject.slice(0, 6) : ''
    expect(code).toMatch(/^\d{6}$/)
    expect(mail.text).toContain(code)
    const again = await user.client.auth.reauthenticate()
    expect(again.error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' })

    const wrong = code === '000000' ? '111111' : '000000'
    expect((await change({ nonce: wrong }, 'changed-secret-2')).error).toMatchObject({
      status: 422,
      code: 'reauthentication_not_valid',
    })
    expect((await change({ nonce: code }, 'changed-secret-2')).error).toBeNull()
    expect((await change({ nonce: code }, 'changed-secret-3')).error).toMatchObject({
      code: 'reauthentication_not_valid',
    })

    runtimeOf(server).clock.advance(61_000)
    server.deps.catcher!.clear()
    expect((await user.client.auth.reauthenticate()).error).toBeNull()
    const late = (await server.deps.catcher!.waitFor(user.email, isCode)).subject.slice(0, 6)
    runtimeOf(server).clock.advance(3601_000)
    expect((await change({ nonce: late }, 'changed-secret-3')).error).toMatchObject({
      code: 'reauthentication_not_valid',
    })
    await expect(signIn(server, user.email, 'changed-secret-2')).resolves.toBeTruthy()
  })

  it('counts re-authentication attempts per account, so a stolen session cannot guess', async () => {
    const user = await signUp(server)
    const rule = runtimeOf(server).limits.verify
    const before = rule.max
    rule.max = 3
    try {
      for (let attempt = 0; attempt < 3; attempt++) {
        const { error } = await user.client.auth.updateUser({
          password: 'guessing-1',
          current_password: `guess-${attempt}`,
        })
        expect(error).toMatchObject({ code: 'current_password_invalid' })
      }
      const blocked = await user.client.auth.updateUser({ password: 'guessing-1', current_password: password })
      expect(blocked.error).toMatchObject({ status: 429, code: 'over_request_rate_limit' })
    } finally {
      rule.max = before
    }
  })

  it('changes the e-mail address only after both addresses confirm, in the user’s language', async () => {
    const user = await signUp(server, { locale: 'en' })
    const newEmail = uniqueEmail('moved')
    server.deps.catcher!.clear()
    const { data, error } = await user.client.auth.updateUser(
      { email: newEmail },
      { emailRedirectTo: `${server.url}/en/client-portal/dashboard/account` },
    )
    expect(error).toBeNull()
    expect(data.user).toMatchObject({ email: user.email.toLowerCase(), new_email: newEmail.toLowerCase() })
    const toOld = await server.deps.catcher!.waitFor(user.email)
    const toNew = await server.deps.catcher!.waitFor(newEmail)
    expect(toOld.subject).toBe('Confirm the new e-mail address of your Cauce Data account')
    expect(toNew.text).toContain(`from ${user.email.toLowerCase()} to ${newEmail.toLowerCase()}`)

    // A mail scanner or the person follows the new address's link: nothing changes yet.
    const first = await server.request(linkIn(toNew.text), { redirect: 'manual' })
    expect(fragmentOf(first.headers.get('location')).get('message')).toBe(
      'Confirmation link accepted. Please proceed to confirm link sent to the other email',
    )
    const replay = await server.request(linkIn(toNew.text), { redirect: 'manual' })
    expect(fragmentOf(replay.headers.get('location')).get('error_code')).toBe('otp_expired')
    const { rows: before } = await server.deps.db.query<{ email: string }>(
      'select email from auth.users where id = $1',
      [user.id],
    )
    expect(before[0]!.email).toBe(user.email.toLowerCase())

    const second = await server.request(linkIn(toOld.text), { redirect: 'manual' })
    const fragment = fragmentOf(second.headers.get('location'))
    expect(fragment.get('type')).toBe('email_change')
    expect(claimsOf(fragment.get('access_token')!).email).toBe(newEmail.toLowerCase())
    await expect(signIn(server, newEmail)).resolves.toBeTruthy()
    const { rows: profile } = await server.deps.db.query<{ email: string }>(
      'select email from public.profiles where id = $1',
      [user.id],
    )
    expect(profile[0]!.email).toBe(newEmail.toLowerCase())

    // An address that belongs to someone else is refused as GoTrue does.
    const other = await signUp(server)
    const taken = await other.client.auth.updateUser({ email: newEmail })
    expect(taken.error).toMatchObject({ status: 422, code: 'email_exists' })
  })

  it('refuses the most common passwords and ones that contain the address, everywhere a password is set', async () => {
    expect((await commonPasswords(runtimeOf(server).passwordRules.commonPasswords)).size).toBeGreaterThanOrEqual(
      100_000,
    )
    for (const common of ['password123', 'QWERTYuiop', 'Password1']) {
      const { error } = await server.client().auth.signUp({ email: uniqueEmail('common'), password: common })
      expect(error, common).toMatchObject({ status: 422, code: 'weak_password', reasons: ['pwned'] })
    }
    const email = uniqueEmail('marisol')
    const named = await server.client().auth.signUp({ email, password: `My-${email.split('@')[0]}-2026` })
    expect(named.error).toMatchObject({ status: 422, code: 'weak_password', reasons: ['email'] })

    const user = await signUp(server)
    const change = await user.client.auth.updateUser({ password: 'iloveyou2', current_password: password })
    expect(change.error).toMatchObject({ code: 'weak_password', reasons: ['pwned'] })
    const admin = await server
      .serviceClient()
      .auth.admin.createUser({ email: uniqueEmail('admin-common'), password: 'sunshine1' })
    expect(admin.error).toMatchObject({ code: 'weak_password' })
    // With the list turned off (AUTH_COMMON_PASSWORDS=0) a common password is taken, as Supabase does.
    const rules = runtimeOf(server).passwordRules
    const listed = rules.commonPasswords
    rules.commonPasswords = 0
    try {
      const taken = await server.client().auth.signUp({ email: uniqueEmail('off'), password: 'password123' })
      expect(taken.error).toBeNull()
    } finally {
      rules.commonPasswords = listed
    }
    // A long passphrase of common words is fine.
    const fine = await server.client().auth.signUp({ email: uniqueEmail('fine'), password: 'river-lantern-copper-7' })
    expect(fine.error).toBeNull()
  })

  it('shows the development inbox to the loopback address only, and says why to others', async () => {
    const from = (address: string) =>
      server.request('/_dev/mail/messages.json', { headers: { 'x-forwarded-for': address } })
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) expect((await from(address)).status).toBe(200)
    for (const address of ['203.0.113.9', '10.0.0.2', '::ffff:192.168.1.4', '128.0.0.1']) {
      const response = await from(address)
      expect(response.status).toBe(403)
      expect(await response.text()).toContain('answers only requests from the computer the server runs on')
    }
    const page = await server.request('/_dev/mail/1.html', { headers: { 'x-forwarded-for': '198.51.100.7' } })
    expect(page.status).toBe(403)
  })

  it("opens each message's HTML version from the inbox's link", async () => {
    const local = { headers: { 'x-forwarded-for': '127.0.0.1' } }
    const { email } = await signUp(server, { locale: 'en' })
    await server.client().auth.resetPasswordForEmail(email)
    const mail = await server.deps.catcher!.waitFor(email)
    const inbox = await (await server.request('/_dev/mail', local)).text()
    const link = `/_dev/mail/${mail.id}.html`
    expect(inbox).toContain(`href="${link}"`)
    const page = await server.request(link, local)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toContain('text/html')
    expect(await page.text()).toBe(mail.html)
    expect((await server.request('/_dev/mail/999999999.html', local)).status).toBe(404)
    expect((await server.request('/_dev/mail/1x.html', local)).status).toBe(404)
  })

  it('refuses what GoTrue refuses in the admin API', async () => {
    const admin = server.serviceClient().auth.admin
    for (const email of ['xx:;x@x.x', 'a b@c.de', 'name@-bad.com', 'x@y']) {
      const created = await admin.createUser({ email, password, email_confirm: true })
      expect(created.error, email).toMatchObject({ status: 400, code: 'validation_failed' })
      const invited = await admin.inviteUserByEmail(email)
      expect(invited.error, email).toMatchObject({ status: 400, code: 'validation_failed' })
    }
    const { count } = await server.deps.db
      .query<{ count: number }>(`select count(*)::int as count from auth.users where email like '%x@x.x'`)
      .then((r) => r.rows[0]!)
    expect(count).toBe(0)

    // Admin create stores the metadata it was given: no identity keys added.
    const email = uniqueEmail('admin-made')
    const { data, error } = await admin.createUser({ email, password, user_metadata: { full_name: 'Ana' } })
    expect(error).toBeNull()
    expect(data.user!.user_metadata).toEqual({ full_name: 'Ana' })
    const updated = await admin.updateUserById(data.user!.id, { email_confirm: true, user_metadata: { locale: 'en' } })
    expect(updated.data.user!.user_metadata).toEqual({ full_name: 'Ana', locale: 'en' })
  })
})

describe('the minimum password length is a setting', () => {
  const server = useAuthServer('pglite', { AUTH_PASSWORD_MIN_LENGTH: '12' })

  it('refuses shorter passwords with GoTrue’s message and accepts long enough ones', async () => {
    const short = await server.client().auth.signUp({ email: uniqueEmail('short'), password: 'eleven-char' })
    expect(short.error).toMatchObject({ status: 422, code: 'weak_password' })
    expect(short.error!.message).toBe('Password should be at least 12 characters.')
    const admin = await server
      .serviceClient()
      .auth.admin.createUser({ email: uniqueEmail('short'), password: 'eleven-char' })
    expect(admin.error).toMatchObject({ status: 422, code: 'weak_password' })
    const long = await server.client().auth.signUp({ email: uniqueEmail('long'), password: 'twelve-chars' })
    expect(long.error).toBeNull()
  })
})
