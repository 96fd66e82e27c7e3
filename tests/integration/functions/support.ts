// Edge Functions on Deno, as Supabase runs them: our server on a loopback port with a router at its
// FUNCTIONS_URL, `deno run` of each function with the variables Supabase sets, and what a function
// answered supabase-js's functions.invoke.
import { afterAll } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import {
  serveOnDeno,
  startFunctionsRouter,
  type DenoFunction,
  type FunctionsRouter,
} from '../../../scripts/lib/deno-serve'
import { madeBeforeAll, startTestServer, type DatabaseKind, type TestServer } from '../support/server'

/**
 * The describe block's server for functions on Deno: a router started first (`env` may name its
 * URL), the server with FUNCTIONS_URL pointing at it, `prepare` run, then listening. Functions it
 * starts, the router and the server stop after the block, in that order.
 */
export function useServerForDeno(
  kind: DatabaseKind,
  env: (routerUrl: string) => Record<string, string> = () => ({}),
  prepare: (server: TestServer) => unknown = () => undefined,
) {
  const running: DenoFunction[] = []
  let router: FunctionsRouter | undefined
  let started: TestServer | undefined
  let url = ''
  const server = madeBeforeAll(async () => {
    router = await startFunctionsRouter()
    started = await startTestServer(kind, { FUNCTIONS_URL: router.url, ...env(router.url) })
    await prepare(started)
    url = await started.listen()
    return started
  })
  afterAll(async () => {
    await Promise.all(running.map((deno) => deno.stop()))
    await router?.close()
    await started?.close()
  })
  /** `name` on Deno with Supabase's variables for our server, and `settings`. */
  const start = async (name: string, settings: Record<string, string> = {}) => {
    const deno = await serveOnDeno(name, {
      SUPABASE_URL: url,
      SUPABASE_ANON_KEY: server.anonKey,
      SUPABASE_SERVICE_ROLE_KEY: server.serviceRoleKey,
      ...settings,
    })
    running.push(deno)
    return deno
  }
  return {
    server,
    /** The server's listening URL. */
    get url() {
      return url
    },
    get router() {
      return router!
    },
    start,
    /** start, and route /functions/v1/<name> to it. */
    async serve(name: string, settings: Record<string, string> = {}) {
      const deno = await start(name, settings)
      router!.add(name, deno)
      return deno
    },
  }
}

/** What a function answered supabase-js's functions.invoke: its status and JSON body (null without one). */
export async function invokeFunction<Body>(
  client: SupabaseClient,
  name: string,
  body: Record<string, unknown>,
): Promise<{ status: number; body: Body }> {
  const { data, error, response } = await client.functions.invoke(name, { body })
  if (!error) return { status: response?.status ?? 200, body: (data || null) as Body }
  const context = (error as { context?: Response }).context
  if (!(context instanceof Response)) throw error
  return { status: context.status, body: (await context.json()) as Body }
}

/** What admin-users answers: its data, or its error (with the field, and the rule broken, of bad input). */
export interface AdminUsersBody {
  data?: Record<string, unknown>
  error?: { code: string; message: string; field?: string; rule?: string }
}

/** admin-users called as `client`, as the admin pages call it: its status and body. */
export function callAdminUsers(client: SupabaseClient, body: Record<string, unknown>) {
  return invokeFunction<AdminUsersBody>(client, 'admin-users', body)
}
