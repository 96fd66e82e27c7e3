// The dashboard-embed Edge Function as Supabase serves it (Deno only; our Node server imports
// handler.ts instead). Settings come from the environment: Supabase's own variables, and the
// secrets METABASE_SITE_URL, METABASE_SECRET_KEY and METABASE_EMBED_MINUTES.
import { functionEnv } from '../_shared/runtime.ts'
import { dashboardEmbed } from './handler.ts'

Deno.serve(dashboardEmbed(functionEnv((name) => Deno.env.get(name))))
