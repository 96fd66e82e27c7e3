// GET and HEAD /rest/v1/<table>: one statement that filters, orders, pages, embeds and serializes.
import { readSql } from '../build/select-sql'
import { qualified, SqlParams } from '../build/sql'
import { restErrors } from '../errors'
import { closest } from '../fuzzy'
import { planRead } from '../plan/read-plan'
import { applyRange, maxRows, queryPage, readResult, type Prepared, type RestRequest } from '../request'
import type { Relation, SchemaCache } from '../schema-cache'

export function requireRelation(cache: SchemaCache, name: string): Relation {
  const relation = cache.relations.get(name)
  if (!relation) throw restErrors.tableNotFound(name, closest(name, cache.relations.keys(), 0.75))
  return relation
}

export function prepareRead(cache: SchemaCache, request: RestRequest): Prepared {
  const relation = requireRelation(cache, request.target)
  const root = planRead(cache, relation, request.query)
  applyRange(root, request.range)
  const params = new SqlParams()
  const sql = readSql(root, params, {
    source: qualified(relation.name),
    count: request.prefs.count !== undefined,
    single: request.media.single,
    stripNulls: request.media.stripNulls,
    noBody: request.method === 'HEAD',
    maxRows,
  })
  const name = cache.statementName(sql)
  return async (tx) => readResult(request, root, await queryPage(tx, sql, params.values, name))
}
