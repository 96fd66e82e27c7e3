// The REST API's endpoints (PostgREST dialect, schema `public`). Every one reads the caller's JWT
// and runs under that role in one transaction, so row-level security decides; see execute.ts.
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { ServerDeps } from '../deps'
import { restErrors } from './errors'
import { clientIp } from '../lib/client-ip'
import { serveRest } from './execute'
import { errorResponse } from './response'
import { SchemaCacheStore } from './schema-store'

const allow = 'OPTIONS,GET,HEAD,POST,PATCH,DELETE'
/** Largest JSON body accepted: a bulk insert of a few thousand rows, not an upload channel. */
export const maxBodyBytes = 1024 * 1024

export function restRoutes(deps: ServerDeps) {
  const app = new Hono()
  const schema = new SchemaCacheStore(deps.db)

  // Counted while the body streams in, so an oversized request is refused without buffering it.
  // Reads carry no body, and skipping the wrapper there is measurably faster.
  const limitBody = bodyLimit({
    maxSize: maxBodyBytes,
    onError: () => errorResponse(restErrors.bodyTooLarge(maxBodyBytes)),
  })
  app.use('*', (c, next) => (c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : limitBody(c, next)))

  // Plain OPTIONS (CORS preflights are answered before this by the middleware in app.ts).
  app.options('*', () => new Response(null, { status: 200, headers: { Allow: allow } }))

  // GET/HEAD call a function read-only with query-string arguments; POST with a JSON body.
  app.all('/rpc/:name', (c) => serveRest(deps, schema, c.req.raw, 'rpc', c.req.param('name'), clientIp(c)))

  // GET/HEAD read, POST inserts or upserts, PATCH updates, DELETE deletes: a table or view.
  app.all('/:name', (c) => serveRest(deps, schema, c.req.raw, 'table', c.req.param('name'), clientIp(c)))

  app.get('/', () => errorResponse(restErrors.openApiDisabled()))
  app.all('*', () => errorResponse(restErrors.invalidPath()))
  return app
}
