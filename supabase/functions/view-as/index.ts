// The view-as Edge Function as Supabase serves it (Deno only; our Node server imports handler.ts
// instead). Settings come from the environment: Supabase's own variables, and the secrets
// VIEW_AS_SIGNING_KEY (the private JWK of a signing key the project uses) and VIEW_AS_EXPIRY.
import { functionEnv } from '../_shared/runtime.ts'
import { viewAs } from './handler.ts'

Deno.serve(viewAs(functionEnv((name) => Deno.env.get(name))))
