// The send-notifications Edge Function as Supabase serves it (Deno only; our server imports
// handler.ts instead). Settings come from the environment: Supabase's own variables and the
// function's secrets (SITE_URL, MAIL_TRANSPORT and the e-mail settings in _shared/mail/settings.ts).
import { functionEnv } from '../_shared/runtime.ts'
import { sendNotifications } from './handler.ts'

Deno.serve(sendNotifications(functionEnv((name) => Deno.env.get(name))))
