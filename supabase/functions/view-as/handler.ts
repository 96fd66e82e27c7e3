// view-as: a staff member's read-only preview of one client user's portal (decisions 0022, 0028).
// POST { action: 'start', user_id } with the staff member's own token: the database decides, as
// that staff member (`public.start_view_as`: active staff whose second factor is satisfied, an
// active client of an organization; it records the entering and opens the preview's row), then a
// short-lived access token is minted for the client, with `view_as: <staff id>`, the staff
// member's `session_id` and the preview's own id (`view_as_id`), signed with VIEW_AS_SIGNING_KEY.
// No refresh token: the preview ends with the token (VIEW_AS_EXPIRY) at the latest, when it is
// left, or when the staff member's session ends, because the role helpers ask (in SQL) that the
// preview is still open. POST { action: 'end', user_id } records the leaving and closes the
// caller's open previews of that client (`public.end_view_as`). A preview's own token opens and
// ends nothing. Refusals answer 4xx `{ error: { code, message } }`.
import { z } from 'zod'
import { withCors } from '../_shared/cors.ts'
import {
  callerClient,
  fail,
  json,
  postedJson,
  serviceClient,
  type EdgeFunction,
  type FunctionEnv,
} from '../_shared/runtime.ts'
import { isViewAs, VIEW_AS_READ_ONLY, viewAsReadOnlyMessage } from '../_shared/view-as.ts'
import { previewLifetime, tokenSigner, unverifiedClaims, type TokenSigner } from './token.ts'

const request = z.object({ action: z.enum(['start', 'end']), user_id: z.string().uuid() })

interface Settings {
  signer: TokenSigner | null
  lifetime: number
}

const notSignedIn = () => fail(401, 'not_authenticated', 'Sign in first')
const notStaff = () => fail(403, 'not_admin', 'Only staff can view the portal as a client')
const noSuchClient = () => fail(404, 'user_not_found', 'No active client user with this id')
const unavailable = () =>
  fail(503, 'view_as_unavailable', 'Viewing the portal as a client needs a signing key (VIEW_AS_SIGNING_KEY)')

/** What the database's refusal means to the caller; it never says more than "not for you". */
function refusal(error: { code?: string }, status: number): Response {
  if (status === 401) return fail(401, 'not_authenticated', 'Your session is not valid; sign in again')
  if (error.code === '42501') return notStaff()
  if (error.code === 'P0002') return noSuchClient()
  return fail(502, 'view_as_failed', 'The preview could not be opened or closed; try again')
}

async function start(
  req: Request,
  env: FunctionEnv,
  settings: Settings,
  staffClaims: Record<string, unknown>,
  target: string,
) {
  const { signer, lifetime } = settings
  if (!signer || !(await signer.usable())) return unavailable()
  const now = Math.floor(Date.now() / 1000)
  const expiresAt = now + lifetime
  const { data, error, status } = await callerClient(req, env).rpc('start_view_as', {
    target,
    ends_at: new Date(expiresAt * 1000).toISOString(),
  })
  if (error) return refusal(error, status)
  const { preview_id: previewId, ...person } = (data ?? {}) as Record<string, unknown>
  const { data: found, error: userError } = await serviceClient(env).auth.admin.getUserById(target)
  if (userError || !found.user) return noSuchClient()
  const user = found.user
  // The caller's claims are trusted from here on: the database has just accepted this very token
  // (its signature, its live session) and made it the preview's staff member and session.
  const accessToken = await signer
    .sign({
      aud: user.aud || 'authenticated',
      iat: now,
      exp: expiresAt,
      iss: `${env.supabaseUrl}/auth/v1`,
      sub: user.id,
      email: user.email ?? '',
      phone: user.phone ?? '',
      app_metadata: user.app_metadata ?? {},
      user_metadata: user.user_metadata ?? {},
      role: 'authenticated',
      // The staff member passed their own second factor (is_admin() requires it); the portal must
      // show what the client sees from a full-strength session.
      aal: 'aal2',
      amr: [{ method: 'view_as', timestamp: now }],
      session_id: staffClaims.session_id,
      is_anonymous: false,
      view_as: staffClaims.sub,
      view_as_id: previewId,
    })
    .catch(() => null)
  if (!accessToken) return unavailable()
  return json({
    data: {
      access_token: accessToken,
      token_type: 'bearer',
      expires_in: lifetime,
      expires_at: expiresAt,
      user,
      view_as: person,
    },
  })
}

async function end(req: Request, env: FunctionEnv, target: string) {
  const { error, status } = await callerClient(req, env).rpc('end_view_as', { target })
  if (error) return refusal(error, status)
  return new Response(null, { status: 204 })
}

async function handle(req: Request, env: FunctionEnv, settings: Settings): Promise<Response> {
  const posted = await postedJson(req)
  if ('refused' in posted) return posted.refused
  const parsed = request.safeParse(posted.body)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const field = issue?.path.map(String).join('.')
    return fail(400, 'validation_failed', `${field ? `${field}: ` : ''}${issue?.message ?? 'Invalid request'}`)
  }
  const token = (req.headers.get('Authorization') ?? '').replace(/^Bearer\s+/i, '')
  if (!token || token === env.anonKey) return notSignedIn()
  const claims = unverifiedClaims(token)
  // Refusing needs no trust in the token: a preview opens no other preview and ends none.
  if (isViewAs(claims)) return fail(403, VIEW_AS_READ_ONLY, viewAsReadOnlyMessage)
  const { action, user_id: target } = parsed.data
  return action === 'start' ? start(req, env, settings, claims, target) : end(req, env, target)
}

/** The function for one project's settings: served by index.ts on Deno, in-process by our server. */
export const viewAs: EdgeFunction = (env) => {
  const settings: Settings = {
    signer: tokenSigner(env.setting('VIEW_AS_SIGNING_KEY')),
    lifetime: previewLifetime(env.setting('VIEW_AS_EXPIRY')),
  }
  return async (req) => {
    if (req.method === 'OPTIONS') return withCors(new Response(null, { status: 204 }))
    return withCors(await handle(req, env, settings))
  }
}
