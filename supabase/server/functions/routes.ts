// /functions/v1/<name>: the project's Edge Functions (supabase/functions), run in-process. They
// call back into this same app for auth, REST and storage, without going through a socket.
import { Hono } from 'hono'
import WebSocket from 'ws'
import type { ServerDeps } from '../deps'
import { functions } from '../../functions/registry'
import type { FunctionEnv } from '../../functions/runtime'

/** Largest request body a function accepts. */
const maxBodyBytes = 256 * 1024

export function functionRoutes(deps: ServerDeps, appFetch: (request: Request) => Promise<Response>) {
  const app = new Hono()
  const env: FunctionEnv = {
    supabaseUrl: deps.siteOrigin,
    anonKey: deps.env.ANON_KEY,
    serviceRoleKey: deps.env.SERVICE_ROLE_KEY,
    fetch: (input, init) => appFetch(new Request(input, init)),
    webSocket: WebSocket,
  }
  app.all('/:name', async (c) => {
    const handler = Object.hasOwn(functions, c.req.param('name')) ? functions[c.req.param('name')] : undefined
    if (!handler) return c.json({ error: { code: 'not_found', message: 'Function not found' } }, 404)
    const length = Number(c.req.header('content-length') ?? 0)
    if (length > maxBodyBytes) return c.json({ error: { code: 'too_large', message: 'Request body too large' } }, 413)
    return handler(c.req.raw, env)
  })
  return app
}
