// The web tier: the site alone, in front of a Supabase project (hosted or self-hosted) that the
// SPA talks to directly. Prerendered pages, the language of unprefixed URLs, the 404 page,
// security headers, sitemap and robots.txt, and the contact form sent without JavaScript, stored
// through the project's REST API. No state: any number of copies can run behind a balancer.
import { Hono } from 'hono'
import { compress } from 'hono/compress'
import { siteRoutes } from '../static/site'
import { submitToRest } from '../static/contact-submit'
import { apiSources, dashboardFrameSources, inlineScriptSources, securityHeaders } from '../static/security-headers'
import { clientIpMiddleware } from '../lib/client-ip'
import { closeAfterUnreadBody } from '../lib/lingering-close'
import type { WebTierEnv } from './settings'

export function createWebTierApp(env: WebTierEnv) {
  const app = new Hono()
  app.use('*', closeAfterUnreadBody({ maxMs: env.HTTP_LINGER_MS, maxBytes: env.HTTP_LINGER_MAX_BYTES }))
  // The SPA calls the project's APIs and Realtime on its own origin.
  app.use(
    '*',
    securityHeaders(
      inlineScriptSources(env.SITE_DIST),
      apiSources(env.SUPABASE_URL),
      dashboardFrameSources({ extra: env.DASHBOARD_FRAME_SOURCES, metabaseSite: env.METABASE_SITE_URL }),
    ),
  )
  app.use('*', compress())
  app.use('*', clientIpMiddleware(env.TRUST_PROXY))
  app.route(
    '/',
    siteRoutes({
      dist: env.SITE_DIST,
      siteUrl: env.SITE_URL,
      submitContact: submitToRest({
        apiUrl: env.SUPABASE_URL,
        anonKey: env.SUPABASE_ANON_KEY,
        timeoutMs: env.CONTACT_FORWARD_TIMEOUT_MS,
      }),
      formSecret: env.FORM_SECRET,
      contactFormMaxBytes: env.CONTACT_FORM_MAX_BYTES,
    }),
  )
  app.onError((error, c) => {
    console.error(error)
    return c.text('Error del servidor. · Server error.', 500)
  })
  return app
}
