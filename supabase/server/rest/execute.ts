// One REST request from start to end: the caller's JWT, schema profile, query string, headers and
// body are read; the work is prepared against the schema cache (refreshed once if the request names
// something unknown); then it runs in one transaction under the caller's role and claims.
import { isPgError } from '../db/database'
import { databaseHeaders, withRequestContext } from '../db/request-context'
import type { ServerDeps } from '../deps'
import type { Env } from '../env'
import { jsonNestsDeeperThan } from '../lib/json-depth'
import { isViewAs } from '../lib/view-as'
import { identifyCaller } from './auth'
import { suggestsStaleSchema, toRestError } from './db-errors'
import { RestError, restErrors } from './errors'
import { prepareRead } from './handlers/read'
import { prepareRpc } from './handlers/rpc'
import { prepareWrite } from './handlers/write'
import type { ParseLimits } from './parse/limits'
import { parseQuery } from './parse/query'
import { negotiateLater } from './media'
import { withDbConfig } from './db-config'
import { parsePrefer, parseRangeHeader, type Preferences } from './prefer'
import type { Prepared, RawBody, RestMethod, RestRequest } from './request'
import { errorResponse, toResponse, type RestResult } from './response'
import type { SchemaCache } from './schema-cache'
import type { SchemaCacheStore } from './schema-store'

const methods: readonly string[] = ['GET', 'HEAD', 'POST', 'PATCH', 'DELETE']

function requirePublicProfile(method: string, headers: Headers) {
  const profile = headers.get(method === 'GET' || method === 'HEAD' ? 'accept-profile' : 'content-profile')
  if (profile !== null && profile.trim() !== 'public') throw restErrors.unacceptableSchema(profile.trim())
}

export interface RestSettings extends ParseLimits {
  maxJsonDepth: number
  txEnd: Env['REST_DB_TX_END']
  aggregates: boolean
  /** EXPLAIN plans through `Accept: application/vnd.pgrst.plan…` (REST_DB_PLAN_ENABLED). */
  plans: boolean
}

export function restSettings(env: Env): RestSettings {
  return {
    maxEmbedDepth: env.REST_MAX_EMBED_DEPTH,
    maxEmbeds: env.REST_MAX_EMBEDS,
    maxFilterDepth: env.REST_MAX_FILTER_DEPTH,
    maxJsonDepth: env.API_MAX_JSON_DEPTH,
    txEnd: env.REST_DB_TX_END,
    aggregates: env.REST_DB_AGGREGATES_ENABLED,
    plans: env.REST_DB_PLAN_ENABLED,
  }
}

/** Carries a finished answer out of a transaction that must not commit (`tx=rollback`). */
class RolledBack extends Error {
  constructor(readonly result: RestResult) {
    super('rolled back')
  }
}

/** Whether the request's transaction ends in a rollback: the setting, or the request where it may choose. */
function endsInRollback(txEnd: RestSettings['txEnd'], prefs: Preferences): boolean {
  return txEnd.startsWith('rollback') ? prefs.tx !== 'commit' : prefs.tx === 'rollback'
}

// The media types PostgREST passes whole to a function's single unnamed parameter of that type.
const rawRpcTypes: Record<string, RawBody['type']> = {
  'text/plain': 'text',
  'text/xml': 'xml',
  'application/octet-stream': 'bytea',
}

