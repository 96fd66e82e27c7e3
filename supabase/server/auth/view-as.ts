// "View as client" (decision 0022). POST /view_as { user_id }: a staff member's session asks for a
// read-only preview of one client user's portal. The database checks the caller (active staff,
// second factor satisfied) and the target (an active client of an organization) and records the
// entry in the activity log; then a short-lived access token is minted for the client with the
// claim `view_as: <staff id>`, the staff member's session id and the preview's own id
// (`view_as_id`), so signing the staff member out or leaving the preview ends it (within the
// bound of any revocation, AUTH_REVOCATION_CHECK_MS). No refresh token: the preview ends with the
// token at the latest (AUTH_VIEW_AS_EXPIRY). POST /view_as/end { user_id } records the leaving,
// from the staff member's own session, and closes their open previews of that client.
import type { Handler, MiddlewareHandler } from 'hono'
import { isPgError } from '../db/database'
import { databaseHeaders, withRequestContext } from '../db/request-context'
import { clientIp } from '../lib/client-ip'
import { isViewAs, VIEW_AS_READ_ONLY, viewAsReadOnlyMessage } from '../lib/view-as'
import type { AuthContext, AuthEnv, Caller } from './context'
import { AuthError, errors } from './errors'
import { isUuid, readBody, stringField } from './http'
import { findUserById } from './users'
import { userJson } from './user-json'

const notStaff = () => new AuthError(403, 'not_admin', 'Only staff can view the portal as a client')
const noSuchClient = () => new AuthError(404, 'user_not_found', 'No active client user with this id')
export const previewReadOnly = () => new AuthError(403, VIEW_AS_READ_ONLY, viewAsReadOnlyMessage)

/** Refuses every auth call of a preview token but the ones a route lets through (reading /user). */
export function refusePreview(): MiddlewareHandler<AuthEnv> {
  return async (c, next) => {
    if (isViewAs(c.get('caller').claims)) throw previewReadOnly()
    await next()
  }
}

/** Runs one of the SQL doors as the staff caller, turning its refusals into auth errors. */
async function asStaff<T>(ctx: AuthContext, c: Parameters<Handler<AuthEnv>>[0], sql: string, params: unknown[]) {
  const caller: Caller = c.get('caller')
  // A preview cannot open another one, whatever the database would say.
  if (isViewAs(caller.claims)) throw previewReadOnly()
  try {
    const context = {
      role: 'authenticated' as const,
      claims: caller.claims,
      method: c.req.method,
      path: new URL(c.req.url).pathname,
      headers: databaseHeaders(c.req.raw.headers, clientIp(c)),
    }
    const result = await withRequestContext(ctx.deps.db, context, (tx) => tx.query<{ result: T }>(sql, params))
    return result.rows[0]?.result as T
  } catch (error) {
    if (isPgError(error) && error.code === '42501') throw notStaff()
    if (isPgError(error) && error.code === 'P0002') throw noSuchClient()
    throw error
  }
}

async function targetOf(c: Parameters<Handler<AuthEnv>>[0]): Promise<string> {
  const target = stringField(await readBody(c), 'user_id')
  if (!target) throw errors.validation('user_id is required')
  if (!isUuid(target)) throw errors.validation('user_id must be a UUID')
  return target
}

export function startViewAs(ctx: AuthContext): Handler<AuthEnv> {
  return async (c) => {
    const target = await targetOf(c)
    const { claims, session } = c.get('caller')
    // The preview is tied to the staff member's session: without one, nothing ends it early.
    if (!session) throw notStaff()
    const now = Math.floor(ctx.runtime.clock.now() / 1000)
    const expiresIn = ctx.deps.env.AUTH_VIEW_AS_EXPIRY
    const expiresAt = now + expiresIn
    const { preview_id: previewId, ...person } = await asStaff<Record<string, unknown>>(
      ctx,
      c,
      'select public.start_view_as($1, to_timestamp($2)) as result',
      [target, expiresAt],
    )
    const user = await findUserById(ctx.deps.db, target)
    if (!user) throw noSuchClient()
    const token = await ctx.deps.keys.sign({
      aud: user.aud ?? 'authenticated',
      iat: now,
      exp: expiresAt,
      iss: `${ctx.deps.siteOrigin}/auth/v1`,
      sub: user.id,
      email: user.email ?? '',
      phone: user.phone ?? '',
      app_metadata: user.raw_app_meta_data ?? {},
      user_metadata: user.raw_user_meta_data ?? {},
      role: 'authenticated',
      // The staff member passed their own second factor (is_admin() requires it); the client's
      // portal must show what the client sees from a full-strength session.
      aal: 'aal2',
      amr: [{ method: 'view_as', timestamp: now }],
      session_id: session.id,
      is_anonymous: false,
      view_as: claims.sub,
      view_as_id: previewId,
    })
    return c.json({
      access_token: token,
      token_type: 'bearer',
      expires_in: expiresIn,
      expires_at: expiresAt,
      user: await userJson(ctx.deps.db, user),
      view_as: person,
    })
  }
}

export function endViewAs(ctx: AuthContext): Handler<AuthEnv> {
  return async (c) => {
    const target = await targetOf(c)
    await asStaff(ctx, c, 'select public.end_view_as($1) as result', [target])
    return c.body(null, 204)
  }
}
