// A read plan as one SQL statement that returns the response body already serialized by PostgreSQL
// (so timestamps, numerics and json come out exactly as Postgres writes them), the page's row count
// and, when asked, the total. Embeds are lateral joins: to-one → object, to-many → json_agg array.
import type { EmbedNode, ReadNode } from '../plan/types'
import { columnExpr, filterSql, logicSql, orderSql } from './conditions'
import { ident, jsonObject, qualified, rowOf, SqlParams } from './sql'

interface NodeParts {
  pairs: Array<[string, string]>
  /** Indexes of the pairs whose value is an embed's JSON. */
  embedded: Set<number>
  /** Lateral joins; `filtering` ones also decide which rows exist (needed for counting). */
  joins: Array<{ sql: string; filtering: boolean }>
  where: string[]
  orderBy: string[]
}

function nodeParts(node: ReadNode, params: SqlParams, extraWhere: string[] = [], withFilters = true): NodeParts {
  const parts: NodeParts = { pairs: [], embedded: new Set(), joins: [], where: [...extraWhere], orderBy: [] }
  const embedValues = new Map<EmbedNode, Array<[string, string]>>()
  for (const embed of node.embeds) {
    const nullFiltered = node.embedNullFilters.some((filter) => filter.embed === embed)
    const { sql, pairs } = lateralJoin(node.alias, embed, params)
    parts.joins.push({ sql, filtering: embed.inner || nullFiltered })
    embedValues.set(embed, pairs)
  }
  for (const field of node.fields) {
    if (field.kind === 'column') {
      const expr = columnExpr(node.alias, field.ref, params)
      parts.pairs.push([params.text(field.key), field.cast ? `(${expr})::${field.cast}` : expr])
    } else if (field.kind === 'count') {
      parts.pairs.push([params.text(field.key), 'count(*)'])
    } else if (field.embed.spread) {
      parts.pairs.push(...(embedValues.get(field.embed) ?? []))
    } else {
      parts.embedded.add(parts.pairs.length)
      parts.pairs.push([params.text(field.key), embedValues.get(field.embed)?.[0]?.[1] ?? 'null'])
    }
  }
  if (withFilters) {
    for (const filter of node.filters) parts.where.push(filterSql(node.alias, filter, params))
    for (const tree of node.logic) parts.where.push(logicSql(node.alias, tree, params))
  }
  for (const { embed, isNull } of node.embedNullFilters) {
    parts.where.push(`${embed.lateral}.${embed.spread ? '_present' : 'j'} ${isNull ? 'is null' : 'is not null'}`)
  }
  // A count is one aggregated row: there is nothing to order.
  if (!node.fields.some((field) => field.kind === 'count')) {
    for (const term of node.order) parts.orderBy.push(orderSql(node.alias, term, params))
  }
  return parts
}

function tail(parts: NodeParts, limit?: string, offset?: string): string {
  const where = parts.where.length > 0 ? ` where ${parts.where.join(' and ')}` : ''
  const order = parts.orderBy.length > 0 ? ` order by ${parts.orderBy.join(', ')}` : ''
  return `${parts.joins.map((join) => ` ${join.sql}`).join('')}${where}${order}${limit ? ` limit ${limit}` : ''}${offset ? ` offset ${offset}` : ''}`
}

function limits(node: ReadNode, params: SqlParams) {
  return {
    limit: node.limit === undefined ? undefined : params.typed(node.limit, 'bigint'),
    offset: node.offset === undefined ? undefined : params.typed(node.offset, 'bigint'),
  }
}

/** The lateral join for an embed, and the (key, value) pairs it contributes to its parent's object. */
function lateralJoin(parentAlias: string, embed: EmbedNode, params: SqlParams) {
  const child = embed.node
  const joinOn = embed.relationship.pairs.map(
    (pair) => `${child.alias}.${ident(pair.target)} = ${parentAlias}.${ident(pair.source)}`,
  )
  const parts = nodeParts(child, params, joinOn)
  const via = embed.relationship.via
  // A computed relationship reads the rows its function returns for the parent row.
  const from = via
    ? `from ${qualified(via.fn)}(${rowOf(
        parentAlias,
        via.source.name,
        via.source.columns.map((column) => column.name),
      )}) as ${child.alias}`
    : `from ${qualified(child.relation.name)} as ${child.alias}`
  const kind = embed.inner ? 'inner' : 'left'
  const { limit, offset } = limits(child, params)
  if (embed.spread) {
    const columns = parts.pairs.map(([, expr], i) => `${expr} as c${i}`)
    const sql = `${kind} join lateral (select true as _present${columns.map((column) => `, ${column}`).join('')} ${from}${tail(parts, limit, offset)}) as ${embed.lateral} on true`
    return { sql, pairs: parts.pairs.map(([key], i): [string, string] => [key, `${embed.lateral}.c${i}`]) }
  }
  const row = `select ${jsonObject(parts.pairs)} as j ${from}${tail(parts, limit, offset)}`
  if (embed.toOne) {
    return {
      sql: `${kind} join lateral (${row}) as ${embed.lateral} on true`,
      pairs: [['', `${embed.lateral}.j`] as [string, string]],
    }
  }
  const many = `(select json_agg(s.j) as j from (${row}) as s) as ${embed.lateral}`
  const on = embed.inner ? `${embed.lateral}.j is not null` : 'true'
  return {
    sql: `${kind} join lateral ${many} on ${on}`,
    pairs: [['', `coalesce(${embed.lateral}.j, '[]'::json)`] as [string, string]],
  }
}

