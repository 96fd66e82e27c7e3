// send-notifications: the outbox's e-mails (notifications at once, digests, contact
// acknowledgements; approval reminders are notifications too), sent by a schedule. Supabase Cron
// POSTs to it every minute through pg_net with the service-role key (migration 20261130110000);
// our server's scheduler does the same in-process. Each call claims what is due with a lease,
// renders it in the reader's language, sends it through MAIL_TRANSPORT and reports it, and answers
// { data: { claimed, sent, failed, stale } }. Any other caller gets 401, whatever it sent.
import { z } from 'zod'
import { mailDestination, mailSettingsShape } from '../_shared/mail/settings.ts'
import { mailTransport, type MailTransport } from '../_shared/mail/transport.ts'
import { fail, json, serviceClient, type FunctionEnv, type Handler } from '../_shared/runtime.ts'
import { isServiceCaller, serviceKeyDigests } from '../_shared/service-key.ts'
import { readSettings } from '../_shared/settings.ts'
import { outbox } from './outbox.ts'
import { sendDue } from './sender.ts'

const settingsSchema = z.object({
  /** The site's public origin: the e-mails' links point to it. */
  SITE_URL: z.url({ protocol: /^https?$/ }),
  ...mailSettingsShape,
})

export interface SendNotificationsOptions {
  /** Where log lines go (Supabase keeps what a function prints). */
  log?: (line: string) => void
  /** Instead of the one MAIL_TRANSPORT names (tests that need a transport to misbehave). */
  transport?: MailTransport
}

export function sendNotifications(env: FunctionEnv, options: SendNotificationsOptions = {}): Handler {
  const settings = readSettings(settingsSchema, env.setting, 'send-notifications')
  const destination = mailDestination(settings)
  if ('missing' in destination) throw new Error(`send-notifications: ${destination.missing}`)
  const transport =
    options.transport ??
    mailTransport(destination, { from: settings.MAIL_FROM, timeoutMs: (settings.MAIL_LEASE_SECONDS * 1000) / 4 })
  const log = options.log ?? ((line: string) => console.warn(`send-notifications: ${line}`))
  const service = serviceClient(env)
  const keys = serviceKeyDigests(env)
  const siteOrigin = settings.SITE_URL.replace(/\/$/, '')

  return async (request) => {
    // One answer for no key, a wrong key and a user's token alike.
    if (!(await isServiceCaller(request, keys)))
      return fail(401, 'not_authorized', 'This function is run by the schedule, with the service-role key')
    if (request.method !== 'POST') return fail(405, 'method_not_allowed', 'Use POST')
    try {
      const summary = await sendDue({
        outbox: outbox(service),
        transport,
        siteOrigin,
        claim: {
          leaseSeconds: settings.MAIL_LEASE_SECONDS,
          batchSize: settings.MAIL_BATCH_SIZE,
          digestMinutes: settings.NOTIFICATION_DIGEST_MINUTES,
          digestMaxItems: settings.NOTIFICATION_DIGEST_MAX_ITEMS,
          maxAttempts: settings.MAIL_MAX_ATTEMPTS,
        },
        retrySeconds: settings.MAIL_RETRY_SECONDS,
        runMs: settings.MAIL_RUN_SECONDS * 1000,
        log,
      })
      return json({ data: summary })
    } catch (error) {
      // The database could not be reached or refused: nothing claimed is lost (the lease passes).
      log(`outbox: ${(error as Error).message}`)
      return fail(503, 'outbox_unavailable', 'The outbox could not be read or updated; the next run tries again')
    }
  }
}