async function readRawRpcBody(raw: Request): Promise<RawBody | undefined> {
  const mediaType = (raw.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? ''
  const type = rawRpcTypes[mediaType]
  if (!type) return undefined
  const bytes = Buffer.from(await raw.arrayBuffer())
  return { type, text: type === 'bytea' ? `\\x${bytes.toString('hex')}` : bytes.toString('utf8') }
}

async function readJsonBody(raw: Request, kind: 'table' | 'rpc', maxDepth: number): Promise<unknown> {
  // Only JSON bodies are understood (and, for rpc, the raw types above); anything else is refused.
  const contentType = raw.headers.get('content-type')
  if (contentType && !/^application\/(json|vnd\.pgrst\.object\+json)\s*(;|$)/i.test(contentType.trim()))
    throw restErrors.unsupportedContentType(contentType)
  const text = await raw.text()
  if (text.trim() === '' && kind === 'rpc') return {}
  if (jsonNestsDeeperThan(text, maxDepth))
    throw restErrors.invalidBody(
      `The JSON body is nested more than ${maxDepth} levels deep (the server's API_MAX_JSON_DEPTH setting)`,
    )
  try {
    return JSON.parse(text) as unknown
  } catch {
    throw restErrors.invalidBody()
  }
}

async function withFreshSchema(store: SchemaCacheStore, prepare: (cache: SchemaCache) => Prepared): Promise<Prepared> {
  try {
    return prepare(await store.get())
  } catch (error) {
    if (!(error instanceof RestError && error.schemaMiss)) throw error
    const fresh = await store.refresh()
    if (!fresh) throw error
    return prepare(fresh)
  }
}

/** `server`: the server's settings, under what the database sets (db-config.ts). */
export async function serveRest(
  deps: ServerDeps,
  store: SchemaCacheStore,
  server: RestSettings,
  raw: Request,
  kind: 'table' | 'rpc',
  target: string,
  clientIp: string,
) {
  const method = raw.method.toUpperCase()
  let authed = false
  let preview = false
  try {
    if (!methods.includes(method)) throw restErrors.unsupportedMethod(method)
    if (kind === 'rpc' && (method === 'PATCH' || method === 'DELETE')) throw restErrors.invalidRpcMethod(method)
    const caller = await identifyCaller(
      deps.keys,
      raw.headers.get('authorization') ?? undefined,
      raw.headers.get('apikey') ?? undefined,
    )
    authed = caller.authed
    requirePublicProfile(method, raw.headers)
    const readOnly = method === 'GET' || method === 'HEAD'
    // A preview writes nothing (0022): refused before any work; an RPC runs in a read-only
    // transaction and its first write is refused below.
    // In Supabase-only mode the SQL decides alone (public.pre_request, which PostgREST calls there).
    preview = isViewAs(caller.claims) && !deps.env.SUPABASE_ONLY
    if (preview && !readOnly && kind !== 'rpc') throw restErrors.viewAsReadOnly()
    const rawBody = kind === 'rpc' && method === 'POST' ? await readRawRpcBody(raw) : undefined
    const query = parseQuery(new URL(raw.url).searchParams, kind, server)
    const { dbConfig } = await store.get()
    const prefer = raw.headers.get('prefer')
    const timezones = prefer?.includes('timezone=') ? await store.timezones() : undefined
    const settings = withDbConfig(server, dbConfig)
    const { media, unacceptable } = negotiateLater(raw.headers.get('accept'), settings.plans)
    const request: RestRequest = {
      method: method as RestMethod,
      target,
      query,
      prefs: parsePrefer(prefer, settings.txEnd.endsWith('-allow-override'), timezones),
      media,
      range: readOnly ? parseRangeHeader(raw.headers.get('range')) : undefined,
      body:
        readOnly || method === 'DELETE' || rawBody ? undefined : await readJsonBody(raw, kind, settings.maxJsonDepth),
      aggregates: settings.aggregates,
      unacceptable,
      rawBody,
    }
    const prepare = kind === 'rpc' ? prepareRpc : readOnly ? prepareRead : prepareWrite
    let preRequest: string | null = null
    const prepared = await withFreshSchema(store, (cache) => {
      preRequest = cache.preRequest
      return prepare(cache, request)
    })
    const context = {
      role: caller.role,
      claims: caller.claims,
      method,
      path: `/${kind === 'rpc' ? 'rpc/' : ''}${target}`,
      headers: databaseHeaders(raw.headers, clientIp),
      readOnly,
      previewReadOnly: !deps.env.SUPABASE_ONLY,
      // Every prepared REST callback (read, insert/update/delete/upsert, rpc) only queries `tx` and
      // builds its answer from the rows: a rolled-back attempt leaves nothing, so it may run again.
      retryable: true,
    }
    const rollback = endsInRollback(settings.txEnd, request.prefs)
    // PostgREST sets the request's time zone, then calls its pre-request function.
    const { timezone } = request.prefs
    const withPreRequest: Prepared =
      preRequest || timezone
        ? async (tx) => {
            if (timezone) await tx.query(`select set_config('timezone', $1, true)`, [timezone])
            if (preRequest) await tx.query(`select ${preRequest}()`)
            return prepared(tx)
          }
        : prepared
    const run: Prepared = rollback
      ? async (tx) => {
          throw new RolledBack(await withPreRequest(tx))
        }
      : withPreRequest
    const result = await withRequestContext(deps.db, context, run).catch((error: unknown) => {
      if (error instanceof RolledBack) return error.result
      throw error
    })
    return toResponse(result, method === 'HEAD', media)
  } catch (error) {
    // Something the cache lists may have been dropped or renamed by a migration.
    if (suggestsStaleSchema(error)) store.markStale()
    if (preview && isPgError(error) && error.code === '25006') return errorResponse(restErrors.viewAsReadOnly())
    return errorResponse(toRestError(error, authed))
  }
}
