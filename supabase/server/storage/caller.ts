// Who is calling: the role and claims from the request's JWT, and the one way to touch
// storage.objects on their behalf, inside a transaction that has taken on that role (RLS decides).
import type { Context } from 'hono'
import type { Queryable } from '../db/database'
import { databaseHeaders, withRequestContext, type DbRole } from '../db/request-context'
import type { ServerDeps } from '../deps'
import { clientIp } from '../lib/client-ip'
import type { JwtPayload } from '../lib/jwt'
import { storageErrors } from './errors'
import { isViewAs } from '../lib/view-as'
import { isUuid } from '../../functions/_shared/uuid.ts'

export interface Caller {
  role: DbRole
  claims: JwtPayload
  /** `owner` column: the JWT `sub` when it is a UUID. */
  owner: string | null
  /** `owner_id` column: the JWT `sub` as text. */
  ownerId: string | null
}

export async function requireCaller(deps: ServerDeps, c: Context): Promise<Caller> {
  // As Supabase's gateway: a request with neither an apikey nor a bearer is refused before anything
  // is looked up; an apikey alone stands in for the bearer (the public and signed routes need none).
  if (!c.req.header('authorization') && !c.req.header('apikey')) throw storageErrors.noApiKey()
  const check = await deps.keys.checkRequest({
    authorization: c.req.header('authorization'),
    apikey: c.req.header('apikey'),
  })
  if (!check.ok) {
    if (check.reason === 'role') throw storageErrors.unknownRole(check.message)
    throw storageErrors.invalidJwt(check.reason === 'expired' ? 'jwt expired' : check.message)
  }
  const sub = typeof check.claims.sub === 'string' && check.claims.sub !== '' ? check.claims.sub : null
  return { role: check.role, claims: check.claims, owner: isUuid(sub) ? sub : null, ownerId: sub }
}

/** Whether the request carries a valid preview token (view as client, 0022). */
export async function previewCaller(deps: ServerDeps, c: Context): Promise<boolean> {
  const check = await deps.keys.checkRequest({
    authorization: c.req.header('authorization'),
    apikey: c.req.header('apikey'),
  })
  return check.ok && isViewAs(check.claims)
}

/** Runs `fn` in one transaction as the caller: their role, their claims, their request. */
export function asCaller<T>(
  deps: ServerDeps,
  c: Context,
  caller: Caller,
  fn: (tx: Queryable) => Promise<T>,
  options: { readOnly?: boolean } = {},
): Promise<T> {
  const headers = databaseHeaders(c.req.raw.headers, clientIp(c))
  return withRequestContext(
    deps.db,
    {
      role: caller.role,
      claims: caller.claims,
      method: c.req.method,
      path: new URL(c.req.url).pathname,
      headers,
      readOnly: options.readOnly,
      previewReadOnly: !deps.env.SUPABASE_ONLY,
    },
    fn,
  )
}
