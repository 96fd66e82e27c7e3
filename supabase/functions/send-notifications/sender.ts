// One run of the outbox (decision 0019): the copies of notifications (those the database marked
// email_immediately one by one, the rest in the person's digest, at most one per
// NOTIFICATION_DIGEST_MINUTES) and the acknowledgements to senders of contact messages.
//
// Each round claims a batch with a lease and reports what it sent, through the two SQL functions
// (outbox.ts); no claim is decided here. Until the lease passes no other sender takes the claimed
// work; a sender that dies meanwhile reports nothing, and the work is claimed again after the lease
// (at least once). A report comes only after its sends ended, so work is marked sent only once its
// e-mail was accepted. A round starts an e-mail only while at least half the lease is left, so its
// sends end before another sender may take the work over; a report that comes too late anyway is
// ignored by the database (never recorded twice). Rounds go on until nothing is due or the run's
// time is up; what is left waits for the next run.
import type { MailTransport } from '../_shared/mail/transport.ts'
import type { ClaimSettings, Outbox } from './outbox.ts'
import { renderOutboxMail } from './outbox-mail.ts'

export interface RunSummary {
  /** E-mails claimed, sent and failed (both as recorded by the database), and reports found stale. */
  claimed: number
  sent: number
  failed: number
  stale: number
}

export interface RunOptions {
  outbox: Outbox
  transport: MailTransport
  siteOrigin: string
  claim: ClaimSettings
  /** MAIL_RETRY_SECONDS: the first wait after a failed send, doubled after each. */
  retrySeconds?: number
  /** MAIL_RUN_SECONDS in ms: no claim and no e-mail starts later than this after the run began. */
  runMs: number
  log: (line: string) => void
  now?: () => number
}

export async function sendDue(options: RunOptions): Promise<RunSummary> {
  const { outbox, transport, siteOrigin, retrySeconds, log, now = Date.now } = options
  const runEnds = now() + options.runMs
  const total: RunSummary = { claimed: 0, sent: 0, failed: 0, stale: 0 }
  while (now() < runEnds) {
    const claimedAt = now()
    const { leaseSeconds, mails } = await outbox.claim(options.claim)
    if (mails.length === 0) break
    total.claimed += mails.length
    const startBy = Math.min(claimedAt + (leaseSeconds * 1000) / 2, runEnds)
    const sent: string[] = []
    const failed: string[] = []
    for (const mail of mails) {
      // The rest wait for their lease to pass and are claimed again.
      if (now() > startBy) break
      try {
        await transport.send(renderOutboxMail(mail, siteOrigin))
        sent.push(mail.claim)
      } catch (error) {
        log(`e-mail to ${mail.to} (${mail.type}) failed: ${(error as Error).message}`)
        failed.push(mail.claim)
      }
    }
    if (sent.length === 0 && failed.length === 0) break
    const report = await outbox.complete({ sent, failed, retrySeconds })
    total.sent += report.sent
    total.failed += report.failed
    total.stale += report.stale.length
    if (report.stale.length > 0)
      log(`${report.stale.length} e-mail claim(s) reported after another sender had taken them over`)
  }
  return total
}
