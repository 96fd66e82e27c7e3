// Every auth e-mail leaves through the Send Email hook, as Supabase Auth sends them when the hook
// is enabled: a POST of { metadata, user, email_data } signed as Standard Webhooks, to the
// project's send-auth-email function (in-process, at FUNCTIONS_URL, or AUTH_HOOK_SEND_EMAIL_URI).
// The function renders the templates in the reader's language and sends; so on Supabase and here
// one implementation writes the e-mails. Links carry our tokens where Supabase's carry its hashes.
import { createHmac, randomUUID } from 'node:crypto'
import type { Env } from '../env'
import type { AuthContext } from './context'
import type { UserRow } from './users'
import { signedHookRequest } from './webhook'

export interface EmailData {
  email_action_type: string
  token?: string
  token_hash?: string
  token_new?: string
  token_hash_new?: string
  redirect_to?: string
  old_email?: string
  factor_type?: string
  /** Not in Supabase's payload: the factor's name, for the factor notices. */
  factor_name?: string | null
}

/** The hook's secrets: the configured ones, or one derived from the service-role key. */
export function emailHookSecrets(env: Env): string {
  if (env.AUTH_HOOK_SEND_EMAIL_SECRETS) return env.AUTH_HOOK_SEND_EMAIL_SECRETS
  const derived = createHmac('sha256', env.SERVICE_ROLE_KEY).update('send-email-hook').digest('base64')
  return `v1,whsec_${derived}`
}

/** The user as Auth puts it in a hook's payload (the fields an e-mail may need). */
function hookUser(user: UserRow) {
  return {
    id: user.id,
    aud: user.aud,
    role: user.role,
    email: user.email ?? '',
    new_email: user.email_change || undefined,
    phone: user.phone ?? '',
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    created_at: user.created_at,
  }
}

// Auth retries a 429 or 503 that names a retry-after: 3 tries, 2 s apart.
const tries = 3
const retryPauseMs = 2000

/** Sends one auth e-mail (or two: a secure e-mail change) through the hook; rejects when it fails. */
export async function sendAuthEmail(ctx: AuthContext, user: UserRow, data: EmailData): Promise<void> {
  const { env } = ctx.deps
  const body = JSON.stringify({
    metadata: { uuid: randomUUID(), time: new Date().toISOString(), name: 'send-email', ip_address: '' },
    user: hookUser(user),
    email_data: {
      token: '',
      token_hash: '',
      token_new: '',
      token_hash_new: '',
      redirect_to: '',
      site_url: ctx.deps.siteOrigin,
      ...data,
    },
  })
  const uri = env.AUTH_HOOK_SEND_EMAIL_URI ?? `${ctx.deps.apiOrigin}/functions/v1/send-auth-email`
  for (let attempt = 1; ; attempt++) {
    const request = signedHookRequest(uri, emailHookSecrets(env), body)
    const response = env.AUTH_HOOK_SEND_EMAIL_URI ? await fetch(request) : await ctx.deps.callFunction(request)
    if (response.ok) {
      await response.body?.cancel()
      return
    }
    const retry = (response.status === 429 || response.status === 503) && response.headers.get('retry-after')
    const answer = (await response.json().catch(() => null)) as { error?: { message?: string } } | null
    if (!retry || attempt >= tries)
      throw new Error(`the send-email hook answered ${response.status}: ${answer?.error?.message ?? 'no message'}`)
    await new Promise((resolve) => setTimeout(resolve, retryPauseMs))
  }
}
