// The settings our server gives the project's functions when it runs them in-process, under the
// names a function reads on Supabase: the variables Supabase sets for every function, SITE_URL,
// view-as's signing key and expiry, send-auth-email's hook secret, dashboard-embed's Metabase settings, and the e-mail settings, with the mail destination this server resolved (its own catcher's
// when none was set).
import { mailSettingsShape, type MailDestination } from '../../functions/_shared/mail/settings.ts'
import type { Env } from '../env'
import { emailHookSecrets } from '../auth/email-hook'

export function functionSettings(
  env: Env,
  origins: { site: string; api: string },
  destination: MailDestination,
): Record<string, string> {
  const settings: Record<string, string> = {
    SUPABASE_URL: origins.api,
    SUPABASE_ANON_KEY: env.ANON_KEY,
    SUPABASE_SERVICE_ROLE_KEY: env.SERVICE_ROLE_KEY,
    SITE_URL: origins.site,
    // view-as signs its previews with the key our auth signs with (a project's imported key on Supabase).
    VIEW_AS_SIGNING_KEY: JSON.stringify(env.JWT_SIGNING_KEYS[0]),
    VIEW_AS_EXPIRY: String(env.AUTH_VIEW_AS_EXPIRY),
    // send-auth-email checks the hook calls our auth signs, and says how long their links work.
    SEND_EMAIL_HOOK_SECRETS: emailHookSecrets(env),
    AUTH_EMAIL_LINK_MINUTES: String(env.AUTH_EMAIL_LINK_MINUTES),
    // dashboard-embed signs Metabase's embed tokens (decision 0039).
    METABASE_EMBED_MINUTES: String(env.METABASE_EMBED_MINUTES),
  }
  if (env.METABASE_SITE_URL) settings.METABASE_SITE_URL = env.METABASE_SITE_URL
  if (env.METABASE_SECRET_KEY) settings.METABASE_SECRET_KEY = env.METABASE_SECRET_KEY
  for (const name of Object.keys(mailSettingsShape) as (keyof typeof mailSettingsShape)[]) {
    const value = env[name]
    if (value !== undefined) settings[name] = String(value)
  }
  settings.MAIL_TRANSPORT = destination.transport
  if (destination.transport === 'smtp') settings.SMTP_URL = destination.smtpUrl
  else Object.assign(settings, { MAIL_API_URL: destination.apiUrl, MAIL_API_KEY: destination.apiKey })
  return settings
}
