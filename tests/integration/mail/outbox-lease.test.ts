// E-mail at least once, never twice (decision 0019, "Claims with a lease"): the outbox's claims
// (public.email_outbox_claim, public.email_outbox_complete) called as a scheduled Edge Function
// would, through supabase-js rpc() with the service-role key, and by that function itself
// (send-notifications, as our server's schedule runs it, or built beside it). A sender that
// dies after its claim has its e-mails sent by the next one after the lease; senders claiming at
// once never share an e-mail; a report that comes after another sender took the work over is
// ignored; and work reported sent is never claimed again. Read from the database and the catcher.
import { randomUUID } from 'node:crypto'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, expect, it } from 'vitest'
import WebSocket from 'ws'
import type { MailTransport, OutgoingMail } from '../../../supabase/functions/_shared/mail/transport'
import { serviceClient } from '../../../supabase/functions/_shared/runtime'
import { outbox, type ClaimedMail } from '../../../supabase/functions/send-notifications/outbox'
import { sendDue } from '../../../supabase/functions/send-notifications/sender'
import { MailCatcher } from '../../../supabase/server/mail/catcher'
import { describeEachDatabase, signedInClient, startTestServer, type TestServer } from '../support/server'
import { anotherSender, functionEnvFor } from '../support/senders'
import { shareRiberaDocument } from '../rls/run-as'
import { users } from '../rls/seed-ids'

const staff = ['admin@caucedata.com', 'superadmin@caucedata.com']
const clients = ['lucia.martin@example.com', 'james.whitaker@example.com']
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
/** The lease the test senders take, in seconds, and a wait a little longer. */
const lease = 2
const leasePasses = () => sleep(lease * 1000 + 300)

let addressCounter = 0

