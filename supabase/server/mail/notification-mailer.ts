// Sends the e-mail copy of each new notification. The notifications table is the outbox: a batch
// is claimed by stamping emailed_at in one statement (so two servers never send the same row),
// then sent; a failed send clears the stamp so a later round retries, a few times at most.
import type { Database } from '../db/database'
import type { Mailer } from './mailer'
import { notificationMail } from './templates/notification'

const batchSize = 20
const maxAttempts = 5

interface OutboxRow {
  id: string
  title: string
  body: string
  project_id: string | null
  entity_type: string | null
  entity_id: string | null
  email: string
  full_name: string
  locale: string
  role: string
}

export interface NotificationMailer {
  /** Sends what is waiting now; resolves with the number of e-mails sent. */
  flush(): Promise<number>
  stop(): Promise<void>
}

export function startNotificationMailer(options: {
  db: Database
  mailer: Mailer
  siteOrigin: string
  /** 0: no timer, only flush(). */
  intervalMs: number
  log?: (line: string) => void
}): NotificationMailer {
  const { db, mailer, siteOrigin, intervalMs, log = () => undefined } = options
  let running: Promise<number> | undefined
  let stopped = false

  function linkFor(row: OutboxRow): string {
    const locale = row.locale === 'en' ? 'en' : 'es'
    if (row.role !== 'client') {
      // A new lead opens on its own page in the admin area; anything else on the overview.
      if (row.entity_type === 'contact_message' && row.entity_id) {
        return `${siteOrigin}/${locale}/admin/dashboard/leads/${encodeURIComponent(row.entity_id)}`
      }
      return `${siteOrigin}/${locale}/admin/dashboard`
    }
    const project = row.project_id ? `/projects/${row.project_id}` : ''
    return `${siteOrigin}/${locale}/client-portal/dashboard${project}`
  }

  async function sendBatch(): Promise<number> {
    const { rows } = await db.query<OutboxRow>(
      `with batch as (
         select n.id from public.notifications n
           join public.profiles p on p.id = n.recipient_id
          where n.emailed_at is null and n.email_attempts < $1 and p.is_active and p.email is not null
          order by n.created_at
          limit $2
          for update of n skip locked)
       update public.notifications n
          set emailed_at = now(), email_attempts = n.email_attempts + 1
         from batch, public.profiles p
        where n.id = batch.id and p.id = n.recipient_id
      returning n.id, n.title, n.body, n.project_id, n.entity_type, n.entity_id, p.email, p.full_name, p.locale, p.role`,
      [maxAttempts, batchSize],
    )
    let sent = 0
    for (const row of rows) {
      const locale = row.locale === 'en' ? 'en' : 'es'
      const audience = row.role === 'client' ? 'client' : 'staff'
      try {
        const mail = notificationMail(locale, {
          name: row.full_name,
          title: row.title,
          body: row.body,
          link: linkFor(row),
          audience,
        })
        await mailer.send({ to: row.email, ...mail })
        sent++
      } catch (error) {
        log(`notification e-mail to ${row.email} failed: ${(error as Error).message}`)
        await db.query('update public.notifications set emailed_at = null where id = $1', [row.id])
      }
    }
    return sent
  }

  async function flush(): Promise<number> {
    // One round at a time: a timer tick during a slow SMTP exchange waits for it.
    while (running) await running
    running = (async () => {
      let total = 0
      for (let sent = await sendBatch(); sent > 0 && !stopped; sent = await sendBatch()) total += sent
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