export interface ReadOptions {
  /** The FROM item for the root: a table, a data-modifying CTE's name, or a function call. */
  source: string
  count: boolean
  single: boolean
  stripNulls: boolean
  /** No body is needed (HEAD, or a write that returns nothing). */
  noBody: boolean
  /** max_rows: the root never returns more rows than this. */
  maxRows?: number
  /** Root filters and order only (writes already filtered their rows). */
  rootFilters?: boolean
  /** Count no further than this many rows (count=estimated's exact part). */
  countLimit?: number
  /** A CSV body (`Accept: text/csv`) instead of JSON. */
  csv?: boolean
}

/**
 * PostgREST's CSV: the keys joined by commas (only when there are rows), a newline, then each row
 * as PostgreSQL writes a record without its parentheses (quoting, doubled quotes, empty NULLs).
 * `r.j` is the page's row, `row(…)` of its values.
 */
export function csvBody(keys: string[]): string {
  const header = keys.length > 0 ? `concat_ws(',', ${keys.join(', ')})` : `''`
  return `(case when count(*) > 0 then ${header} else '' end || chr(10) || coalesce(string_agg(substring(r.j::text, 2, length(r.j::text) - 2), chr(10)), ''))`
}

/** One statement answering `total` (text or null), `page_rows` and `body` (JSON text or null). */
export function readSql(root: ReadNode, params: SqlParams, options: ReadOptions): string {
  const parts = nodeParts(root, params, [], options.rootFilters !== false)
  const from = ` from ${options.source} as ${root.alias}`
  const requested = root.limit ?? options.maxRows
  const cap = options.maxRows === undefined ? requested : Math.min(requested ?? options.maxRows, options.maxRows)
  const limit = cap === undefined ? undefined : params.typed(cap, 'bigint')
  const offset = root.offset === undefined ? undefined : params.typed(root.offset, 'bigint')
  // In CSV an embed is written as PostgREST writes it, as jsonb text.
  const values = parts.pairs.map(([, expr], i) => (parts.embedded.has(i) ? `(${expr})::jsonb` : expr))
  // Without a body (HEAD) the keys bound for the CSV header would be left untyped: JSON then.
  const csv = options.csv && !options.noBody
  const row = csv ? `row(${values.join(', ')})` : jsonObject(parts.pairs)
  const page = `select ${row} as j${from}${tail(parts, limit, offset)}`
  const counted = { ...parts, joins: parts.joins.filter((join) => join.filtering), orderBy: [] }
  const countCap = options.countLimit === undefined ? undefined : params.typed(options.countLimit, 'bigint')
  const total = !options.count
    ? 'null::text'
    : countCap === undefined
      ? `(select count(*)${from}${tail(counted)})::text`
      : `(select count(*) from (select 1${from}${tail(counted, countCap)}) as c)::text`
  let body = options.single ? `(json_agg(r.j) -> 0)` : `coalesce(json_agg(r.j), '[]'::json)`
  if (options.stripNulls) body = `json_strip_nulls(${body})`
  if (csv) body = csvBody(parts.pairs.map(([key]) => key))
  return `select ${total} as total, count(*)::int as page_rows, ${options.noBody ? 'null' : `${body}::text`} as body from (${page}) as r`
}

/**
 * The rows a read counts (its filters and filtering joins, no page), as `select 1 …` for EXPLAIN:
 * `count=planned` reads PostgreSQL's estimate from the plan instead of counting. Every parameter is
 * bound as text, so an unused CTE naming them all lets PostgreSQL type those the query skips.
 */
export function countedRowsSql(root: ReadNode, source: string): { sql: string; values: unknown[] } {
  const params = new SqlParams()
  const parts = nodeParts(root, params)
  const counted = { ...parts, joins: parts.joins.filter((join) => join.filtering), orderBy: [] }
  const query = `select 1 from ${source} as ${root.alias}${tail(counted)}`
  const declared = params.values.map((_, i) => `$${i + 1}::text`)
  const prefix = declared.length > 0 ? `with _params as (select ${declared.join(', ')}) ` : ''
  return { sql: `${prefix}${query}`, values: params.values }
}
