// The web tier's settings: the site's own (taken from the server's definitions) and the Supabase
// project it stands in front of. It has no database, keys or mail of its own.
import { z } from 'zod'
import { developmentKeys } from '../lib/dev-keys'
import { parseSettings, serverSettings } from '../env'

const settings = serverSettings
  .pick({
    NODE_ENV: true,
    HOST: true,
    PORT: true,
    SITE_URL: true,
    SITE_DIST: true,
    TRUST_PROXY: true,
    CONTACT_FORM_MAX_BYTES: true,
    HTTP_LINGER_MS: true,
    HTTP_LINGER_MAX_BYTES: true,
    SHUTDOWN_GRACE_MS: true,
    DASHBOARD_FRAME_SOURCES: true,
    // The Metabase site's address only (its secret is the dashboard-embed function's): the page's
    // frame-src lets its embedded dashboards in (decision 0039).
    METABASE_SITE_URL: true,
  })
  .extend({
    /** The Supabase project's URL (https://<ref>.supabase.co), the one the SPA was built for. */
    SUPABASE_URL: z.url({ protocol: /^https?$/ }),
    /** Its anon (or publishable) key: the contact form sent without JavaScript is stored with it. */
    SUPABASE_ANON_KEY: z.string().min(20),
    /**
     * Signs the contact form's "started" field; every copy behind one balancer needs the same.
     * At least 32 characters.
     */
    FORM_SECRET: z.string().min(32, 'must be at least 32 characters').default(developmentKeys.jwtSecret),
    /** How long (ms) the project may take to store a contact message before the visitor is told it failed. */
    CONTACT_FORWARD_TIMEOUT_MS: z.coerce.number().int().min(1000).max(60_000).default(10_000),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV !== 'production') return
    if (env.FORM_SECRET === developmentKeys.jwtSecret)
      ctx.addIssue({
        code: 'custom',
        path: ['FORM_SECRET'],
        message: 'is the public development value; set a secret one in production',
      })
    if (!env.SITE_URL) ctx.addIssue({ code: 'custom', path: ['SITE_URL'], message: 'is required in production' })
    // As the server has it: frames over plain http only in development and tests.
    if (env.DASHBOARD_FRAME_SOURCES.some((origin) => !origin.startsWith('https:')))
      ctx.addIssue({
        code: 'custom',
        path: ['DASHBOARD_FRAME_SOURCES'],
        message: 'must be https origins in production',
      })
    if (env.METABASE_SITE_URL?.startsWith('http:'))
      ctx.addIssue({ code: 'custom', path: ['METABASE_SITE_URL'], message: 'must be https in production' })
  })

export type WebTierEnv = z.infer<typeof settings>

export function readWebTierEnv(source: NodeJS.ProcessEnv = process.env): WebTierEnv {
  return parseSettings(settings, source)
}
