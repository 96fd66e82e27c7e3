// The admin-users Edge Function as Supabase serves it (Deno only; our Node server imports
// handler.ts instead). Settings come from the environment Supabase gives every function.
import { functionEnv } from '../_shared/runtime.ts'
import { adminUsers } from './handler.ts'

Deno.serve(adminUsers(functionEnv((name) => Deno.env.get(name))))
