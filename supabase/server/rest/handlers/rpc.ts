// POST and GET /rest/v1/rpc/<fn>: named arguments from the JSON body or the query string. Functions
// returning rows read like a table (select, filters, order, limits, embeds); scalars come back bare,
// sets of scalars as arrays, and void as 204.
import { readSql } from '../build/select-sql'
import { SqlParams } from '../build/sql'
import { restErrors } from '../errors'
import { planRead } from '../plan/read-plan'
import { preferenceApplied } from '../prefer'
import { applyRange, maxRows, queryPage, readResult, type Prepared, type RestRequest } from '../request'
import { contentRange, rangeStatus } from '../response'
import { callSql, callWholeBodySql, resolveFunction } from '../rpc'
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
  const post = request.method === 'POST'
  const { fn, wholeBody } = resolveFunction(cache, request.target, Object.keys(args ?? {}), post, args !== undefined)
  if (!wholeBody && args === undefined)
    throw restErrors.invalidBody('The arguments of a function call must be a JSON object')
  const params = new SqlParams()
  const call = wholeBody ? callWholeBodySql(fn, request.body, params) : callSql(fn, args ?? {}, params)
  const head = request.method === 'HEAD'
  const count = request.prefs.count !== undefined
  // handling=strict with max-affected: every row the function returned counts (PGRST124) and the
  // call is undone. Counted in the same statement from the CTE, so the function runs once.
  const maxAffected = request.prefs.handling === 'strict' ? request.prefs.maxAffected : undefined
  const counted = (cte: string, read: string) =>
    maxAffected === undefined
      ? `${cte} ${read}`
      : `${cte} select q.*, (select count(*) from _call)::int as affected from (${read}) as q`
  const checkAffected = (affected: number) => {
    if (maxAffected !== undefined && affected > maxAffected) throw restErrors.maxAffected(affected)
  }

  if (fn.kind === 'composite') {
    const root = planRead(cache, cache.functionRelation(fn), request.query)
    applyRange(root, request.range)
    // A function returning one row answers an object, like single() would; filtered to nothing it
    // answers null, as PostgREST's `coalesce(json_agg(...) -> 0, 'null')` does.
    const oneRow = !fn.returnsSet && !request.media.single
    const single = request.media.single || oneRow
    const read = readSql(root, params, {
      source: '_call',
      count,
      single,
      stripNulls: request.media.stripNulls,
      noBody: head,
      maxRows,
    })
    // The call runs once, as a CTE, even when the total is counted too.
    const sql = counted(`with _call as (select * from ${call})`, read)
    const name = cache.statementName(sql)
    return async (tx) => {
      const page = await queryPage(tx, sql, params.values, name)
      checkAffected(page.affected ?? 0)
      if (oneRow && page.page_rows === 0)
        return { status: 200, body: head ? undefined : 'null', headers: { 'Content-Range': '*/*' } }
      const asRead = { ...request, media: { ...request.media, single } }
      return { ...readResult(asRead, root, page), single: request.media.single }
    }
  }

  if (fn.kind === 'void') {
    return async (tx) => {
      await tx.query(`select ${call}`, params.values)
      return { status: 204, headers: {} }
    }
  }

  if (!fn.returnsSet) {
    const sql = `select null::text as total, 1 as page_rows, coalesce(to_json(${call})::text, 'null') as body`
    const name = cache.statementName(sql)
    return async (tx) => {
      checkAffected(1)
      const page = await queryPage(tx, sql, params.values, name)
      return {
        status: 200,
        body: page.body ?? 'null',
        headers: { 'Content-Range': contentRange(0, 1, count ? 1 : undefined) },
      }
    }
  }

  // A set of scalars: an array, paged by limit/offset.
  const limit = params.typed(Math.min(rootLimit(request) ?? maxRows, maxRows), 'bigint')
  const offset = params.typed(rootOffset(request), 'bigint')
  const total = count ? `(select count(*) from _call)::text` : 'null::text'
  const body = request.media.single ? `(json_agg(s.v) -> 0)` : `coalesce(json_agg(s.v), '[]'::json)`
  const page = `select _call.v from _call limit ${limit} offset ${offset}`
  const read = `select ${total} as total, count(*)::int as page_rows, ${head ? 'null' : `${body}::text`} as body from (${page}) as s`
  const sql = counted(`with _call as (select f.v from ${call} as f(v))`, read)
  const name = cache.statementName(sql)
  return async (tx) => {
    const page = await queryPage(tx, sql, params.values, name)
    checkAffected(page.affected ?? 0)
    if (request.media.single && page.page_rows !== 1) throw restErrors.singular(page.page_rows)
    const totalRows = page.total === null ? undefined : Number(page.total)
    const headers: Record<string, string> = {
      'Content-Range': contentRange(rootOffset(request), page.page_rows, totalRows),
    }
    const applied = preferenceApplied(request.prefs, ['count'])
    if (applied) headers['Preference-Applied'] = applied
    const status = request.media.single ? 200 : rangeStatus(page.page_rows, totalRows)
    return { status, body: page.body ?? undefined, headers, single: request.media.single }
  }
}

function rootLimit(request: RestRequest): number | undefined {
  return request.query.limits.find((entry) => entry.path.length === 0)?.limit ?? request.range?.limit
}

function rootOffset(request: RestRequest): number {
  return request.query.limits.find((entry) => entry.path.length === 0)?.offset ?? request.range?.offset ?? 0
}
