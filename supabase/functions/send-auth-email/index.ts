// The send-auth-email Edge Function as Supabase serves it (Deno only; our server imports
// handler.ts instead). Set it as the Send Email hook (supabase/config.toml, [auth.hook.send_email]),
// with verify_jwt off: Auth signs the call with the hook's secret, not a user's token. Secrets:
// SEND_EMAIL_HOOK_SECRETS, SITE_URL, AUTH_EMAIL_LINK_MINUTES and the e-mail settings.
import { functionEnv } from '../_shared/runtime.ts'
import { sendAuthEmail } from './handler.ts'

Deno.serve(sendAuthEmail(functionEnv((name) => Deno.env.get(name))))
