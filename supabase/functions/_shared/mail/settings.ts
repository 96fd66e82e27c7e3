// The e-mail settings, defined once: the send-notifications Edge Function reads them from its
// environment, and our server's env.ts takes the same definitions (its auth e-mails leave the same
// way). Where e-mail goes is MAIL_TRANSPORT's choice: SMTP, or an HTTP e-mail API, which is what a
// hosted Edge Function must use (Supabase blocks outbound ports 25 and 587).
import { z } from 'zod'

const count = (min: number, max: number, fallback: number) =>
  z.coerce.number().int().min(min).max(max).default(fallback)

export const mailSettingsShape = {
  /** The sender of every e-mail. */
  MAIL_FROM: z.string().min(3).default('Cauce Data <no-reply@caucedata.com>'),
  /** smtp: SMTP_URL, or SMTP_HOST with SMTP_PORT, SMTP_USER, SMTP_PASS. http: MAIL_API_URL and MAIL_API_KEY. */
  MAIL_TRANSPORT: z.enum(['smtp', 'http']).default('smtp'),
  /** smtp://user:password@host:587 (STARTTLS when offered) or smtps://…:465 (TLS from the start). */
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  /** The same in parts, when SMTP_URL is unset (port 465 means TLS from the start). */
  SMTP_HOST: z.string().min(1).max(253).optional(),
  SMTP_PORT: count(1, 65535, 587),
  SMTP_USER: z.string().min(1).optional(),
  SMTP_PASS: z.string().min(1).optional(),
  /**
   * An HTTP e-mail API: each e-mail is a POST of JSON {from, to, subject, html, text} with
   * `Authorization: Bearer MAIL_API_KEY` (Resend's shape; a relay can adapt others), any 2xx is sent.
   */
  MAIL_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  MAIL_API_KEY: z.string().min(1).optional(),
  /**
   * At most one notification e-mail (a digest) per person this often, in minutes (decision 0019);
   * mentions and leads go at once. 0: each run, so each notification soon after it is written.
   */
  NOTIFICATION_DIGEST_MINUTES: count(0, 1440, 15),
  /** Most notifications listed in one digest; it says how many more are in the portal. */
  NOTIFICATION_DIGEST_MAX_ITEMS: count(1, 500, 50),
  /**
   * Lease of an outbox claim, in seconds (decision 0019): no other sender takes claimed e-mails
   * sooner; a sender that dies after its claim has them sent again once it has passed. A sender
   * starts e-mails only in the first half of the lease, and each send times out within a quarter.
   */
  MAIL_LEASE_SECONDS: count(10, 3600, 300),
  /** E-mails claimed at once, of each kind (notifications sent at once, digests, acknowledgements). */
  MAIL_BATCH_SIZE: count(1, 1000, 20),
  /** Tries of one e-mail at most (each claim counts, a crashed one too); then it is left unsent. */
  MAIL_MAX_ATTEMPTS: count(1, 10, 5),
  /** Wait after a failed send before the next try, in seconds; doubled after each try. */
  MAIL_RETRY_SECONDS: count(0, 86_400, 60),
  /**
   * A run of send-notifications claims and starts e-mails for at most this many seconds, then
   * answers; the next run goes on (a hosted function is stopped after 150 s, 400 s on paid plans).
   */
  MAIL_RUN_SECONDS: count(1, 3600, 60),
}

export type MailSettings = z.output<z.ZodObject<typeof mailSettingsShape>>

export type MailDestination =
  { transport: 'smtp'; smtpUrl: string } | { transport: 'http'; apiUrl: string; apiKey: string }

/** SMTP_URL, or the URL SMTP_HOST and its companions make. */
function smtpUrl(settings: MailSettings): string | undefined {
  if (settings.SMTP_URL) return settings.SMTP_URL
  if (!settings.SMTP_HOST) return undefined
  const user = settings.SMTP_USER
    ? `${encodeURIComponent(settings.SMTP_USER)}${settings.SMTP_PASS ? `:${encodeURIComponent(settings.SMTP_PASS)}` : ''}@`
    : ''
  const host = settings.SMTP_HOST.includes(':') ? `[${settings.SMTP_HOST}]` : settings.SMTP_HOST
  return `${settings.SMTP_PORT === 465 ? 'smtps' : 'smtp'}://${user}${host}:${settings.SMTP_PORT}`
}

/** Where e-mail goes by these settings, or which variables are missing for MAIL_TRANSPORT. */
export function mailDestination(settings: MailSettings): MailDestination | { missing: string } {
  if (settings.MAIL_TRANSPORT === 'http') {
    if (settings.MAIL_API_URL && settings.MAIL_API_KEY)
      return { transport: 'http', apiUrl: settings.MAIL_API_URL, apiKey: settings.MAIL_API_KEY }
    return { missing: 'MAIL_TRANSPORT=http needs MAIL_API_URL and MAIL_API_KEY' }
  }
  const url = smtpUrl(settings)
  return url ? { transport: 'smtp', smtpUrl: url } : { missing: 'MAIL_TRANSPORT=smtp needs SMTP_URL or SMTP_HOST' }
}
