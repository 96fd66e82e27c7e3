// dashboard-embed: the address of a Metabase dashboard for the portal's frame (decision 0039).
// POST { dashboard_id } with the caller's token: the database decides, as the caller, whether they
// may see the dashboard (`public.open_dashboard`, the dashboards' select policy; it also records the
// view), and gives the dashboard's Metabase number and the parameter locked to the organization
// with the organization's value. The function signs Metabase's embed token with
// METABASE_SECRET_KEY (HS256, METABASE_EMBED_MINUTES long), so the secret never reaches the browser
// and no client can ask for another organization's data. Refusals answer 4xx
// `{ error: { code, message } }`; a dashboard the caller may not see is "not found".
import { z } from 'zod'
import { withCors } from '../_shared/cors.ts'
import { callerClient, fail, json, postedJson, type EdgeFunction, type FunctionEnv } from '../_shared/runtime.ts'
import { readSettings } from '../_shared/settings.ts'
import {
  metabaseEmbedUrl,
  metabaseSettings,
  metabaseToken,
  type MetabaseEmbed,
  type MetabaseSettings,
} from '../_shared/dashboards.ts'

const request = z.object({ dashboard_id: z.string().uuid() })

const opened = z.object({
  kind: z.string(),
  metabase: z.object({ dashboard: z.number().int(), parameter: z.string(), value: z.string() }).nullable(),
})

const notFound = () => fail(404, 'dashboard_not_found', 'No dashboard with this id')
const unavailable = () =>
  fail(503, 'metabase_unavailable', 'Metabase dashboards need METABASE_SITE_URL and METABASE_SECRET_KEY')

/** What the database's refusal means to the caller; never more than "not for you". */
function refusal(error: { code?: string; message?: string }, status: number): Response {
  if (status === 401) return fail(401, 'not_authenticated', 'Your session is not valid; sign in again')
  if (status === 404 || error.code === 'PT404') return notFound()
  if (status === 429 || error.code === 'PT429')
    return fail(429, 'too_many_views', error.message ?? 'Too many dashboards opened; wait a minute')
  return fail(502, 'dashboard_failed', 'The dashboard could not be opened; try again')
}

async function handle(req: Request, env: FunctionEnv, settings: MetabaseSettings): Promise<Response> {
  const posted = await postedJson(req)
  if ('refused' in posted) return posted.refused
  const parsed = request.safeParse(posted.body)
  if (!parsed.success) return fail(400, 'validation_failed', 'dashboard_id: must be a dashboard’s id (a UUID)')
  const token = (req.headers.get('Authorization') ?? '').replace(/^Bearer\s+/i, '')
  if (!token || token === env.anonKey) return fail(401, 'not_authenticated', 'Sign in first')
  const site = settings.METABASE_SITE_URL
  const secret = settings.METABASE_SECRET_KEY
  if (!site || !secret) return unavailable()

  const { data, error, status } = await callerClient(req, env).rpc('open_dashboard', {
    p_dashboard_id: parsed.data.dashboard_id,
  })
  if (error) return refusal(error, status)
  const dashboard = opened.safeParse(data)
  if (!dashboard.success) return fail(502, 'dashboard_failed', 'The dashboard could not be opened; try again')
  if (dashboard.data.kind !== 'metabase' || !dashboard.data.metabase)
    return fail(400, 'not_metabase', 'This dashboard is not embedded from Metabase: open its own address')
  const embed: MetabaseEmbed = dashboard.data.metabase
  const expiresAt = Math.floor(Date.now() / 1000) + settings.METABASE_EMBED_MINUTES * 60
  const signed = await metabaseToken(secret, embed, expiresAt)
  return json({ data: { url: metabaseEmbedUrl(site, signed), expires_at: expiresAt } })
}

/** The function for one project's settings: served by index.ts on Deno, in-process by our server. */
export const dashboardEmbed: EdgeFunction = (env) => {
  const settings = readSettings(metabaseSettings, env.setting, 'dashboard-embed')
  return async (req) => {
    if (req.method === 'OPTIONS') return withCors(new Response(null, { status: 204 }))
    return withCors(await handle(req, env, settings))
  }
}
