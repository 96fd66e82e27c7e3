// @vitest-environment node
// The pieces of the send-notifications Edge Function: its settings and where they send e-mail,
// the service-key check, one run's rounds (claim, send, report) against a fake outbox and clock,
// and the HTTP transport against the development catcher's e-mail API over a real socket.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mailDestination, mailSettingsShape } from '../../supabase/functions/_shared/mail/settings'
import { mailTransport, type OutgoingMail } from '../../supabase/functions/_shared/mail/transport'
import { functionEnv } from '../../supabase/functions/_shared/runtime'
import { isServiceCaller, serviceKeyDigests } from '../../supabase/functions/_shared/service-key'
import { readSettings } from '../../supabase/functions/_shared/settings'
import { sendNotifications } from '../../supabase/functions/send-notifications/handler'
import type { ClaimedMail, Outbox } from '../../supabase/functions/send-notifications/outbox'
import { sendDue } from '../../supabase/functions/send-notifications/sender'
import { MailCatcher } from '../../supabase/server/mail/catcher'
import { z } from 'zod'

const mailSettings = z.object(mailSettingsShape)
const settingsOf = (values: Record<string, string>) => readSettings(mailSettings, (name) => values[name], 'test')

describe('mail settings', () => {
  it('send over SMTP by default, to SMTP_URL or to the URL SMTP_HOST and its companions make', () => {
    expect(mailDestination(settingsOf({ SMTP_URL: 'smtps://u:p@mail.example.com:465' }))).toEqual({
      transport: 'smtp',
      smtpUrl: 'smtps://u:p@mail.example.com:465',
    })
    expect(mailDestination(settingsOf({ SMTP_HOST: 'mail.example.com' }))).toEqual({
      transport: 'smtp',
      smtpUrl: 'smtp://mail.example.com:587',
    })
    // Port 465 is TLS from the start; user and password are escaped, an IPv6 address bracketed.
    expect(
      mailDestination(settingsOf({ SMTP_HOST: '::1', SMTP_PORT: '465', SMTP_USER: 'a@b', SMTP_PASS: 'p:w/d' })),
    ).toEqual({ transport: 'smtp', smtpUrl: 'smtps://a%40b:p%3Aw%2Fd@[::1]:465' })
  })

  it('send through the HTTP API with MAIL_TRANSPORT=http, and name what is missing', () => {
    expect(
      mailDestination(
        settingsOf({ MAIL_TRANSPORT: 'http', MAIL_API_URL: 'https://api.example/emails', MAIL_API_KEY: 'k' }),
      ),
    ).toEqual({ transport: 'http', apiUrl: 'https://api.example/emails', apiKey: 'k' })
    expect(mailDestination(settingsOf({ MAIL_TRANSPORT: 'http', SMTP_URL: 'smtp://mail.example.com:587' }))).toEqual({
      missing: 'MAIL_TRANSPORT=http needs MAIL_API_URL and MAIL_API_KEY',
    })
    expect(mailDestination(settingsOf({}))).toEqual({ missing: 'MAIL_TRANSPORT=smtp needs SMTP_URL or SMTP_HOST' })
  })

  it('name every bad variable at once, and take an empty one as unset', () => {
    expect(() =>
      settingsOf({ MAIL_TRANSPORT: 'pigeon', MAIL_LEASE_SECONDS: '5', MAIL_API_URL: 'ftp://x', MAIL_RUN_SECONDS: '' }),
    ).toThrow(/test: invalid settings:\n {2}MAIL_TRANSPORT: .*\n {2}MAIL_API_URL: .*\n {2}MAIL_LEASE_SECONDS: /)
    expect(settingsOf({ MAIL_RUN_SECONDS: '' }).MAIL_RUN_SECONDS).toBe(60)
  })

  it('keep the function from starting without SITE_URL or a mail destination', () => {
    const env = (values: Record<string, string>) =>
      functionEnv(
        (name) =>
          ({ SUPABASE_URL: 'http://x', SUPABASE_ANON_KEY: 'a', SUPABASE_SERVICE_ROLE_KEY: 's', ...values })[name],
      )
    expect(() => sendNotifications(env({ SMTP_URL: 'smtp://x:25' }))).toThrow(/SITE_URL/)
    expect(() => sendNotifications(env({ SITE_URL: 'https://site.example' }))).toThrow(
      'send-notifications: MAIL_TRANSPORT=smtp needs SMTP_URL or SMTP_HOST',
    )
  })
})