describeEachDatabase('e-mail claims with a lease on %s', (kind) => {
  let server: TestServer
  let service: SupabaseClient

  beforeAll(async () => {
    server = await startTestServer(kind)
    service = server.serviceClient()
    // Every lead goes at once here: this file is about claims, not coalescing (mention-coalescing.test.ts).
    await server.deps.db.exec('update private.notification_email_settings set immediate_per_window = 1000')
  })
  afterAll(() => server.close())

  const catcher = () => server.deps.catcher!
  const visitorAddress = (marker: string) => `visitor-${marker}@example.org`

  /** A lead through the form: an e-mail at once to each staff member, an acknowledgement to the visitor. */
  async function lead(marker: string) {
    const visitor = createClient(server.url, server.anonKey, {
      global: {
        fetch: async (input, init) => server.app.fetch(new Request(input, init)),
        headers: { 'X-Forwarded-For': `203.0.113.${++addressCounter}` },
      },
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: WebSocket as never },
    })
    const { error } = await visitor.from('contact_messages').insert({
      name: `Lead ${marker}`,
      email: visitorAddress(marker),
      message: 'Quisiera una propuesta.',
      privacy_accepted: true,
      locale: 'es',
    })
    expect(error).toBeNull()
  }

  /** A document shared with the client: a digest to each of its two client users. */
  async function sharedDocument(marker: string) {
    await shareRiberaDocument(server.deps.db, `Doc ${marker}`)
  }

  async function claim(args: Record<string, number> = {}): Promise<{ lease_seconds: number; mails: ClaimedMail[] }> {
    const { data, error } = await service.rpc('email_outbox_claim', { digest_minutes: 0, ...args })
    expect(error).toBeNull()
    return data as { lease_seconds: number; mails: ClaimedMail[] }
  }
  async function complete(args: { sent?: string[]; failed?: string[]; retry_seconds?: number }) {
    const { data, error } = await service.rpc('email_outbox_complete', args)
    expect(error).toBeNull()
    return data as { sent: number; failed: number; stale: string[] }
  }
  /** The claimed e-mails about `marker` (its lead, its acknowledgement, its document). */
  const about = (mails: ClaimedMail[], marker: string) =>
    mails.filter((mail) =>
      mail.type === 'contact_acknowledgement'
        ? mail.to.startsWith(`visitor-${marker}`)
        : mail.type !== 'security_notice' && mail.notifications.some((row) => row.body.includes(marker)),
    )
  /** The e-mails caught about `marker`, by recipient. */
  function caught(marker: string): Record<string, number> {
    const counts: Record<string, number> = {}
    for (const mail of catcher().messages())
      if (mail.text.includes(marker) || mail.to.includes(visitorAddress(marker)))
        for (const to of [...staff, ...clients, visitorAddress(marker)])
          if (mail.to.includes(to)) counts[to] = (counts[to] ?? 0) + 1
    return counts
  }
  const waitForAll = (marker: string, addresses: string[]) =>
    Promise.all(
      addresses.map((to) =>
        catcher().waitFor(to, (mail) => mail.text.includes(marker) || to === visitorAddress(marker)),
      ),
    )

  it('sends the e-mails of a sender that died after its claim once its lease has passed, each exactly once', async () => {
    const marker = randomUUID().slice(0, 8)
    await lead(marker)
    await sharedDocument(marker)

    // A sender claims with a short lease, then dies: it never reports anything.
    const dying = await claim({ lease_seconds: lease })
    expect(dying.lease_seconds).toBe(lease)
    expect(
      about(dying.mails, marker)
        .map((mail) => `${mail.type} ${mail.to}`)
        .sort(),
    ).toEqual(
      [
        ...staff.map((to) => `notification ${to}`),
        ...clients.map((to) => `digest ${to}`),
        `contact_acknowledgement ${visitorAddress(marker)}`,
      ].sort(),
    )
    // While its lease holds, nobody else takes that work.
    expect(await server.notificationMails.flush()).toBe(0)
    expect(about((await claim()).mails, marker)).toEqual([])

    await leasePasses()
    expect(await server.notificationMails.flush()).toBe(5)
    await waitForAll(marker, [...staff, ...clients, visitorAddress(marker)])
    expect(caught(marker)).toEqual(
      Object.fromEntries([...staff, ...clients, visitorAddress(marker)].map((to) => [to, 1])),
    )
    // The dead sender's claim counted as a try.
    const { rows } = await server.deps.db.query<{ email_attempts: number; sent: boolean }>(
      `select email_attempts, emailed_at is not null as sent from public.notifications where body like $1`,
      [`%${marker}%`],
    )
    expect(rows).toEqual(rows.map(() => ({ email_attempts: 2, sent: true })))
    expect(rows).toHaveLength(4)

    // Sent is final: no sender claims any of it again, whatever its settings.
    await leasePasses()
    expect(about((await claim({ max_attempts: 10 })).mails, marker)).toEqual([])
    expect(await server.notificationMails.flush()).toBe(0)
    expect(Object.values(caught(marker))).toEqual([1, 1, 1, 1, 1])
  })

  it('never gives one e-mail to two senders claiming at the same moment', async () => {
    const marker = randomUUID().slice(0, 8)
    for (let i = 0; i < 6; i++) await lead(`${marker}-${i}`)
    await sharedDocument(marker)
    // 12 notifications at once, 6 acknowledgements, 2 digests; claimed 3 of each kind at a time by
    // three senders at once until nothing is left.
    const claims: ClaimedMail[][] = []
    for (;;) {
      const round = await Promise.all([0, 1, 2].map(() => claim({ batch_size: 3 })))
      const mails = round.map((result) => about(result.mails, marker))
      if (mails.every((list) => list.length === 0)) break
      claims.push(...mails)
      expect(claims.length).toBeLessThan(60)
    }
    const work = claims
      .flat()
      .flatMap((mail) =>
        mail.type === 'contact_acknowledgement'
          ? [`acknowledgement ${mail.to}`]
          : mail.type === 'security_notice'
            ? [`notice ${mail.to}`]
            : mail.notifications.map((row) => `${mail.type} ${row.id}`),
      )
    expect(work).toHaveLength(20)
    expect(new Set(work).size).toBe(20)
    expect(new Set(claims.flat().map((mail) => mail.claim)).size).toBe(claims.flat().length)
    expect(await complete({ sent: claims.flat().map((mail) => mail.claim) })).toEqual({
      sent: 20,
      failed: 0,
      stale: [],
    })
  })

  it('ignores the report of a sender whose work another claimed after its lease; the new claimer’s e-mail is the one', async () => {
    const marker = randomUUID().slice(0, 8)
    await lead(marker)
    const late = about((await claim({ lease_seconds: lease })).mails, marker)
    expect(late).toHaveLength(3)

    await leasePasses()
    // The next sender (our mailer) claims the same work and sends it.
    expect(await server.notificationMails.flush()).toBe(3)
    await waitForAll(marker, [...staff, visitorAddress(marker)])
    const stamped = await server.deps.db.query<{ id: string; emailed_at: string }>(
      `select id, emailed_at::text from public.notifications where body like $1 order by id`,
      [`%${marker}%`],
    )

    // The late sender reports success (and, for one, failure): nothing of it is recorded.
    const tokens = late.map((mail) => mail.claim)
    const report = await complete({ sent: tokens.slice(1), failed: tokens.slice(0, 1) })
    expect(report.sent).toBe(0)
    expect(report.failed).toBe(0)
    expect([...report.stale].sort()).toEqual([...tokens].sort())
    const after = await server.deps.db.query(
      `select id, emailed_at::text from public.notifications where body like $1 order by id`,
      [`%${marker}%`],
    )
    expect(after.rows).toEqual(stamped.rows)
    expect(about((await claim()).mails, marker)).toEqual([])
    expect(await server.notificationMails.flush()).toBe(0)
    expect(caught(marker)).toEqual(Object.fromEntries([...staff, visitorAddress(marker)].map((to) => [to, 1])))
  })

  it('records a report that comes after the lease while no other claim has taken the work, and never resends it', async () => {
    const marker = randomUUID().slice(0, 8)
    await lead(marker)
    const slow = about((await claim({ lease_seconds: lease })).mails, marker)
    await leasePasses()
    expect(await complete({ sent: slow.map((mail) => mail.claim) })).toEqual({ sent: 3, failed: 0, stale: [] })
    // It is the same report twice: the second finds no claim holding the work.
    expect((await complete({ sent: slow.map((mail) => mail.claim) })).stale).toHaveLength(3)
    expect(about((await claim({ max_attempts: 10 })).mails, marker)).toEqual([])
    expect(await server.notificationMails.flush()).toBe(0)
    // The slow sender sent them (not to this catcher); nobody sent them again.
    expect(caught(marker)).toEqual({})
  })

  it('retries a failed send after a doubling back-off, up to the most tries the claim allows', async () => {
    const marker = randomUUID().slice(0, 8)
    await lead(marker)
    // A sender whose e-mail API refuses its key: every send fails, over real HTTP.
    const api = new MailCatcher()
    const lines: string[] = []
    const failing = anotherSender(
      server,
      {
        MAIL_TRANSPORT: 'http',
        MAIL_API_URL: await api.listenHttp(),
        MAIL_API_KEY: 'not-the-key',
        NOTIFICATION_DIGEST_MINUTES: '0',
        MAIL_MAX_ATTEMPTS: '2',
        MAIL_RETRY_SECONDS: '1',
      },
      { log: (line) => lines.push(line) },
    )
    const failures = () =>
      lines.filter((line) =>
        staff.some((to) => line.startsWith(`e-mail to ${to} (notification) failed: the e-mail API answered 401`)),
      )
    const state = async () =>
      (
        await server.deps.db.query<{ attempts: number; held: boolean; wait: number; sent: boolean }>(
          `select email_attempts as attempts, email_claim is not null as held, emailed_at is not null as sent,
                  ceil(extract(epoch from email_claimed_until - now()))::int as wait -- whole seconds left
             from public.notifications where body like $1`,
          [`%${marker}%`],
        )
      ).rows
    try {
      expect(await failing.flush()).toBe(0)
      expect(failures()).toHaveLength(2)
      // Given back, held off for retry_seconds.
      expect(await state()).toEqual([0, 1].map(() => ({ attempts: 1, held: false, sent: false, wait: 1 })))
      expect(await failing.flush()).toBe(0)
      expect(failures()).toHaveLength(2)

      await sleep(1200)
      expect(await failing.flush()).toBe(0)
      expect(failures()).toHaveLength(4)
      // Twice as long after the second try.
      expect(await state()).toEqual([0, 1].map(() => ({ attempts: 2, held: false, sent: false, wait: 2 })))
      await sleep(2200)
      // Two tries were all this claim allows.
      expect(await failing.flush()).toBe(0)
      expect(failures()).toHaveLength(4)
      expect(about((await claim({ max_attempts: 2 })).mails, marker)).toEqual([])
      expect(api.messages()).toEqual([])
    } finally {
      await api.close()
    }
    // The server's sender allows five: the third try goes through, once.
    expect(await server.notificationMails.flush()).toBe(3)
    await waitForAll(marker, [...staff, visitorAddress(marker)])
    expect(caught(marker)).toEqual(Object.fromEntries([...staff, visitorAddress(marker)].map((to) => [to, 1])))
  })

  it('lets a sender whose transport hangs past its lease start nothing more, and ignores its late report', async () => {
    const marker = randomUUID().slice(0, 8)
    await lead(marker)
    const started: string[] = []
    let release: () => void = () => undefined
    const hanging: MailTransport = {
      send: (mail: OutgoingMail) => {
        started.push(mail.to)
        return new Promise<void>((resolve) => (release = resolve))
      },
      close: () => undefined,
    }
    const lines: string[] = []
    // The function's run itself, with a lease shorter than its settings allow (a test of timing).
    const stuckRun = () =>
      sendDue({
        outbox: outbox(serviceClient(functionEnvFor(server))),
        transport: hanging,
        siteOrigin: server.deps.siteOrigin,
        claim: { leaseSeconds: lease, digestMinutes: 0 },
        runMs: 60_000,
        log: (line) => lines.push(line),
      })
    const stuckFlush = stuckRun()
    while (started.length === 0) await sleep(20)

    await leasePasses()
    // Another sender takes over all three, including the one still in the hung exchange.
    expect(await server.notificationMails.flush()).toBe(3)
    await waitForAll(marker, [...staff, visitorAddress(marker)])

    // The hung exchange ends: its success is not recorded, and past half its lease it starts no other.
    release()
    expect(await stuckFlush).toEqual({ claimed: 3, sent: 0, failed: 0, stale: 1 })
    expect(started).toHaveLength(1)
    expect(lines).toEqual(['1 e-mail claim(s) reported after another sender had taken them over'])
    expect(await server.notificationMails.flush()).toBe(0)
    expect(caught(marker)).toEqual(Object.fromEntries([...staff, visitorAddress(marker)].map((to) => [to, 1])))
  })

  it('lets only the service role claim or report, and answers bad settings with a 400', async () => {
    const lucia = await signedInClient(server, users.lucia)
    const admin = await signedInClient(server, users.admin)
    for (const [who, client, status] of [
      ['anon', server.client(), 401],
      ['client', lucia, 403],
      ['staff', admin, 403],
    ] as const) {
      for (const [fn, args] of [
        ['email_outbox_claim', {}],
        ['email_outbox_complete', { sent: [randomUUID()] }],
      ] as const) {
        const { error, status: answered } = await client.rpc(fn, args)
        expect(answered, `${who} ${fn}`).toBe(status)
        expect(error?.code, `${who} ${fn}`).toBe('42501')
      }
    }

    for (const args of [{ lease_seconds: 0 }, { batch_size: 100000 }, { max_attempts: 11 }, { digest_minutes: -1 }]) {
      const { error, status } = await service.rpc('email_outbox_claim', args)
      expect(status, JSON.stringify(args)).toBe(400)
      expect(error?.code).toBe('22023')
      expect(error?.message).toMatch(new RegExp(`^${Object.keys(args)[0]} must be between`))
    }
    const notUuid = await service.rpc('email_outbox_complete', { sent: ['not-a-token'] })
    expect(notUuid.status).toBe(400)
    const badRetry = await service.rpc('email_outbox_complete', { sent: [], retry_seconds: -1 })
    expect(badRetry.status).toBe(400)
    expect(badRetry.error?.message).toBe('retry_seconds must be between 0 and 86400')
    // A token that holds nothing is reported as stale, nothing else.
    const unknown = randomUUID()
    expect(await complete({ sent: [unknown] })).toEqual({ sent: 0, failed: 0, stale: [unknown] })
  })
})
