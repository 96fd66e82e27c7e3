// What an Edge Function gets: the request and the keys of the project it runs in. Each function is
// a factory `(env) => (request) => Promise<Response>` in its handler.ts: its index.ts serves it
// with `Deno.serve` on Supabase (and on Deno in CI), and our Node server runs the same handler
// in-process at /functions/v1/<name> (supabase/server/functions/routes.ts).
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import type { Database } from './database.types.ts'

export interface FunctionEnv {
  supabaseUrl: string
  anonKey: string
  serviceRoleKey: string
  /** Where outgoing requests to the project go (in our server: straight into the app, no socket). */
  fetch: typeof fetch
  /** The WebSocket class supabase-js needs on Node 20 (realtime is never used here). */
  webSocket?: unknown
  /** The function's own settings by name (its secrets, on Supabase); undefined when unset. */
  setting: (name: string) => string | undefined
}

export type Handler = (request: Request) => Promise<Response>

export type EdgeFunction = (env: FunctionEnv) => Handler

export type TypedClient = SupabaseClient<Database>

/** The variables Supabase sets for every function (hosted, `supabase start`, self-hosted compose). */
const required = {
  supabaseUrl: 'SUPABASE_URL',
  anonKey: 'SUPABASE_ANON_KEY',
  serviceRoleKey: 'SUPABASE_SERVICE_ROLE_KEY',
} as const

/**
 * The function's settings from its environment (`Deno.env.get` on Deno; our server passes the
 * same names). A missing one stops the function at start, naming it, rather than at a request.
 */
export function functionEnv(
  read: (name: string) => string | undefined,
  platform: Partial<Pick<FunctionEnv, 'fetch' | 'webSocket'>> = {},
): FunctionEnv {
  const values = Object.fromEntries(Object.entries(required).map(([key, name]) => [key, read(name) ?? '']))
  const missing = Object.entries(required)
    .filter(([key]) => !values[key])
    .map(([, name]) => name)
  if (missing.length > 0) throw new Error(`Missing environment variables: ${missing.join(', ')}`)
  return {
    ...(values as Record<keyof typeof required, string>),
    setting: (name) => read(name) || undefined,
    fetch: platform.fetch ?? ((input, init) => fetch(input, init)),
    ...(platform.webSocket ? { webSocket: platform.webSocket } : {}),
  }
}

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

/**
 * The JSON body of a POST, or the answer to a request that is none: 405 for another method, 400
 * for a body that does not parse.
 */
export async function postedJson(request: Request): Promise<{ body: unknown } | { refused: Response }> {
  if (request.method !== 'POST') return { refused: fail(405, 'method_not_allowed', 'Use POST') }
  try {
    return { body: await request.json() }
  } catch {
    return { refused: fail(400, 'invalid_json', 'The request body must be a JSON object') }
  }
}
