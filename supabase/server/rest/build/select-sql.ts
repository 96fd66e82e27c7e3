// A read plan as one SQL statement that returns the response body already serialized by PostgreSQL
// (so timestamps, numerics and json come out exactly as Postgres writes them), the page's row count
// and, when asked, the total. Embeds are lateral joins: to-one → object, to-many → json_agg array.
import type { Aggregate, EmbedNode, ReadNode } from '../plan/types'
import { columnExpr, filterSql, logicSql, orderSql } from './conditions'
import { ident, jsonObject, qualified, rowOf, SqlParams } from './sql'

/** One key of a node's JSON object (or one CSV column) and the SQL of its value. */
interface Pair {
  /** The key's placeholder. */
  key: string
  expr: string
  /**
   * An aggregate not applied yet: a to-one spread's aggregates are taken over its parent's groups
   * (PostgREST hoists them), so the spread hands its values up and the first node that is not a
   * spread applies the function.
   */
  pending?: Aggregate
  /** The value is an aggregate's result: never a group term. */
  aggregated?: boolean
  /** What the node groups by for this value, when it groups (PostgREST: the bare column unless aliased). */
  group?: string
  /** The value is an embed's JSON. */
  embedded?: boolean
  /** PostgREST's legacy `count` field: alone in its select, so nothing to group. */
  legacyCount?: boolean
}

interface NodeParts {
  pairs: Pair[]
  /** Lateral joins; `filtering` ones also decide which rows exist (needed for counting). */
  joins: Array<{ sql: string; filtering: boolean }>
  where: string[]
  groupBy: string[]
  orderBy: string[]
}

const applyAggregate = (aggregate: Aggregate, expr: string) => {
  const call = `${aggregate.fn}(${expr})`
  return aggregate.cast ? `(${call})::${aggregate.cast}` : call
}

/**
 * A node's keys and values, joins, filters, groups and order. `hoist`: the node is a to-one
 * spread, whose aggregates its parent applies; any other node applies them itself and then groups
 * by its other values (embeds as jsonb, which has equality), as PostgREST does.
 */
