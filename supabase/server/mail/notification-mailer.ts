// Sends the e-mail copies of notifications (decision 0019). The notifications table is the
// outbox. Rows the database marked email_immediately when it wrote them (mentions and leads, a few
// per person and window: migration 20261129110100) go out one by one as soon as the mailer runs;
// everything else waits for the person's digest: at most one e-mail per person per
// NOTIFICATION_DIGEST_MINUTES, holding what they have not read yet, grouped by project.
//
// Each round claims in one statement, so two servers never send the same row or two digests to
// one person in an interval: immediate rows by stamping emailed_at (skip locked), digests by
// moving the person's last_sent_at forward only if it is old enough (the row lock on
// private.notification_digests decides between two servers) and stamping their rows in the same
// statement. A failed send clears the stamps so a later round retries, a few times at most.
// The same rounds send contact-form acknowledgements (contact-acknowledgements.ts).
import type { Database } from '../db/database'
import type { Mailer } from './mailer'
import { sendContactAcknowledgements } from './contact-acknowledgements'
import { notificationLink } from './notification-kinds'
import { notificationDigestMail, notificationMail } from './templates/notification'

const batchSize = 20
const maxAttempts = 5

interface OutboxRow {
  id: string
  recipient_id: string
  kind: string
  title: string
  body: string
  project_id: string | null
  project_name: string | null
  entity_type: string | null
  entity_id: string | null
  created_at: string | Date
  email: string
  full_name: string
  locale: string
  role: string
}

export interface NotificationMailer {
  /** Sends what is due now; resolves with the number of e-mails sent. */
  flush(): Promise<number>
  stop(): Promise<void>
}

export interface NotificationMailerOptions {
  db: Database
  mailer: Mailer
  siteOrigin: string
  /** How often the mailer looks for work, in ms; 0: no timer, only flush(). */
  intervalMs: number
  /** At most one digest per person this often; 0: every round (each notification soon after it is written). */
  digestMinutes: number
  /** Most notifications listed in one digest; the rest are in the portal. */
  digestMaxItems: number
  log?: (line: string) => void
}

const returning = `returning n.id, n.recipient_id, n.kind, n.title, n.body, n.project_id,
    (select pr.name from public.projects pr where pr.id = n.project_id) as project_name,
    n.entity_type, n.entity_id, n.created_at, p.email, p.full_name, p.locale, p.role`

// $1 max attempts, $2 batch size.
const claimImmediate = `
  with batch as (
    select n.id from public.notifications n
      join public.profiles p on p.id = n.recipient_id
     where n.emailed_at is null and n.read_at is null and n.email_attempts < $1
       and n.email_immediately and p.is_active and p.email is not null
     order by n.created_at
     limit $2
     for update of n skip locked)
  update public.notifications n
     set emailed_at = now(), email_attempts = n.email_attempts + 1
    from batch, public.profiles p
   where n.id = batch.id and p.id = n.recipient_id
  ${returning}`

// $1 max attempts, $2 people per batch, $3 digest minutes.
const claimDigests = `
  with due as (
    select n.recipient_id from public.notifications n
      join public.profiles p on p.id = n.recipient_id
     where n.emailed_at is null and n.read_at is null and n.email_attempts < $1
       and not n.email_immediately and p.is_active and p.email is not null
       and not exists (select 1 from private.notification_digests d
                        where d.recipient_id = n.recipient_id and d.last_sent_at > now() - make_interval(mins => $3))
     group by n.recipient_id
     order by min(n.created_at)
     limit $2),
  claimed as (
    insert into private.notification_digests as d (recipient_id, last_sent_at)
    select recipient_id, now() from due
    on conflict (recipient_id) do update set last_sent_at = excluded.last_sent_at
     where d.last_sent_at <= now() - make_interval(mins => $3)
    returning d.recipient_id)
  update public.notifications n
     set emailed_at = now(), email_attempts = n.email_attempts + 1
    from claimed c, public.profiles p
   where n.recipient_id = c.recipient_id and p.id = n.recipient_id
     and n.emailed_at is null and n.read_at is null and n.email_attempts < $1
     and not n.email_immediately
  ${returning}`