describe('the service-key check', () => {
  const env = (extra: Record<string, string> = {}) =>
    functionEnv(
      (name) =>
        ({ SUPABASE_URL: 'http://x', SUPABASE_ANON_KEY: 'anon', SUPABASE_SERVICE_ROLE_KEY: 'service-key', ...extra })[
          name
        ],
    )
  const asking = (authorization?: string) =>
    new Request('http://x/', { method: 'POST', headers: authorization ? { Authorization: authorization } : {} })

  it('accepts the service-role key as a bearer token, nothing else', async () => {
    const keys = serviceKeyDigests(env())
    expect(await isServiceCaller(asking('Bearer service-key'), keys)).toBe(true)
    for (const refused of [
      undefined,
      'Bearer anon',
      'Bearer service-ke',
      'Bearer service-keyy',
      'service-key',
      'Bearer ',
    ])
      expect(await isServiceCaller(asking(refused), keys), String(refused)).toBe(false)
  })

  it("also accepts the project's secret keys (SUPABASE_SECRET_KEYS), and ignores that variable when it is not JSON", async () => {
    const keys = serviceKeyDigests(env({ SUPABASE_SECRET_KEYS: '{"default":"sb_secret_abc","old":"sb_secret_def"}' }))
    expect(await isServiceCaller(asking('Bearer sb_secret_abc'), keys)).toBe(true)
    expect(await isServiceCaller(asking('Bearer sb_secret_def'), keys)).toBe(true)
    expect(await isServiceCaller(asking('Bearer service-key'), keys)).toBe(true)
    const broken = serviceKeyDigests(env({ SUPABASE_SECRET_KEYS: 'sb_secret_abc' }))
    expect(await isServiceCaller(asking('Bearer sb_secret_abc'), broken)).toBe(false)
    expect(await isServiceCaller(asking('Bearer service-key'), broken)).toBe(true)
  })
})

describe('one run of the outbox', () => {
  /** An outbox that hands out `batches` one claim at a time, and records the reports. */
  function fakeOutbox(batches: ClaimedMail[][], stale: string[] = []) {
    const reports: { sent: string[]; failed: string[]; retrySeconds?: number }[] = []
    const outbox: Outbox = {
      claim: async () => ({ leaseSeconds: 60, mails: batches.shift() ?? [] }),
      complete: async (report) => {
        reports.push(report)
        const late = report.sent.filter((token) => stale.includes(token))
        return { sent: report.sent.length - late.length, failed: report.failed.length, stale: late }
      },
    }
    return { outbox, reports }
  }
  const acknowledgement = (claim: string): ClaimedMail => ({
    type: 'contact_acknowledgement',
    claim,
    claimed_until: '2026-11-30T10:00:00Z',
    to: `${claim}@example.org`,
    locale: 'en',
  })
  const clock = () => {
    let now = 0
    return { now: () => now, advance: (ms: number) => (now += ms) }
  }

  it('sends what it claims, reports each claim once sent or failed, and claims again until nothing is due', async () => {
    const { outbox, reports } = fakeOutbox([[acknowledgement('a'), acknowledgement('b')], [acknowledgement('c')]])
    const sent: OutgoingMail[] = []
    const lines: string[] = []
    const summary = await sendDue({
      outbox,
      transport: {
        send: async (mail) => {
          if (mail.to.startsWith('b@')) throw new Error('mailbox unavailable')
          sent.push(mail)
        },
        close: () => undefined,
      },
      siteOrigin: 'https://site.example',
      claim: {},
      retrySeconds: 30,
      runMs: 60_000,
      log: (line) => lines.push(line),
    })
    expect(summary).toEqual({ claimed: 3, sent: 2, failed: 1, stale: 0 })
    expect(sent.map((mail) => [mail.to, mail.subject])).toEqual([
      ['a@example.org', 'We have received your message'],
      ['c@example.org', 'We have received your message'],
    ])
    expect(reports).toEqual([
      { sent: ['a'], failed: ['b'], retrySeconds: 30 },
      { sent: ['c'], failed: [], retrySeconds: 30 },
    ])
    expect(lines).toEqual(['e-mail to b@example.org (contact_acknowledgement) failed: mailbox unavailable'])
  })

  it('starts no e-mail once half the lease has passed; the rest wait for their lease', async () => {
    const time = clock()
    const { outbox, reports } = fakeOutbox([['a', 'b', 'c'].map(acknowledgement)])
    const summary = await sendDue({
      outbox,
      transport: { send: async () => void time.advance(20_000), close: () => undefined },
      siteOrigin: 'https://site.example',
      claim: {},
      runMs: 600_000,
      log: () => undefined,
      now: time.now,
    })
    // 60 s lease: sends start at 0 s and 20 s; at 40 s, past 30 s, the third does not.
    expect(reports).toEqual([{ sent: ['a', 'b'], failed: [], retrySeconds: undefined }])
    expect(summary).toEqual({ claimed: 3, sent: 2, failed: 0, stale: 0 })
  })

  it('claims nothing more once its run time is up, and says when a report came too late', async () => {
    const time = clock()
    const { outbox, reports } = fakeOutbox([[acknowledgement('a')], [acknowledgement('b')]], ['a'])
    const lines: string[] = []
    const summary = await sendDue({
      outbox,
      transport: { send: async () => void time.advance(5_000), close: () => undefined },
      siteOrigin: 'https://site.example',
      claim: {},
      runMs: 4_000,
      log: (line) => lines.push(line),
      now: time.now,
    })
    expect(reports).toHaveLength(1)
    expect(summary).toEqual({ claimed: 1, sent: 0, failed: 0, stale: 1 })
    expect(lines).toEqual(['1 e-mail claim(s) reported after another sender had taken them over'])
  })
})

