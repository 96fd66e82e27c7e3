// What an Edge Function gets: the request and the keys of the project it runs in. Our functions
// are plain Request → Response handlers, so the same code runs inside our server (mounted at
// /functions/v1/<name>) and, wrapped in `Deno.serve`, as a hosted Supabase Edge Function.
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import type { Database } from '../../src/lib/database.types'

export interface FunctionEnv {
  supabaseUrl: string
  anonKey: string
  serviceRoleKey: string
  /** Where outgoing requests to the project go (in our server: straight into the app, no socket). */
  fetch: typeof fetch
  /** The WebSocket class supabase-js needs on Node 20 (realtime is never used here). */
  webSocket?: unknown
}

export type EdgeFunction = (request: Request, env: FunctionEnv) => Promise<Response>

export type TypedClient = SupabaseClient<Database>

function client(env: FunctionEnv, key: string, authorization?: string): TypedClient {
  return createClient<Database>(env.supabaseUrl, key, {
    global: { fetch: env.fetch, headers: authorization ? { Authorization: authorization } : {} },
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    ...(env.webSocket ? { realtime: { transport: env.webSocket as never } } : {}),
  })
}

/** Acts as the caller: their JWT, so row-level security decides. */
export function callerClient(request: Request, env: FunctionEnv): TypedClient {
  return client(env, env.anonKey, request.headers.get('Authorization') ?? undefined)
}

/** Acts with the service role: only after the function has checked who is asking. */
export function serviceClient(env: FunctionEnv): TypedClient {
  return client(env, env.serviceRoleKey)
}

/** A JSON answer in the shape our front end reads: `{ data }` or `{ error: { code, message } }`. */
export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
}

export function fail(status: number, code: string, message: string): Response {
  return json({ error: { code, message } }, status)
}
