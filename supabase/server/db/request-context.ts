// Every API request runs in one transaction that first takes on the caller's role and JWT
// claims, as PostgREST and Supabase Storage do, so row-level security decides what is visible.
import type { Database, Queryable } from './database'
import { isViewAs } from '../lib/view-as'

/**
 * The request's headers as SQL sees them in `request.headers`, with `x-real-ip` set to the address
 * the server resolved (lib/client-ip.ts), replacing any a client sent: the database's own rate
 * limits (the contact form's) trust that header, as they trust the gateway's on hosted Supabase.
 */
export function databaseHeaders(headers: Headers, clientIp: string): Record<string, string> {
  const copy: Record<string, string> = {}
  headers.forEach((value, name) => {
    copy[name] = value
  })
  copy['x-real-ip'] = clientIp
  return copy
}

export type DbRole = 'anon' | 'authenticated' | 'service_role'

export interface RequestContext {
  role: DbRole
  /** The full JWT payload (with `role`); `{ role: 'anon' }` without a token. */
  claims: Readonly<Record<string, unknown>>
  method?: string
  path?: string
  headers?: Record<string, string>
  readOnly?: boolean
  /**
   * A preview's transaction is read-only (0022); false in Supabase-only mode, where the SQL alone
   * makes it so (public.pre_request and the storage policies), as on Supabase.
   */
  previewReadOnly?: boolean
  /** `fn` is pure database work and may be run again after a rollback (TransactionOptions). */
  retryable?: boolean
}

// The JSON of claims that cannot change (a verified token's frozen payload, lib/jwt.ts), made once
// per token instead of once per request.
const claimsJson = new WeakMap<object, string>()

function jsonOfClaims(claims: Record<string, unknown>): string {
  if (!Object.isFrozen(claims)) return JSON.stringify(claims)
  let json = claimsJson.get(claims)
  if (json === undefined) {
    json = JSON.stringify(claims)
    claimsJson.set(claims, json)
  }
  return json
}

// As Supabase configures its API roles; SET ROLE does not apply per-role settings, so it is set here.
const statementTimeout: Record<DbRole, string> = { anon: '3s', authenticated: '8s', service_role: '0' }

export function withRequestContext<T>(db: Database, context: RequestContext, fn: (tx: Queryable) => Promise<T>) {
  const settings: [string, string][] = [
    ['role', context.role],
    ['request.jwt.claims', jsonOfClaims(context.claims)],
    ['request.jwt.claim.sub', typeof context.claims.sub === 'string' ? context.claims.sub : ''],
    ['request.jwt.claim.role', context.role],
    ['request.method', context.method ?? ''],
    ['request.path', context.path ?? ''],
    ['request.headers', JSON.stringify(context.headers ?? {})],
    ['statement_timeout', statementTimeout[context.role]],
  ]
  // The same as `set transaction read only`: allowed here, before the transaction's first query.
  // A staff member's preview of a client's portal writes nothing, whatever it calls (0022). Off is
  // what every transaction starts with, so it is only sent when on.
  if (context.readOnly || (context.previewReadOnly !== false && isViewAs(context.claims)))
    settings.push(['transaction_read_only', 'on'])
  return db.transaction(fn, settings, { retryable: context.retryable ?? false })
}
