// The send-notifications Edge Function in our server's process (send-notifications-deno.test.ts
// runs it on Deno), called as Supabase Cron calls it: a POST with the service-role key. With
// MAIL_TRANSPORT=http every e-mail (the outbox's and the auth e-mails alike) goes as a POST to an
// HTTP e-mail API, here the development catcher's, over a real socket. Any other caller is
// answered 401, one answer for all, and causes nothing.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { describeOnOneDatabase, startTestServer, type TestServer } from '../support/server'
import { submitLead } from '../support/leads'
import { users } from '../rls/seed-ids'

// The seeded staff, each reading in their own language.
const staff = [
  { to: 'admin@caucedata.com', locale: 'es', subject: 'Nuevo mensaje de contacto' },
  { to: 'superadmin@caucedata.com', locale: 'en', subject: 'New contact message' },
]

describeOnOneDatabase('send-notifications with MAIL_TRANSPORT=http on %s', (kind) => {
  let server: TestServer

  beforeAll(async () => {
    server = await startTestServer(kind, { MAIL_TRANSPORT: 'http' })
    // Every lead goes at once here: coalescing has its own tests (mention-coalescing.test.ts).
    await server.deps.db.exec('update private.notification_email_settings set immediate_per_window = 1000')
  })
  afterAll(() => server.close())

  const catcher = () => server.deps.catcher!
  const call = (init: RequestInit = {}) =>
    server.request('/functions/v1/send-notifications', { method: 'POST', body: '{}', ...init })
  const unsent = async (marker: string) =>
    (
      await server.deps.db.query<{ n: number }>(
        `select count(*)::int as n from public.notifications
          where body like $1 and emailed_at is null and email_attempts = 0`,
        [`%${marker}%`],
      )
    ).rows[0]!.n

  it("sends a lead's e-mails through the HTTP e-mail API, in the readers' languages", async () => {
    expect(server.deps.functionSettings).toMatchObject({
      MAIL_TRANSPORT: 'http',
      MAIL_API_URL: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/emails$/),
    })
    expect(server.deps.functionSettings.SMTP_URL).toBeUndefined()
    const marker = randomUUID().slice(0, 8)
    const visitor = `visitor-${marker}@example.org`
    await submitLead(server, { name: `Lead ${marker}`, email: visitor, locale: 'en' })

    const response = await call({ headers: { Authorization: `Bearer ${server.serviceRoleKey}` } })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ data: { claimed: 3, sent: 3, failed: 0, stale: 0 } })

    for (const { to, locale, subject } of staff) {
      const mail = await catcher().waitFor(to, (m) => m.text.includes(`Lead ${marker}`))
      expect(mail).toMatchObject({ via: 'http', from: 'no-reply@caucedata.com', subject })
      expect(mail.html).toContain(`<html lang="${locale}">`)
    }
    const acknowledgement = await catcher().waitFor(visitor)
    expect(acknowledgement).toMatchObject({ via: 'http', subject: 'We have received your message' })
    expect(acknowledgement.html).toContain('<html lang="en">')
    // Recorded as sent: the next run finds nothing.
    expect(await server.notificationMails.flush()).toBe(0)
  })

  it('sends the auth e-mails the same way', async () => {
    const { error } = await server.client().auth.resetPasswordForEmail('lucia.martin@example.com')
    expect(error).toBeNull()
    const mail = await catcher().waitFor('lucia.martin@example.com', (m) => m.text.includes('/auth/v1/verify'))
    expect(mail.via).toBe('http')
  })

  it('answers every caller but the schedule 401, the same for all, and sends nothing for them', async () => {
    const marker = randomUUID().slice(0, 8)
    await submitLead(server, { name: `Lead ${marker}`, email: `visitor-${marker}@example.org` })
    // A signed-in staff member's own token, too.
    const userToken = await server.deps.keys.sign({ sub: users.admin, role: 'authenticated', aud: 'authenticated' }, 60)
    const refused: Record<string, string>[] = [
      {},
      { Authorization: `Bearer ${server.anonKey}` },
      { Authorization: `Bearer ${userToken}` },
      { Authorization: `Bearer ${server.serviceRoleKey}x` },
      { Authorization: `Bearer ${server.serviceRoleKey.slice(0, -1)}` },
      { Authorization: server.serviceRoleKey },
      { apikey: server.serviceRoleKey },
    ]
    const answers = await Promise.all(
      refused.map(async (headers) => {
        const response = await call({ headers })
        return { status: response.status, body: (await response.json()) as unknown }
      }),
    )
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1)
    expect(answers[0]).toEqual({
      status: 401,
      body: { error: { code: 'not_authorized', message: expect.any(String) } },
    })
    // GET with the key: only POST runs it.
    const get = await server.request('/functions/v1/send-notifications', {
      headers: { Authorization: `Bearer ${server.serviceRoleKey}` },
    })
    expect(get.status).toBe(405)
    expect(await unsent(marker)).toBe(2)

    expect(await server.notificationMails.flush()).toBe(3)
    expect(await unsent(marker)).toBe(0)
  })
})
