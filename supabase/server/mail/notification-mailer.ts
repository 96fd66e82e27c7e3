// Sends the e-mails of the outbox (decision 0019): the copies of notifications (those the database
// marked email_immediately one by one as soon as the mailer runs, the rest in the person's digest,
// at most one per NOTIFICATION_DIGEST_MINUTES) and the acknowledgements to senders of contact
// messages.
//
// Each round claims a batch with a lease and reports what it sent, through the two SQL functions
// a scheduled Edge Function calls too (outbox.ts); no claim is decided here. Until the lease passes
// no other sender takes the claimed work; a sender that dies meanwhile reports nothing, and the
// work is claimed again after the lease (at least once). A round starts an e-mail only while at
// least half the lease is left, so its sends end before another sender may take the work over; a
// report that comes too late anyway is ignored by the database (never recorded twice).
import type { Database } from '../db/database'
import type { Mailer } from './mailer'
import { claimMails, completeMails, type ClaimSettings } from './outbox'
import { renderOutboxMail } from './outbox-mail'

export interface NotificationMailer {
  /** Sends what is due now; resolves with the number of e-mails sent (and recorded as sent). */
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
  /** MAIL_LEASE_SECONDS, MAIL_BATCH_SIZE, MAIL_MAX_ATTEMPTS; omitted: the SQL functions' defaults. */
  leaseSeconds?: number
  batchSize?: number
  maxAttempts?: number
  /** MAIL_RETRY_SECONDS: the first wait after a failed send, doubled after each. */
  retrySeconds?: number
  log?: (line: string) => void
}

export function startNotificationMailer(options: NotificationMailerOptions): NotificationMailer {
  const { db, mailer, siteOrigin, intervalMs, retrySeconds, log = () => undefined } = options
  const settings: ClaimSettings = {
    leaseSeconds: options.leaseSeconds,
    batchSize: options.batchSize,
    digestMinutes: options.digestMinutes,
    digestMaxItems: options.digestMaxItems,
    maxAttempts: options.maxAttempts,
  }
  let running: Promise<number> | undefined
  let stopped = false

  /** One claim, its sends and its report: how many e-mails were claimed and how many recorded sent. */
  async function round(): Promise<{ claimed: number; sent: number }> {
    const claimedAt = Date.now()
    const { leaseSeconds, mails } = await claimMails(db, settings)
    const startBy = claimedAt + (leaseSeconds * 1000) / 2
    const sent: string[] = []
    const failed: string[] = []
    for (const mail of mails) {
      // The rest wait for their lease to pass and are claimed again.
      if (Date.now() > startBy) break
      try {
        await mailer.send(renderOutboxMail(mail, siteOrigin))
        sent.push(mail.claim)
      } catch (error) {
        log(`e-mail to ${mail.to} (${mail.type}) failed: ${(error as Error).message}`)
        failed.push(mail.claim)
      }
    }
    if (sent.length === 0 && failed.length === 0) return { claimed: mails.length, sent: 0 }
    const report = await completeMails(db, { sent, failed, retrySeconds })
    if (report.stale.length > 0)
      log(`${report.stale.length} e-mail claim(s) reported after another sender had taken them over`)
    return { claimed: mails.length, sent: report.sent }
  }

  async function flush(): Promise<number> {
    // One round at a time: a timer tick during a slow SMTP exchange waits for it.
    while (running) await running.catch(() => undefined)
    running = (async () => {
      let total = 0
      for (;;) {
        const { claimed, sent } = await round()
        total += sent
        if (claimed === 0 || stopped) return total
      }
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
          flush().catch((error: Error) => log(`outbox e-mails: ${error.message}`))
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
