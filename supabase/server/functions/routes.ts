// /functions/v1/<name>: the project's Edge Functions (supabase/functions/<name>/handler.ts), run
// in-process with the environment Supabase gives a function, calling back into this same app for
// auth, REST and storage without going through a socket; or, with FUNCTIONS_URL, forwarded to
// where they run. Body size and JSON depth are checked before (body-limits.ts).
import { Hono } from 'hono'
import WebSocket from 'ws'
import type { ServerDeps } from '../deps'
import { functionEnv, type Handler } from '../../functions/_shared/runtime.ts'
import { forwarder } from './forward'
import { functions } from './registry'

const notFound = { error: { code: 'not_found', message: 'Function not found' } }

/** Each function's handler, given what Supabase would give it, calling this app in-process. */
function inProcess(deps: ServerDeps, appFetch: (request: Request) => Promise<Response>): Map<string, Handler> {
  const supabaseEnv: Record<string, string> = {
    SUPABASE_URL: deps.siteOrigin,
    SUPABASE_ANON_KEY: deps.env.ANON_KEY,
    SUPABASE_SERVICE_ROLE_KEY: deps.env.SERVICE_ROLE_KEY,
    // view-as signs its previews with the key our auth signs with (a project's imported key on Supabase).
    VIEW_AS_SIGNING_KEY: JSON.stringify(deps.env.JWT_SIGNING_KEYS[0]),
    VIEW_AS_EXPIRY: String(deps.env.AUTH_VIEW_AS_EXPIRY),
  }
  const env = functionEnv((name) => supabaseEnv[name], {
    fetch: (input, init) => appFetch(new Request(input, init)),
    webSocket: WebSocket,
  })
  return new Map(Object.entries(functions).map(([name, make]) => [name, make(env)]))
}

export function functionRoutes(deps: ServerDeps, appFetch: (request: Request) => Promise<Response>) {
  const app = new Hono()
  const forward = deps.env.FUNCTIONS_URL
    ? forwarder({ baseUrl: deps.env.FUNCTIONS_URL, timeoutMs: deps.env.FUNCTIONS_TIMEOUT_MS })
    : undefined
  const handlers = forward ? new Map<string, Handler>() : inProcess(deps, appFetch)
  app.all('/:name', async (c) => {
    const name = c.req.param('name')
    // Only the project's functions, by their exact names: nothing else reaches FUNCTIONS_URL.
    if (!Object.hasOwn(functions, name)) return c.json(notFound, 404)
    if (forward) return forward(name, c.req.raw)
    const handler = handlers.get(name)
    return handler ? handler(c.req.raw) : c.json(notFound, 404)
  })
  return app
}
