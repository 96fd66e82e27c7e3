// Security headers for every response, with a strict Content-Security-Policy: nothing but our own
// origin is allowed, and of inline script only the exact texts the build hashed (the prerendered
// pages' start script, src/prerender/page-bootstrap.ts). The site has no inline style.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { secureHeaders } from 'hono/secure-headers'
import { inlineScriptsFile, prerenderedDir } from '../../../src/prerender/prerendered'

/** The hash sources the build wrote for its inline scripts; none for a build without pages. */
export function inlineScriptSources(dist: string): string[] {
  try {
    const { scriptSources } = JSON.parse(readFileSync(join(dist, prerenderedDir, inlineScriptsFile), 'utf8')) as {
      scriptSources?: unknown
    }
    const hash = /^'sha256-[A-Za-z0-9+/]+={0,2}'$/
    return Array.isArray(scriptSources)
      ? scriptSources.filter((source) => typeof source === 'string' && hash.test(source))
      : []
  } catch {
    return []
  }
}

/**
 * The origins the SPA may call besides its own: a Supabase project elsewhere (the web tier),
 * over HTTPS for the APIs and WebSocket for Realtime.
 */
export function apiSources(apiUrl: string | undefined): string[] {
  if (!apiUrl) return []
  const { origin, host, protocol } = new URL(apiUrl)
  return [origin, `${protocol === 'https:' ? 'wss' : 'ws'}://${host}`]
}

/**
 * Where the portal frames dashboards from (decision 0039): the known providers' origins (the hosts
 * the allowlist starts with), the Metabase site, the deployment's own additions, and in development
 * and tests any local http port. The allowlist of hosts itself is enforced in the database.
 */
export const dashboardProviderSources = [
  'https://app.powerbi.com',
  'https://lookerstudio.google.com',
  'https://public.tableau.com',
  'https://online.tableau.com',
]

export function dashboardFrameSources({
  extra = [],
  metabaseSite,
  localHttp = false,
}: { extra?: string[]; metabaseSite?: string; localHttp?: boolean } = {}): string[] {
  const sources = [...dashboardProviderSources, ...extra]
  if (metabaseSite) sources.push(new URL(metabaseSite).origin)
  if (localHttp) sources.push('http://localhost:*', 'http://127.0.0.1:*')
  return [...new Set(sources)]
}

export const securityHeaders = (
  scriptSources: string[] = [],
  connectSources: string[] = [],
  frameSources: string[] = dashboardFrameSources(),
) =>
  secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      frameSrc: frameSources,
      scriptSrc: ["'self'", ...scriptSources],
      styleSrc: ["'self'"],
      imgSrc: ["'self'", 'data:'],
      fontSrc: ["'self'"],
      connectSrc: ["'self'", ...connectSources],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: 'strict-origin-when-cross-origin',
    strictTransportSecurity: 'max-age=63072000; includeSubDomains',
    xFrameOptions: 'DENY',
    permissionsPolicy: { camera: [], microphone: [], geolocation: [] },
  })
