// /functions/v1/<name>: the project's Edge Functions (supabase/functions/<name>/handler.ts), run
// in-process with the environment Supabase gives a function, calling back into this same app for
// auth, REST and storage without going through a socket. Body size and JSON depth are checked
// before (body-limits.ts).
import { Hono } from 'hono'
import WebSocket from 'ws'
import type { ServerDeps } from '../deps'
import { functionEnv, type Handler } from '../../functions/_shared/runtime.ts'
import { functions } from './registry'

const notFound = { error: { code: 'not_found', message: 'Function not found' } }

/** Each function's handler, given what Supabase would give it, calling this app in-process. */
function inProcess(deps: ServerDeps, appFetch: (request: Request) => Promise<Response>): Map<string, Handler> {
  const supabaseEnv: Record<string, string> = {
    SUPABASE_URL: deps.siteOrigin,
    SUPABASE_ANON_KEY: deps.env.ANON_KEY,
    SUPABASE_SERVICE_ROLE_KEY: deps.env.SERVICE_ROLE_KEY,
  }
  const env = functionEnv((name) => supabaseEnv[name], {
    fetch: (input, init) => appFetch(new Request(input, init)),
    webSocket: WebSocket,
  })
  return new Map(Object.entries(functions).map(([name, make]) => [name, make(env)]))
}

export function functionRoutes(deps: ServerDeps, appFetch: (request: Request) => Promise<Response>) {
  const app = new Hono()
  const handlers = inProcess(deps, appFetch)
  app.all('/:name', async (c) => {
    const handler = handlers.get(c.req.param('name'))
    return handler ? handler(c.req.raw) : c.json(notFound, 404)
  })
  return app
}
