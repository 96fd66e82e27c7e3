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
import { callSql, resolveFunction } from '../rpc'
import type { SchemaCache } from '../schema-cache'

function requestArgs(request: RestRequest): Record<string, unknown> {
  if (request.method !== 'POST') return Object.fromEntries(request.query.args)
  const body = request.body ?? {}
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw restErrors.invalidBody('The arguments of a function call must be a JSON object')
  }
  return body as Record<string, unknown>
}

export function prepareRpc(cache: SchemaCache, request: RestRequest): Prepared {
  const args = requestArgs(request)
  const fn = resolveFunction(cache, request.target, Object.keys(args), request.method === 'POST')
  const params = new SqlParams()
  const call = callSql(fn, args, params)
  const head = request.method === 'HEAD'
  const count = request.prefs.count !== undefined

  if (fn.kind === 'composite') {
    const root = planRead(cache, cache.functionRelation(fn), request.query)
    applyRange(root, request.range)
    // A function returning one row answers an object, like single() would.
    const single = request.media.single || !fn.returnsSet
    // The call runs once, as a CTE, even when the total is counted too.
    const read = readSql(root, params, {
      source: '_call',
      count,
      single,
      stripNulls: request.media.stripNulls,
      noBody: head,
      maxRows,
    })
    const sql = `with _call as (select * from ${call}) ${read}`
    const asRead = { ...request, media: { ...request.media, single } }
    const name = cache.statementName(sql)
    return async (tx) => ({
      ...readResult(asRead, root, await queryPage(tx, sql, params.values, name)),
      single: request.media.single,
    })
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
  const sql = `with _call as (select f.v from ${call} as f(v)) select ${total} as total, count(*)::int as page_rows, ${head ? 'null' : `${body}::text`} as body from (${page}) as s`
  const name = cache.statementName(sql)
  return async (tx) => {
    const page = await queryPage(tx, sql, params.values, name)
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
