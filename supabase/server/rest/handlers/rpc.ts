// POST and GET /rest/v1/rpc/<fn>: named arguments from the JSON body or the query string. Functions
// returning rows read like a table (select, filters, order, limits, embeds); scalars come back bare,
// sets of scalars as arrays, and void as 204.
import { csvBody, readSql } from '../build/select-sql'
import { SqlParams } from '../build/sql'
import { restErrors } from '../errors'
import { explainPrepared } from '../explain'
import { planRead } from '../plan/read-plan'
import { preferenceApplied, requireValidPreferences } from '../prefer'
import {
  applyRange,
  maxRows,
  queryPage,
  readResult,
  requireAcceptable,
  type Prepared,
  type RestRequest,
} from '../request'
import { contentRange, rangeStatus } from '../response'
import { callSql, callWholeBodySql, resolveFunction, takesWholeBody, type RpcBodyKind } from '../rpc'
import type { SchemaCache } from '../schema-cache'

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)

function requestArgs(request: RestRequest): Record<string, unknown> | undefined {
  if (request.method !== 'POST') return Object.fromEntries(request.query.args)
  const body = request.body ?? {}
  return isObject(body) ? body : undefined
}

export function prepareRpc(cache: SchemaCache, request: RestRequest): Prepared {
  const args = requestArgs(request)
  const kind: RpcBodyKind = request.method !== 'POST' ? 'none' : (request.rawBody?.type ?? 'json')
  // A JSON body that is not an object (an array, a string) can only go whole to an unnamed parameter.
  const fn = resolveFunction(cache, request.target, args && Object.keys(args), kind)
  if (!takesWholeBody(fn) && args === undefined)
    throw restErrors.invalidBody('The arguments of a function call must be a JSON object')
  const params = new SqlParams()
  const bodyText = request.rawBody?.text ?? JSON.stringify(request.body ?? {})
  const call = takesWholeBody(fn) ? callWholeBodySql(fn, bodyText, params) : callSql(fn, args ?? {}, params)
  const head = request.method === 'HEAD'
  const count = request.prefs.count !== undefined
  // handling=strict with max-affected: the rows the function returned after the URL's filters
  // (PGRST124, the call undone); a function returning no set cannot be bounded (PGRST128).
  const maxAffected = request.prefs.handling === 'strict' ? request.prefs.maxAffected : undefined
  // Planned as PostgREST plans a call: the function's rows first, then the preferences.
  const root = fn.kind === 'composite' ? planRead(cache, cache.functionRelation(fn), request.query, request) : undefined
  requireAcceptable(request)
  requireValidPreferences(request.prefs)
  if (maxAffected !== undefined && !fn.returnsSet) throw restErrors.maxAffectedSingle()
  const applied = preferenceApplied(request.prefs, 'rpc')
  const withApplied = (headers: Record<string, string>) =>
    applied ? { ...headers, 'Preference-Applied': applied } : headers
  const checkAffected = (rows: number) => {
    if (maxAffected !== undefined && rows > maxAffected) throw restErrors.maxAffected(rows)
  }

  if (root) {
    applyRange(root, request.range)
    // A function returning one row answers an object, or null once the URL's filters remove it;
    // it counts as exactly one row, so single() never refuses it (PostgREST's rule).
    const oneRow = !fn.returnsSet
    const single = request.media.single || oneRow
    const read = readSql(root, params, {
      source: '_call',
      count,
      single,
      stripNulls: request.media.stripNulls,
      csv: request.media.csv,
      noBody: head,
      maxRows,
    })
    // The call runs once, as a CTE, even when the total is counted too.
    const sql = `with _call as (select * from ${call}) ${read}`
    if (request.media.plan) return explainPrepared(request.media.plan, sql, params.values)
    const name = cache.statementName(sql)
    return async (tx) => {
      const page = await queryPage(tx, sql, params.values, name)
      checkAffected(page.page_rows)
      if (oneRow) {
        const headers = withApplied({ 'Content-Range': contentRange(0, 1, count ? 1 : undefined) })
        return { status: 200, body: head ? undefined : (page.body ?? 'null'), headers }
      }
      return readResult(request, root, page, 'rpc')
    }
  }

  if (fn.kind === 'void') {
    if (request.media.plan) return explainPrepared(request.media.plan, `select ${call}`, params.values)
    return async (tx) => {
      await tx.query(`select ${call}`, params.values)
      return { status: 204, headers: withApplied({}) }
    }
  }

  // In CSV a scalar is one column named as PostgREST's call names it.
  const scalarKey = `'pgrst_scalar'::text`
  if (!fn.returnsSet) {
    const body = request.media.csv
      ? `(select ${csvBody([scalarKey])} from (select row(${call}) as j) as r)`
      : `coalesce(to_json(${call})::text, 'null')`
    const sql = `select null::text as total, 1 as page_rows, ${body} as body`
    if (request.media.plan) return explainPrepared(request.media.plan, sql, params.values)
    const name = cache.statementName(sql)
    return async (tx) => {
      const page = await queryPage(tx, sql, params.values, name)
      return {
        status: 200,
        body: page.body ?? 'null',
        headers: withApplied({ 'Content-Range': contentRange(0, 1, count ? 1 : undefined) }),
      }
    }
  }

  // A set of scalars: an array, paged by limit/offset.
  const limit = params.typed(Math.min(rootLimit(request) ?? maxRows, maxRows), 'bigint')
  const offset = params.typed(rootOffset(request), 'bigint')
  const total = count ? `(select count(*) from _call)::text` : 'null::text'
  const body = request.media.csv
    ? csvBody([scalarKey])
    : request.media.single
      ? `(json_agg(r.v) -> 0)`
      : `coalesce(json_agg(r.v), '[]'::json)`
  const page = `select _call.v, row(_call.v) as j from _call limit ${limit} offset ${offset}`
  const read = `select ${total} as total, count(*)::int as page_rows, ${head ? 'null' : `${body}::text`} as body from (${page}) as r`
  const sql = `with _call as (select f.v from ${call} as f(v)) ${read}`
  if (request.media.plan) return explainPrepared(request.media.plan, sql, params.values)
  const name = cache.statementName(sql)
  return async (tx) => {
    const page = await queryPage(tx, sql, params.values, name)
    checkAffected(page.page_rows)
    if (request.media.single && page.page_rows !== 1) throw restErrors.singular(page.page_rows)
    const totalRows = page.total === null ? undefined : Number(page.total)
    const headers: Record<string, string> = {
      'Content-Range': contentRange(rootOffset(request), page.page_rows, totalRows),
    }
    if (applied) headers['Preference-Applied'] = applied
    const status = request.media.single ? 200 : rangeStatus(page.page_rows, totalRows)
    return { status, body: page.body ?? undefined, headers }
  }
}

function rootLimit(request: RestRequest): number | undefined {
  return request.query.limits.find((entry) => entry.path.length === 0)?.limit ?? request.range?.limit
}

function rootOffset(request: RestRequest): number {
  return request.query.limits.find((entry) => entry.path.length === 0)?.offset ?? request.range?.offset ?? 0
}
