// GET and HEAD /rest/v1/<table>: one statement that filters, orders, pages, embeds and serializes.
import type { Queryable } from '../../db/database'
import { countedRowsSql, readSql } from '../build/select-sql'
import { qualified, SqlParams } from '../build/sql'
import { restErrors } from '../errors'
import { explainPrepared } from '../explain'
import { closest } from '../fuzzy'
import { planRead } from '../plan/read-plan'
import { requireValidPreferences } from '../prefer'
import {
  applyRange,
  maxRows,
  queryPage,
  readResult,
  requireAcceptable,
  type Prepared,
  type RestRequest,
} from '../request'
import type { Relation, SchemaCache } from '../schema-cache'

export function requireRelation(cache: SchemaCache, name: string): Relation {
  const relation = cache.relations.get(name)
  if (!relation) throw restErrors.tableNotFound(name, closest(name, cache.relations.keys(), 0.75))
  return relation
}

export function prepareRead(cache: SchemaCache, request: RestRequest): Prepared {
  const relation = requireRelation(cache, request.target)
  const root = planRead(cache, relation, request.query, request)
  // PostgREST's order once a read is planned: the media type, then the preferences.
  requireAcceptable(request)
  requireValidPreferences(request.prefs)
  applyRange(root, request.range)
  const mode = request.prefs.count
  const statement = (count: boolean, countLimit?: number) => {
    const params = new SqlParams()
    const sql = readSql(root, params, {
      source: qualified(relation.name),
      count,
      countLimit,
      single: request.media.single,
      stripNulls: request.media.stripNulls,
      csv: request.media.csv,
      noBody: request.method === 'HEAD',
      maxRows,
    })
    return { sql, values: params.values, name: cache.statementName(sql) }
  }
  if (request.media.plan) {
    const { sql, values } = statement(mode === 'exact' || mode === 'estimated')
    return explainPrepared(request.media.plan, sql, values)
  }
  if (mode !== 'planned' && mode !== 'estimated') {
    const { sql, values, name } = statement(mode === 'exact')
    return async (tx) => readResult(request, root, await queryPage(tx, sql, values, name))
  }
  // planned: PostgreSQL's estimate (EXPLAIN). estimated: an exact count stopped at max_rows + 1;
  // within max_rows that is the total, beyond it the larger of it and the estimate (PostgREST's rule).
  const counted = countedRowsSql(root, qualified(relation.name))
  const { sql, values, name } = mode === 'estimated' ? statement(true, maxRows + 1) : statement(false)
  return async (tx) => {
    const page = await queryPage(tx, sql, values, name)
    const exact = page.total === null ? undefined : Number(page.total)
    const total = exact !== undefined && exact <= maxRows ? exact : Math.max(exact ?? 0, await plannedRows(tx, counted))
    return readResult(request, root, { ...page, total: String(total) })
  }
}

/** PostgreSQL's estimate of the rows a query returns: the top plan node's `Plan Rows`. */
async function plannedRows(tx: Queryable, query: { sql: string; values: unknown[] }): Promise<number> {
  const { rows } = await tx.query<Record<string, unknown>>(`explain (format json) ${query.sql}`, query.values)
  const raw = rows[0]?.['QUERY PLAN']
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan?: { 'Plan Rows'?: number } }>
  return Math.round(plan[0]?.Plan?.['Plan Rows'] ?? 0)
}
