// send-auth-email: Supabase Auth's Send Email hook (an HTTP hook, signed as Standard Webhooks).
// Auth calls it instead of sending its own e-mails: sign-up confirmation, sign-in link, recovery,
// invitation, e-mail change, reauthentication code and the security notices, in the reader's
// language with the project's templates (_shared/mail/), sent through MAIL_TRANSPORT. On Supabase
// it is enabled under [auth.hook.send_email] (supabase/config.toml); our server's auth calls it
// the same way for every auth e-mail (supabase/server/auth/email-hook.ts).
import { Webhook } from 'standardwebhooks'
import { z } from 'zod'
import {
  renderAuthMail,
  reauthenticationMail,
  emailChangeMail,
  securityNoticeMail,
} from '../_shared/mail/auth-mails.ts'
import type { SecurityNoticeKind } from '../_shared/mail/auth-mails.ts'
import type { MailLocale, RenderedMail } from '../_shared/mail/layout.ts'
import { mailLocaleOf } from '../_shared/mail/locale.ts'
import { mailDestination, mailSettingsShape } from '../_shared/mail/settings.ts'
import { mailTransport, type MailTransport } from '../_shared/mail/transport.ts'
import type { FunctionEnv, Handler } from '../_shared/runtime.ts'
import { readSettings } from '../_shared/settings.ts'

const settingsSchema = z.object({
  /** The hook's secrets as Supabase shows them: `v1,whsec_<base64>`, several joined by `|` to rotate. */
  SEND_EMAIL_HOOK_SECRETS: z.string().regex(/^v1,whsec_[A-Za-z0-9+/=]{24,}(\|v1,whsec_[A-Za-z0-9+/=]{24,})*$/, {
    message: 'expected v1,whsec_<base64>, several joined by |',
  }),
  /** The site's public origin: confirmation pages are on it. */
  SITE_URL: z.url({ protocol: /^https?$/ }),
  /** How long links and codes work, in minutes, as the e-mails say (Auth's mailer_otp_exp / 60). */
  AUTH_EMAIL_LINK_MINUTES: z.coerce.number().int().min(1).max(1440).default(60),
  ...mailSettingsShape,
})

const payloadSchema = z.object({
  user: z.looseObject({
    id: z.string(),
    email: z.string().default(''),
    new_email: z.string().nullish(),
    user_metadata: z.record(z.string(), z.unknown()).nullish(),
  }),
  email_data: z.looseObject({
    email_action_type: z.string().max(64),
    token: z.string().max(1024).default(''),
    token_hash: z.string().max(1024).default(''),
    token_new: z.string().max(1024).default(''),
    token_hash_new: z.string().max(1024).default(''),
    redirect_to: z.string().max(2048).default(''),
    /** The factor's name, which our server adds to the factor notices (Supabase sends only its type). */
    factor_name: z.string().max(256).nullish(),
    /** The factor's type, as Supabase sends it: `totp`, `phone` or `webauthn` (a passkey). */
    factor_type: z.string().max(32).nullish(),
  }),
})
type Payload = z.output<typeof payloadSchema>

/**
 * Supabase's notice types and the templates that say them. (The lock notices and the staff reset's
 * go through the e-mail outbox, queued in SQL.)
 */
const notices: Record<string, SecurityNoticeKind> = {
  password_changed_notification: 'password_changed',
  mfa_factor_enrolled_notification: 'factor_added',
  mfa_factor_unenrolled_notification: 'factor_removed',
}

export interface SendAuthEmailOptions {
  log?: (line: string) => void
  /** Instead of the one MAIL_TRANSPORT names (tests). */
  transport?: MailTransport
}

/** The hook's answer: `{}` on success, `{ error: { http_code, message } }` otherwise, as Auth reads it. */
function answer(status: number, message?: string): Response {
  const body = message ? { error: { http_code: status, message } } : {}
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
}

