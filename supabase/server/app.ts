// The route manifest: every endpoint the server answers, in one place. The three Supabase APIs
// share the site's origin; each renders its own errors in its own Supabase shape.
import { Hono } from 'hono'
import { compress } from 'hono/compress'
import { cors } from 'hono/cors'
import type { ServerDeps } from './deps'
import { dashboardFrameSources, inlineScriptSources, securityHeaders } from './static/security-headers'
import { siteRoutes } from './static/site'
import { submitToDatabase } from './static/contact-submit'
import { authRoutes } from './auth/routes'
import { restRoutes } from './rest/routes'
import { storageRoutes } from './storage/routes'
import { functionRoutes } from './functions/routes'
import { broadcastRoutes } from './realtime/http-broadcast'
import { realtimePath, type RealtimeHub } from './realtime/hub'
import { inboxRoutes } from './mail/inbox-page'
import { clientIpMiddleware } from './lib/client-ip'
import { guardRequestBodies } from './body-limits'
import { closeAfterUnreadBody } from './lib/lingering-close'

// Headers the browser may read from API responses (counts, pagination, auth API version).
const exposedHeaders = [
  'Content-Range',
  'Content-Location',
  'Range-Unit',
  'Location',
  'X-Supabase-Api-Version',
  'X-Total-Count',
  'Link',
]

export function createApp(deps: ServerDeps, realtime: RealtimeHub) {
  const app = new Hono()
  // First: it sees the finished answer to a request whose body was not read to the end (a refusal).
  app.use('*', closeAfterUnreadBody({ maxMs: deps.env.HTTP_LINGER_MS, maxBytes: deps.env.HTTP_LINGER_MAX_BYTES }))
  app.use(
    '*',
    securityHeaders(
      inlineScriptSources(deps.env.SITE_DIST),
      [],
      dashboardFrameSources({
        extra: deps.env.DASHBOARD_FRAME_SOURCES,
        metabaseSite: deps.env.METABASE_SITE_URL,
        localHttp: deps.env.DASHBOARD_LOCAL_HTTP,
      }),
    ),
  )
  // Stored files go out as stored, with their Content-Length (and ranges that mean their bytes), as
  // Supabase Storage serves them; everything else may be compressed on the fly.
  const compressor = compress()
  app.use('*', (c, next) => (c.req.path.startsWith('/storage/v1/object/') ? next() : compressor(c, next)))
  app.use('*', clientIpMiddleware(deps.env.TRUST_PROXY))
  // Preflights reflect Access-Control-Request-Headers, as PostgREST does. Other requests get
  // their two headers on the finished response: set beforehand, Hono would have to merge them
  // into every Response a handler builds, a measurable cost on small reads.
  const preflight = cors({ origin: '*', exposeHeaders: exposedHeaders, maxAge: 86400 })
  for (const prefix of ['/auth/v1/*', '/rest/v1/*', '/storage/v1/*', '/functions/v1/*', '/realtime/v1/api/*']) {
    app.use(prefix, async (c, next) => {
      if (c.req.method === 'OPTIONS') return preflight(c, next)
      await next()
      c.res.headers.set('Access-Control-Allow-Origin', '*')
      c.res.headers.set('Access-Control-Expose-Headers', exposedHeaders.join(','))
    })
  }
  guardRequestBodies(app, deps.env)
  app.route('/auth/v1', authRoutes(deps))
  app.route('/rest/v1', restRoutes(deps))
  app.route('/storage/v1', storageRoutes(deps, { maxUploadBytes: deps.env.STORAGE_MAX_UPLOAD_BYTES }))
  app.route(
    '/functions/v1',
    functionRoutes(deps, (request) => Promise.resolve(app.fetch(request))),
  )
  // Realtime: its WebSocket, /realtime/v1/websocket, is upgraded on the HTTP server beside the app
  // (hub.attach: an upgrade never reaches a handler), so here a request without the upgrade is
  // refused as Realtime refuses it (400, Realtime's JSON error); then its REST broadcast.
  app.all(realtimePath, (c) => c.json({ error: 'WebSocket upgrade required' }, 400))
  app.route(
    '/realtime/v1',
    broadcastRoutes(deps, realtime, {
      maxMessages: deps.env.REALTIME_BROADCAST_MAX_MESSAGES,
      maxPayloadBytes: deps.env.REALTIME_MAX_MESSAGE_BYTES,
      maxTopicBytes: deps.env.REALTIME_MAX_TOPIC_BYTES,
    }),
  )
  if (deps.catcher) app.route('/_dev/mail', inboxRoutes(deps.catcher))
  // In Supabase-only mode the site is the web tier's (or a static host's); here, as at Supabase's
  // API gateway, any other path matches no route.
  if (deps.env.SUPABASE_ONLY) app.notFound((c) => c.json({ message: 'no Route matched with those values' }, 404))
  else
    app.route(
      '/',
      siteRoutes({
        dist: deps.env.SITE_DIST,
        siteUrl: deps.env.SITE_URL,
        submitContact: submitToDatabase(deps.db),
        formSecret: deps.env.JWT_SECRET,
        contactFormMaxBytes: deps.env.CONTACT_FORM_MAX_BYTES,
      }),
    )
  app.onError((error, c) => {
    console.error(error)
    return c.json({ code: 500, error_code: 'unexpected_failure', msg: 'Unexpected server error' }, 500)
  })
  return app
}