function nodeParts(
  node: ReadNode,
  params: SqlParams,
  extraWhere: string[] = [],
  withFilters = true,
  hoist = false,
): NodeParts {
  const parts: NodeParts = { pairs: [], joins: [], where: [...extraWhere], groupBy: [], orderBy: [] }
  const embedValues = new Map<EmbedNode, Pair[]>()
  for (const embed of node.embeds) {
    const nullFiltered = node.embedNullFilters.some((filter) => filter.embed === embed)
    const { sql, pairs } = lateralJoin(node.alias, embed, params)
    parts.joins.push({ sql, filtering: embed.inner || nullFiltered })
    embedValues.set(embed, pairs)
  }
  for (const field of node.fields) {
    // A spread's own name is no key: its embed's keys are.
    if (field.kind === 'embed' && field.embed.spread) {
      parts.pairs.push(...(embedValues.get(field.embed) ?? []))
      continue
    }
    const key = params.text(field.key)
    if (field.kind === 'column') {
      const bare = columnExpr(node.alias, field.ref, params)
      const expr = field.cast ? `(${bare})::${field.cast}` : bare
      if (!field.aggregate) parts.pairs.push({ key, expr, group: field.aliased ? expr : bare })
      else if (hoist) parts.pairs.push({ key, expr, pending: field.aggregate })
      else parts.pairs.push({ key, expr: applyAggregate(field.aggregate, expr), aggregated: true })
    } else if (field.kind === 'countAll') {
      // In a spread, `count()` counts the joined rows: each one contributes a non-null value.
      if (hoist) parts.pairs.push({ key, expr: 'true', pending: field.aggregate })
      else parts.pairs.push({ key, expr: applyAggregate(field.aggregate, '*'), aggregated: true })
    } else if (field.kind === 'count') {
      parts.pairs.push({ key, expr: 'count(*)', aggregated: true, legacyCount: true })
    } else {
      const expr = embedValues.get(field.embed)?.[0]?.expr ?? 'null'
      parts.pairs.push({ key, expr, group: expr, embedded: true })
    }
  }
  if (!hoist) {
    for (const pair of parts.pairs) {
      if (!pair.pending) continue
      pair.expr = applyAggregate(pair.pending, pair.expr)
      pair.pending = undefined
      pair.aggregated = true
    }
    if (parts.pairs.some((pair) => pair.aggregated && !pair.legacyCount)) {
      for (const pair of parts.pairs) {
        if (pair.aggregated) continue
        if (pair.embedded) pair.expr = `(${pair.expr})::jsonb`
        parts.groupBy.push(pair.embedded ? pair.expr : (pair.group ?? pair.expr))
      }
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
  const group = parts.groupBy.length > 0 ? ` group by ${parts.groupBy.join(', ')}` : ''
  const order = parts.orderBy.length > 0 ? ` order by ${parts.orderBy.join(', ')}` : ''
  return `${parts.joins.map((join) => ` ${join.sql}`).join('')}${where}${group}${order}${limit ? ` limit ${limit}` : ''}${offset ? ` offset ${offset}` : ''}`
}

function limits(node: ReadNode, params: SqlParams) {
  return {
    limit: node.limit === undefined ? undefined : params.typed(node.limit, 'bigint'),
    offset: node.offset === undefined ? undefined : params.typed(node.offset, 'bigint'),
  }
}

const objectOf = (pairs: Pair[]) => jsonObject(pairs.map((pair): [string, string] => [pair.key, pair.expr]))

/**
 * What an embed reads from and how its rows join the parent's row: the target's rows, the rows a
 * computed relationship's function returns, or the target's rows joined to a junction's (an inner
 * join, so the embed's own joins can still reach the target).
 */
function embedSource(parentAlias: string, embed: EmbedNode): { from: string; joinOn: string[] } {
  const child = embed.node
  const { via, junction, pairs } = embed.relationship
  if (via) {
    const row = rowOf(
      parentAlias,
      via.source.name,
      via.source.columns.map((column) => column.name),
    )
    return { from: `from ${qualified(via.fn)}(${row}) as ${child.alias}`, joinOn: [] }
  }
  const target = `from ${qualified(child.relation.name)} as ${child.alias}`
  if (junction && embed.junctionAlias) {
    const alias = embed.junctionAlias
    const toTarget = junction.target.map(
      (pair) => `${alias}.${ident(pair.junction)} = ${child.alias}.${ident(pair.target)}`,
    )
    return {
      from: `${target} join ${qualified(junction.relation.name)} as ${alias} on ${toTarget.join(' and ')}`,
      joinOn: junction.source.map((pair) => `${alias}.${ident(pair.junction)} = ${parentAlias}.${ident(pair.source)}`),
    }
  }
  return {
    from: target,
    joinOn: pairs.map((pair) => `${child.alias}.${ident(pair.target)} = ${parentAlias}.${ident(pair.source)}`),
  }
}

/** The lateral join for an embed, and the pairs it contributes to its parent's object. */
function lateralJoin(parentAlias: string, embed: EmbedNode, params: SqlParams): { sql: string; pairs: Pair[] } {
  const child = embed.node
  const { from, joinOn } = embedSource(parentAlias, embed)
  const toManySpread = embed.spread && !embed.toOne
  const parts = nodeParts(child, params, joinOn, true, embed.spread && embed.toOne)
  const kind = embed.inner ? 'inner' : 'left'
  const { limit, offset } = limits(child, params)
  if (toManySpread) {
    // PostgREST 13: each spread value becomes the array of its values over the embed's rows, in
    // their order; `_present` is null when there are none (for !inner and rel=is.null).
    const columns = parts.pairs.map((pair, i) => `, ${pair.expr} as c${i}`).join('')
    const rows = `select 1 as _row${columns} ${from}${tail(parts, limit, offset)}`
    const arrays = parts.pairs.map((_, i) => `, coalesce(json_agg(s.c${i}), '[]'::json) as c${i}`).join('')
    const on = embed.inner ? `${embed.lateral}._present` : 'true'
    const sql = `${kind} join lateral (select bool_or(true) as _present${arrays} from (${rows}) as s) as ${embed.lateral} on ${on}`
    const pairs = parts.pairs.map(({ key }, i) => {
      const value = `${embed.lateral}.c${i}`
      return { key, expr: value, group: value, embedded: true }
    })
    return { sql, pairs }
  }
  if (embed.spread) {
    const columns = parts.pairs.map((pair, i) => `${pair.expr} as c${i}`)
    const sql = `${kind} join lateral (select true as _present${columns.map((column) => `, ${column}`).join('')} ${from}${tail(parts, limit, offset)}) as ${embed.lateral} on true`
    const value = (i: number) => `${embed.lateral}.c${i}`
    // To the parent each is a plain value of the join, unless an aggregate is still to be applied.
    const pairs = parts.pairs.map(({ key, pending, embedded }, i) => ({
      key,
      expr: value(i),
      group: value(i),
      pending,
      embedded,
    }))
    return { sql, pairs }
  }
  const row = `select ${objectOf(parts.pairs)} as j ${from}${tail(parts, limit, offset)}`
  if (embed.toOne) {
    return {
      sql: `${kind} join lateral (${row}) as ${embed.lateral} on true`,
      pairs: [{ key: '', expr: `${embed.lateral}.j` }],
    }
  }
  const many = `(select json_agg(s.j) as j from (${row}) as s) as ${embed.lateral}`
  const on = embed.inner ? `${embed.lateral}.j is not null` : 'true'
  return {
    sql: `${kind} join lateral ${many} on ${on}`,
    pairs: [{ key: '', expr: `coalesce(${embed.lateral}.j, '[]'::json)` }],
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
  const values = parts.pairs.map((pair) => (pair.embedded ? `(${pair.expr})::jsonb` : pair.expr))
  // Without a body (HEAD) the keys bound for the CSV header would be left untyped: JSON then.
  const csv = options.csv && !options.noBody
  const row = csv ? `row(${values.join(', ')})` : objectOf(parts.pairs)
  const page = `select ${row} as j${from}${tail(parts, limit, offset)}`
  // The total counts the rows the filters keep, not the groups, as PostgREST's count query does.
  const counted = { ...parts, joins: parts.joins.filter((join) => join.filtering), groupBy: [], orderBy: [] }
  const countCap = options.countLimit === undefined ? undefined : params.typed(options.countLimit, 'bigint')
  const total = !options.count
    ? 'null::text'
    : countCap === undefined
      ? `(select count(*)${from}${tail(counted)})::text`
      : `(select count(*) from (select 1${from}${tail(counted, countCap)}) as c)::text`
  let body = options.single ? `(json_agg(r.j) -> 0)` : `coalesce(json_agg(r.j), '[]'::json)`
  if (options.stripNulls) body = `json_strip_nulls(${body})`
  if (csv) body = csvBody(parts.pairs.map((pair) => pair.key))
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
  const counted = { ...parts, joins: parts.joins.filter((join) => join.filtering), groupBy: [], orderBy: [] }
  const query = `select 1 from ${source} as ${root.alias}${tail(counted)}`
  const declared = params.values.map((_, i) => `$${i + 1}::text`)
  const prefix = declared.length > 0 ? `with _params as (select ${declared.join(', ')}) ` : ''
  return { sql: `${prefix}${query}`, values: params.values }
}
