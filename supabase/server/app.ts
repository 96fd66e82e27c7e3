// The route manifest: every endpoint the server answers, in one place. The Supabase-compatible
// APIs (/auth/v1, /rest/v1, /storage/v1) mount here as they are built.
import { Hono } from 'hono'
import { compress } from 'hono/compress'
import type { Env } from './env'
import { securityHeaders } from './static/security-headers'
import { siteRoutes } from './static/site'

export function createApp(env: Pick<Env, 'SITE_DIST' | 'SITE_URL'>) {
  const app = new Hono()
  app.use('*', securityHeaders())
  app.use('*', compress())
  app.route('/', siteRoutes({ dist: env.SITE_DIST, siteUrl: env.SITE_URL }))
  app.onError((error, c) => {
    console.error(error)
    return c.json({ code: 500, error_code: 'unexpected_failure', msg: 'Unexpected server error' }, 500)
  })
  return app
}