export function startNotificationMailer(options: NotificationMailerOptions): NotificationMailer {
  const { db, mailer, siteOrigin, intervalMs, digestMinutes, digestMaxItems, log = () => undefined } = options
  let running: Promise<number> | undefined
  let stopped = false

  const localeOf = (row: OutboxRow) => (row.locale === 'en' ? 'en' : 'es')
  const audienceOf = (row: OutboxRow) => (row.role === 'client' ? 'client' : 'staff')
  const linkFor = (row: OutboxRow) => notificationLink(siteOrigin, { ...row, locale: localeOf(row) })
  const listLink = (row: OutboxRow) =>
    `${siteOrigin}/${localeOf(row)}/${row.role === 'client' ? 'client-portal/dashboard/notifications' : 'admin/dashboard'}`

  /** Sends one e-mail for these rows of one person; on failure gives the rows back to the outbox. */
  async function send(rows: OutboxRow[], digest: boolean): Promise<boolean> {
    const first = rows[0]!
    try {
      const locale = localeOf(first)
      const audience = audienceOf(first)
      const mail =
        rows.length === 1
          ? notificationMail(locale, {
              name: first.full_name,
              title: first.title,
              body: first.body,
              link: linkFor(first),
              audience,
            })
          : notificationDigestMail(locale, {
              name: first.full_name,
              audience,
              link: listLink(first),
              items: rows.slice(0, digestMaxItems).map((row) => ({
                title: row.title,
                body: row.body,
                link: linkFor(row),
                projectId: row.project_id,
                projectName: row.project_name,
              })),
              more: Math.max(0, rows.length - digestMaxItems),
            })
      await mailer.send({ to: first.email, ...mail })
      return true
    } catch (error) {
      log(`notification e-mail to ${first.email} failed: ${(error as Error).message}`)
      await db.query('update public.notifications set emailed_at = null where id = any($1::uuid[])', [
        `{${rows.map((row) => row.id).join(',')}}`,
      ])
      // Nothing reached the person: their digest is due again at once.
      if (digest)
        await db.query(`update private.notification_digests set last_sent_at = '-infinity' where recipient_id = $1`, [
          first.recipient_id,
        ])
      return false
    }
  }

  async function sendImmediate(): Promise<number> {
    const { rows } = await db.query<OutboxRow>(claimImmediate, [maxAttempts, batchSize])
    let sent = 0
    for (const row of rows) if (await send([row], false)) sent++
    return sent
  }

  async function sendDigests(): Promise<number> {
    const { rows } = await db.query<OutboxRow>(claimDigests, [maxAttempts, batchSize, digestMinutes])
    const byPerson = new Map<string, OutboxRow[]>()
    // Newest first, so a digest cut at digestMaxItems keeps the latest news.
    rows.sort((a, b) => new Date(b.created_at).getTime() - new Date(a.created_at).getTime())
    for (const row of rows) byPerson.set(row.recipient_id, [...(byPerson.get(row.recipient_id) ?? []), row])
    let sent = 0
    for (const personRows of byPerson.values()) if (await send(personRows, true)) sent++
    return sent
  }

  async function round(): Promise<number> {
    return (
      (await sendImmediate()) + (await sendDigests()) + (await sendContactAcknowledgements(db, mailer, batchSize, log))
    )
  }

  async function flush(): Promise<number> {
    // One round at a time: a timer tick during a slow SMTP exchange waits for it.
    while (running) await running
    running = (async () => {
      let total = 0
      for (let sent = await round(); sent > 0 && !stopped; sent = await round()) total += sent
      return total
    })()
    try {
      return await running
    } finally {
      running = undefined
    }
  }

  const timer =
    intervalMs > 0
      ? setInterval(() => {
          flush().catch((error: Error) => log(`notification e-mails: ${error.message}`))
        }, intervalMs)
      : undefined
  timer?.unref()

  return {
    flush,
    async stop() {
      stopped = true
      if (timer) clearInterval(timer)
      await running?.catch(() => undefined)
    },
  }
}
