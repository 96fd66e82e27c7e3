// The REST API's endpoints (PostgREST dialect, schema `public`). Every one reads the caller's JWT
// and runs under that role in one transaction, so row-level security decides; see execute.ts.
import { Hono } from 'hono'
import type { ServerDeps } from '../deps'
import { restErrors } from './errors'
import { clientIp } from '../lib/client-ip'
import { restSettings, serveRest } from './execute'
import { errorResponse } from './response'
import { SchemaCacheStore } from './schema-store'

const allow = 'OPTIONS,GET,HEAD,POST,PATCH,DELETE'

export function restRoutes(deps: ServerDeps) {
  const app = new Hono()
  const schema = new SchemaCacheStore(deps.db)
  // Bodies are limited before this, as they stream in (body-limits.ts).
  const settings = restSettings(deps.env)

  // Plain OPTIONS (CORS preflights are answered before this by the middleware in app.ts).
  app.options('*', () => new Response(null, { status: 200, headers: { Allow: allow } }))

  // GET/HEAD call a function read-only with query-string arguments; POST with a JSON body.
  app.all('/rpc/:name', (c) => serveRest(deps, schema, settings, c.req.raw, 'rpc', c.req.param('name'), clientIp(c)))

  // GET/HEAD read, POST inserts or upserts, PATCH updates, DELETE deletes: a table or view.
  app.all('/:name', (c) => serveRest(deps, schema, settings, c.req.raw, 'table', c.req.param('name'), clientIp(c)))

  app.get('/', () => errorResponse(restErrors.openApiDisabled()))
  app.all('*', () => errorResponse(restErrors.invalidPath()))
  return app
}
