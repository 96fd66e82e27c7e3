// The send-notifications Edge Function running on Deno, as Supabase runs it: `deno run` of
// supabase/functions/send-notifications/index.ts with the environment Supabase sets (SUPABASE_URL
// and the keys, pointing at our server on a loopback port) and the function's secrets. Our server's
// schedule reaches it through FUNCTIONS_URL and its e-mails arrive in the catcher over SMTP; a
// second copy, called directly as pg_net calls it, sends through the HTTP e-mail API (what a hosted
// function must use); a copy without a mail destination does not start; strangers get 401.
import { randomUUID } from 'node:crypto'
import { beforeAll, expect, it } from 'vitest'
import { describeOnOneDatabase } from '../support/server'
import type { DenoFunction } from '../../../scripts/lib/deno-serve'
import { useServerForDeno } from './support'
import { submitLead } from '../support/leads'

const staff = ['admin@caucedata.com', 'superadmin@caucedata.com']

describeOnOneDatabase('send-notifications on Deno, on %s', (kind) => {
  const functions = useServerForDeno(kind, undefined, (started) =>
    started.deps.db.exec('update private.notification_email_settings set immediate_per_window = 1000'),
  )
  const { server } = functions

  /** The function on Deno with Supabase's variables for our server, and these settings. */
  const onDeno = (settings: Record<string, string>) =>
    functions.start('send-notifications', {
      SITE_URL: server.deps.siteOrigin,
      NOTIFICATION_DIGEST_MINUTES: '0',
      ...settings,
    })

  /** A POST to the function itself, as Supabase Cron sends it through pg_net. */
  const post = (deno: DenoFunction, headers: Record<string, string>) =>
    fetch(`${deno.url}/`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: '{}' })

  async function lead() {
    const marker = randomUUID().slice(0, 8)
    const visitor = `visitor-${marker}@example.org`
    await submitLead(server, { name: `Lead ${marker}`, email: visitor })
    return { marker, visitor }
  }

  let smtp: DenoFunction
  beforeAll(async () => {
    smtp = await onDeno({ MAIL_TRANSPORT: 'smtp', SMTP_URL: server.deps.functionSettings.SMTP_URL! })
    functions.router.add('send-notifications', smtp)
  })

  it("runs on our server's schedule through FUNCTIONS_URL and sends over SMTP", async () => {
    const { marker, visitor } = await lead()
    expect(await server.notificationMails.flush(), smtp.output()).toBe(3)
    for (const to of staff) {
      const mail = await server.deps.catcher!.waitFor(to, (m) => m.text.includes(`Lead ${marker}`))
      expect(mail.via).toBe('smtp')
    }
    expect((await server.deps.catcher!.waitFor(visitor)).via).toBe('smtp')
    expect(await server.notificationMails.flush()).toBe(0)
  })

  it('sends through the HTTP e-mail API when called as pg_net calls it', async () => {
    const catcher = server.deps.catcher!
    const http = await onDeno({
      MAIL_TRANSPORT: 'http',
      MAIL_API_URL: await catcher.listenHttp(),
      MAIL_API_KEY: catcher.apiKey,
    })
    const { marker, visitor } = await lead()
    const response = await post(http, { Authorization: `Bearer ${server.serviceRoleKey}` })
    expect(await response.json(), http.output()).toEqual({ data: { claimed: 3, sent: 3, failed: 0, stale: 0 } })
    for (const to of staff) {
      const mail = await catcher.waitFor(to, (m) => m.text.includes(`Lead ${marker}`))
      expect(mail.via).toBe('http')
    }
    expect((await catcher.waitFor(visitor)).via).toBe('http')
  })

  it('answers anyone without the service-role key 401, alike, and sends nothing for them', async () => {
    const { marker } = await lead()
    const refused: Record<string, string>[] = [
      {},
      { Authorization: `Bearer ${server.anonKey}` },
      { Authorization: 'Bearer guess' },
    ]
    const answers = await Promise.all(
      refused.map(async (headers) => {
        const response = await post(smtp, headers)
        return { status: response.status, body: (await response.json()) as unknown }
      }),
    )
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1)
    expect(answers[0]).toMatchObject({ status: 401, body: { error: { code: 'not_authorized' } } })
    const { rows } = await server.deps.db.query<{ n: number }>(
      'select count(*)::int as n from public.notifications where body like $1 and email_attempts = 0',
      [`%${marker}%`],
    )
    expect(rows[0]!.n).toBe(2)
    expect(await server.notificationMails.flush()).toBe(3)
  })

  it('does not start without a destination for its MAIL_TRANSPORT, and says which settings are missing', async () => {
    await expect(onDeno({ MAIL_TRANSPORT: 'http' })).rejects.toThrow(
      /MAIL_TRANSPORT=http needs MAIL_API_URL and MAIL_API_KEY/,
    )
  })
})
