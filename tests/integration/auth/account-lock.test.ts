// The account lock, which lives in SQL as Supabase Auth's Password and MFA Verification Attempt
// hooks (migration 20261202110000) and which our auth calls as GoTrue does: after max_failures
// failed passwords (or TOTP codes) for one account from anywhere, every attempt, even a right one,
// is refused until the window ends, with a message saying when; the attempt that locks the
// account queues one notice to its owner, sent by the e-mail outbox in their language. An address
// without an account answers the same. The hook functions are for supabase_auth_admin only.
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import { describeEachDatabase, signedInClient, startTestServer, type TestServer } from '../support/server'
import { authRequest, password, relaxLimits, runtimeOf, signIn, signUp, totpCode, uniqueEmail } from './support/helpers'

const max = 3
const tryAgain =
  /^Too many failed attempts for this account\. Try again after (\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z)$/

describeEachDatabase('account lock through the verification hooks on %s', (kind) => {
  let server: TestServer
  const sql = (text: string, params: unknown[] = []) => server.deps.db.query(text, params).then((r) => r.rows)

  beforeAll(async () => {
    server = await startTestServer(kind)
    relaxLimits(server)
    await sql('update private.account_lock_settings set max_failures = $1, lock_minutes = 15', [max])
  })
  afterAll(() => server.close())

  const attempt = async (email: string, secret: string, from = '203.0.113.1') => {
    const response = await authRequest(server, '/token?grant_type=password', {
      method: 'POST',
      headers: { 'x-forwarded-for': from },
      json: { email, password: secret },
    })
    const body = (await response.json()) as { code?: string; message: string }
    return { status: response.status, code: body.code, message: body.message }
  }
  const lockEnd = (message: string) => new Date(tryAgain.exec(message)?.[1] ?? 'none').getTime()
  const noticesOf = async (userId: string) =>
    (await sql('select kind from private.security_notices where user_id = $1', [userId])) as { kind: string }[]
  const endWindow = (userId: string) =>
    sql(`update private.account_lock_failures set window_ends_at = now() - interval '1 second' where user_id = $1`, [
      userId,
    ])

  it('locks after the maximum of failures from anywhere, refuses the right password, and tells the owner once in their language', async () => {
    for (const locale of ['es', 'en'] as const) {
      const user = await signUp(server, { locale }, `lock-${locale}`)
      const before = Date.now()
      // Three client addresses, one account: the per-address limit alone would never stop this.
      const answers = []
      for (const from of ['203.0.113.1', '203.0.113.2', '203.0.113.3'])
        answers.push(await attempt(user.email, 'wrong', from))
      expect(answers.slice(0, max - 1)).toEqual(
        Array(max - 1).fill({ status: 400, code: 'invalid_credentials', message: 'Invalid login credentials' }),
      )
      // The attempt that reaches the maximum is refused with the time to try again (GoTrue's 400).
      expect(answers[max - 1]).toMatchObject({
        status: 400,
        code: 'invalid_credentials',
        message: expect.stringMatching(tryAgain),
      })
      const until = lockEnd(answers[max - 1]!.message)
      expect(until - before).toBeGreaterThan(15 * 60_000 - 5000)
      expect(until - before).toBeLessThan(15 * 60_000 + 5000)

      // The right password is refused the same way while the lock holds, and nothing is signed in.
      const right = await attempt(user.email, password, '198.51.100.1')
      expect(right).toMatchObject({ status: 400, code: 'invalid_credentials' })
      expect(lockEnd(right.message)).toBe(until)
      expect(await attempt(user.email, 'wrong-again')).toMatchObject({ message: right.message })

      // One notice, however many attempts follow, sent by the outbox in the owner's language.
      expect(await noticesOf(user.id)).toEqual([{ kind: 'failed_sign_ins' }])
      await server.notificationMails.flush()
      const subject =
        locale === 'es'
          ? 'Varios intentos fallidos de entrar en su cuenta de Cauce Data'
          : 'Several failed attempts to sign in to your Cauce Data account'
      const notice = await server.deps.catcher!.waitFor(user.email, (m) => m.subject === subject)
      expect(notice.text).toContain(user.email)
      expect(await server.notificationMails.flush()).toBe(0)
      expect(
        server.deps.catcher!.messages().filter((m) => m.to.includes(user.email) && m.subject === subject),
      ).toHaveLength(1)
    }
  })

  it('lets the owner in once the window has ended, and a success clears the count', async () => {
    const user = await signUp(server, {}, 'window')
    for (let i = 0; i < max; i++) await attempt(user.email, 'wrong')
    expect((await attempt(user.email, password)).message).toMatch(tryAgain)
    await endWindow(user.id)
    expect((await attempt(user.email, password)).status).toBe(200)
    // The success left no count behind: max - 1 failures later the account is still open.
    for (let i = 0; i < max - 1; i++)
      expect((await attempt(user.email, 'wrong')).message).toBe('Invalid login credentials')
    expect((await attempt(user.email, password)).status).toBe(200)
    expect(await sql('select 1 from private.account_lock_failures where user_id = $1', [user.id])).toEqual([])
  })

  it('answers for an address without an account exactly as for an account', async () => {
    const user = await signUp(server, {}, 'known')
    const nobody = uniqueEmail('nobody')
    const answers: Record<string, { status: number; code?: string; message: string }[]> = { known: [], nobody: [] }
    for (let i = 0; i < max + 1; i++) {
      answers.known!.push(await attempt(user.email, i === max ? password : 'wrong'))
      answers.nobody!.push(await attempt(nobody, i === max ? password : 'wrong'))
    }
    const shape = (list: { status: number; code?: string; message: string }[]) =>
      list.map((a) => ({ ...a, message: a.message.replace(tryAgain, 'locked') }))
    expect(shape(answers.nobody!)).toEqual(shape(answers.known!))
    expect(shape(answers.known!).map((a) => a.message)).toEqual([
      ...Array(max - 1).fill('Invalid login credentials'),
      'locked',
      'locked',
    ])
    const [known, unknown] = [answers.known!.at(-1)!, answers.nobody!.at(-1)!].map((a) => lockEnd(a.message))
    expect(Math.abs(known! - unknown!)).toBeLessThan(5000)
    // The unknown address's window ends by our server's clock.
    runtimeOf(server).clock.advance(15 * 60_000 + 1000)
    expect(await attempt(nobody, 'wrong')).toMatchObject({ message: 'Invalid login credentials' })
  })

  it('locks TOTP codes per account through the MFA hook, signing the caller out as Supabase Auth does', async () => {
    const user = await signUp(server, { locale: 'en' }, 'totp')
    const { data: factor } = await user.client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' })
    const secret = factor!.totp.secret
    expect(
      (await user.client.auth.mfa.challengeAndVerify({ factorId: factor!.id, code: totpCode(server, secret) })).error,
    ).toBeNull()

    const verify = async (client: SupabaseClient, code: string) => {
      const { data: challenge, error } = await client.auth.mfa.challenge({ factorId: factor!.id })
      expect(error).toBeNull()
      return (await client.auth.mfa.verify({ factorId: factor!.id, challengeId: challenge!.id, code })).error
    }
    const first = (await signIn(server, user.email)).client
    for (let i = 0; i < max - 1; i++)
      expect(await verify(first, '000000')).toMatchObject({ code: 'mfa_verification_failed' })
    const locking = await verify(first, '000000')
    expect(locking).toMatchObject({
      status: 403,
      code: 'mfa_verification_rejected',
      message: expect.stringMatching(tryAgain),
    })
    // Rejected means signed out everywhere, as GoTrue does.
    expect((await first.auth.mfa.challenge({ factorId: factor!.id })).error).not.toBeNull()
    expect(await sql('select 1 from auth.sessions where user_id = $1', [user.id])).toEqual([])

    // The password still works (its count is apart), but even the right code is refused.
    const second = (await signIn(server, user.email)).client
    expect(await verify(second, totpCode(server, secret))).toMatchObject({
      status: 403,
      code: 'mfa_verification_rejected',
      message: locking!.message,
    })
    expect(await noticesOf(user.id)).toEqual([{ kind: 'failed_codes' }])
    await server.notificationMails.flush()
    await server.deps.catcher!.waitFor(
      user.email,
      (m) => m.subject === 'Several wrong verification codes on your Cauce Data account',
    )

    await endWindow(user.id)
    const third = (await signIn(server, user.email)).client
    expect(await verify(third, totpCode(server, secret))).toBeNull()
  })

  it('keeps the hook functions from the API roles, answering as for a missing function', async () => {
    // Under private, which the API does not expose: the same 404 as a name that exists nowhere.
    const event = { user_id: '00000000-0000-4000-8000-000000000000', valid: false }
    const user = await signUp(server, {}, 'rpc')
    const authenticated = await signedInClient(server, user.id)
    for (const client of [server.client(), authenticated]) {
      const missing = await client.rpc('hook_no_such_attempt', { event })
      for (const name of ['hook_password_verification_attempt', 'hook_mfa_verification_attempt']) {
        const called = await client.rpc(name, { event })
        expect(called.status, name).toBe(missing.status)
        expect(called.error?.code, name).toBe(missing.error?.code)
        expect(called.error?.message, name).toBe(missing.error?.message.replace('hook_no_such_attempt', name))
      }
    }
    expect(await sql('select 1 from private.account_lock_failures where user_id = $1', [event.user_id])).toEqual([])
  })

  it('runs as supabase_auth_admin, which may do nothing else, and refuses every other role', async () => {
    const user = await signUp(server, {}, 'direct')
    const call = (role: string, fn: string, valid: boolean) =>
      server.deps.db.transaction(
        async (tx) =>
          (
            await tx.query<{ output: Record<string, unknown> }>(`select private.${fn}($1::jsonb) as output`, [
              { user_id: user.id, valid, metadata: { name: 'test' } },
            ])
          ).rows[0]!.output,
        [['role', role]],
      )
    expect(await call('supabase_auth_admin', 'hook_password_verification_attempt', true)).toEqual({
      decision: 'continue',
      should_logout_user: false,
    })
    for (let i = 0; i < max - 1; i++)
      expect(await call('supabase_auth_admin', 'hook_mfa_verification_attempt', false)).toEqual({
        decision: 'continue',
      })
    const rejected = await call('supabase_auth_admin', 'hook_mfa_verification_attempt', false)
    expect(rejected).toEqual({ decision: 'reject', message: expect.stringMatching(tryAgain) })
    expect(await call('supabase_auth_admin', 'hook_mfa_verification_attempt', true)).toEqual(rejected)
    // Password attempts count apart from codes.
    expect(await call('supabase_auth_admin', 'hook_password_verification_attempt', true)).toMatchObject({
      decision: 'continue',
    })
    for (const role of ['anon', 'authenticated', 'service_role'])
      await expect(call(role, 'hook_password_verification_attempt', true), role).rejects.toMatchObject({
        code: '42501',
      })
    const asAuthAdmin = (text: string) =>
      server.deps.db.transaction((tx) => tx.query(text), [['role', 'supabase_auth_admin']])
    for (const text of [
      'select * from public.profiles',
      'select * from private.security_notices',
      'select * from public.email_outbox_claim()',
    ])
      await expect(asAuthAdmin(text), text).rejects.toMatchObject({ code: '42501' })
  })
})