describe('the HTTP e-mail transport', () => {
  const catcher = new MailCatcher()
  let apiUrl: string
  let silent: Server
  beforeAll(async () => {
    apiUrl = await catcher.listenHttp()
    // An API that takes the request and never answers.
    silent = createServer(() => undefined)
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
  })
  afterAll(async () => {
    await catcher.close()
    silent.closeAllConnections()
    await new Promise<void>((resolve) => silent.close(() => resolve()))
  })
  const mail = { to: 'lucia@example.com', subject: 'Hola', text: 'Hola, Lucía', html: '<p>Hola, Lucía</p>' }

  it('POSTs {from, to, subject, html, text} with the bearer key', async () => {
    const transport = mailTransport(
      { transport: 'http', apiUrl, apiKey: catcher.apiKey },
      { from: 'Cauce Data <no-reply@caucedata.com>', timeoutMs: 5000 },
    )
    await transport.send(mail)
    expect(catcher.messages()).toEqual([
      expect.objectContaining({
        via: 'http',
        to: ['lucia@example.com'],
        from: 'no-reply@caucedata.com',
        subject: 'Hola',
        text: 'Hola, Lucía',
        html: '<p>Hola, Lucía</p>',
      }),
    ])
  })

  it('fails with the API’s answer when it refuses, and when it does not answer in time', async () => {
    const wrongKey = mailTransport(
      { transport: 'http', apiUrl, apiKey: 'guess' },
      { from: 'x@example.com', timeoutMs: 5000 },
    )
    await expect(wrongKey.send(mail)).rejects.toThrow(
      'the e-mail API answered 401: {"message":"Missing or wrong API key"}',
    )
    const port = (silent.address() as AddressInfo).port
    const slow = mailTransport(
      { transport: 'http', apiUrl: `http://127.0.0.1:${port}/emails`, apiKey: 'k' },
      { from: 'x@example.com', timeoutMs: 200 },
    )
    await expect(slow.send(mail)).rejects.toThrow()
  })

  it('is answered by the catcher as such an API answers bad requests', async () => {
    const ask = (init: RequestInit, url = apiUrl) => fetch(url, init).then((response) => response.status)
    const key = { Authorization: `Bearer ${catcher.apiKey}` }
    const json = { ...key, 'Content-Type': 'application/json' }
    expect(await ask({ method: 'GET', headers: key })).toBe(405)
    expect(await ask({ method: 'POST', headers: key }, apiUrl.replace('/emails', '/other'))).toBe(404)
    expect(await ask({ method: 'POST', headers: { ...key, 'Content-Type': 'text/plain' }, body: '{}' })).toBe(415)
    expect(await ask({ method: 'POST', headers: json, body: '{' })).toBe(400)
    expect(await ask({ method: 'POST', headers: json, body: JSON.stringify({ ...mail, to: [] }) })).toBe(400)
    expect(
      await ask({ method: 'POST', headers: json, body: JSON.stringify({ to: 'a@b.c', from: 'x', subject: 's' }) }),
    ).toBe(400)
    expect(catcher.messages()).toHaveLength(1)
  })
})