export function sendAuthEmail(env: FunctionEnv, options: SendAuthEmailOptions = {}): Handler {
  const settings = readSettings(settingsSchema, env.setting, 'send-auth-email')
  const destination = mailDestination(settings)
  if ('missing' in destination) throw new Error(`send-auth-email: ${destination.missing}`)
  // Auth waits for the hook (5 s on Supabase, retried on 429/503): a send must end well within.
  const transport = options.transport ?? mailTransport(destination, { from: settings.MAIL_FROM, timeoutMs: 4000 })
  const log = options.log ?? ((line: string) => console.warn(`send-auth-email: ${line}`))
  const verifiers = settings.SEND_EMAIL_HOOK_SECRETS.split('|').map((secret) => new Webhook(secret.slice('v1,'.length)))
  const site = settings.SITE_URL.replace(/\/$/, '')
  const api = env.supabaseUrl.replace(/\/$/, '')

  const signed = (body: string, headers: Headers) => {
    const given = {
      'webhook-id': headers.get('webhook-id') ?? '',
      'webhook-timestamp': headers.get('webhook-timestamp') ?? '',
      'webhook-signature': headers.get('webhook-signature') ?? '',
    }
    return verifiers.some((verifier) => {
      try {
        verifier.verify(body, given)
        return true
      } catch {
        return false
      }
    })
  }

  /** Auth's own /verify: uses the token and redirects to the site with the session. */
  const verifyLink = (tokenHash: string, type: string, redirectTo: string) =>
    `${api}/auth/v1/verify?${new URLSearchParams({ token: tokenHash, type, redirect_to: redirectTo })}`
  /** The site's confirmation page, which uses the token only on a click (mail scanners open links). */
  const confirmLink = (locale: MailLocale, tokenHash: string, type: string, redirectTo: string) =>
    `${site}/${locale}/confirm?${new URLSearchParams({ token_hash: tokenHash, type, redirect_to: redirectTo })}`

  /** The e-mails one hook call sends (two for a secure e-mail change), or undefined: not ours to send. */
  function mails({ user, email_data: data }: Payload): { to: string; mail: RenderedMail }[] | undefined {
    const redirectTo = data.redirect_to || site
    const locale = mailLocaleOf(user.user_metadata, redirectTo)
    const metadata = user.user_metadata ?? {}
    // A name from the metadata, trimmed and bounded: it is whatever the inviter typed.
    const text = (name: string) => (typeof metadata[name] === 'string' ? metadata[name].trim().slice(0, 200) : '')
    const type = data.email_action_type
    const common = { email: user.email, code: data.token, minutes: settings.AUTH_EMAIL_LINK_MINUTES }
    switch (type) {
      case 'signup':
      case 'magiclink':
      case 'email': {
        const kind = type === 'signup' ? 'signup' : 'magiclink'
        const link = confirmLink(locale, data.token_hash, kind, redirectTo)
        return [{ to: user.email, mail: renderAuthMail(kind, locale, { ...common, link }) }]
      }
      case 'recovery':
      case 'invite': {
        const link = verifyLink(data.token_hash, type, redirectTo)
        const extra = type === 'invite' ? { name: text('full_name'), inviter: text('invited_by') } : {}
        return [{ to: user.email, mail: renderAuthMail(type, locale, { ...common, link, ...extra }) }]
      }
      case 'email_change': {
        // Auth's names are crossed: token_hash is for the new address, token_hash_new for the current one.
        const newEmail = user.new_email ?? ''
        const copies = [
          { to: user.email, hash: data.token_hash_new },
          { to: newEmail, hash: data.token_hash },
        ].filter((copy) => copy.to && copy.hash)
        return copies.map((copy) => ({
          to: copy.to,
          mail: emailChangeMail(locale, {
            to: copy.to,
            currentEmail: user.email,
            newEmail,
            link: verifyLink(copy.hash, 'email_change', redirectTo),
          }),
        }))
      }
      case 'reauthentication':
        return [{ to: user.email, mail: reauthenticationMail(locale, data.token) }]
      default: {
        const notice = notices[type]
        if (!notice) return undefined
        const mail = securityNoticeMail(notice, locale, {
          email: user.email,
          factorName: data.factor_name ?? '',
          passkey: data.factor_type === 'webauthn',
        })
        return [{ to: user.email, mail }]
      }
    }
  }

  return async (request) => {
    if (request.method !== 'POST') return answer(405, 'Use POST')
    const body = await request.text()
    // One answer for no signature, a wrong one and an old one alike.
    if (!signed(body, request.headers)) return answer(401, 'The hook request is not signed with this hook’s secret')
    let payload: Payload
    try {
      payload = payloadSchema.parse(JSON.parse(body))
    } catch {
      return answer(400, 'The hook request is not a Send Email hook payload')
    }
    const outgoing = mails(payload)
    if (!outgoing) {
      // A notice Supabase can send but the project has no template for: enable only those it has.
      log(`no template for ${payload.email_data.email_action_type}; nothing sent`)
      return answer(200)
    }
    try {
      for (const { to, mail } of outgoing) await transport.send({ to, ...mail })
      return answer(200)
    } catch (error) {
      log(`${payload.email_data.email_action_type}: ${(error as Error).message}`)
      return answer(500, 'The e-mail could not be sent')
    }
  }
}
