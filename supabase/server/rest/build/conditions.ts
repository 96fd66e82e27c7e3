// Filters, logic trees and order terms as SQL: operators come from a fixed table, every value is
// a bound parameter whose type PostgreSQL infers from the column it is compared with.
import { ftsOperators, simpleOperators, type Operation } from '../parse/ast'
import type { ColumnRef, ResolvedFilter, ResolvedLogic, ResolvedOrder } from '../plan/types'
import { ident, jsonPath, qualified, rowOf, type SqlParams } from './sql'

/** A column of the table aliased `alias`, followed by its JSON path if any. */
export function columnExpr(alias: string, ref: ColumnRef, params: SqlParams, comparing = false): string {
  const computed = ref.column.computed
  let base = computed
    ? `${qualified(computed.fn)}(${rowOf(alias, computed.table, computed.columns)})`
    : `${alias}.${ident(ref.column.name)}`
  // `json` has no equality operator; compare JSON path results as jsonb, as PostgREST users expect.
  if (comparing && ref.path.length > 0 && ref.column.typname === 'json') base = `${base}::jsonb`
  return jsonPath(base, ref.path, params)
}

/** The type a filter's value is read as: the column's, or what its JSON path yields. */
function operandType(ref: ColumnRef): string {
  const last = ref.path[ref.path.length - 1]
  if (!last) return ref.column.type
  return last.arrow === '->>' ? 'text' : 'jsonb'
}

const textOperators = new Set(['like', 'ilike', 'match', 'imatch'])

const isSql = {
  null: 'is null',
  not_null: 'is not null',
  true: 'is true',
  false: 'is false',
  unknown: 'is unknown',
} as const

function operationSql(expr: string, operation: Operation, ref: ColumnRef, params: SqlParams): string {
  switch (operation.kind) {
    case 'is':
      return `${expr} ${isSql[operation.value]}`
    case 'in':
      if (operation.values.length === 0) return 'false'
      return `${expr} in (${operation.values.map((value) => params.typed(value, operandType(ref))).join(', ')})`
    case 'fts': {
      const config = operation.config === undefined ? '' : `${params.typed(operation.config, 'regconfig')}, `
      const vector = ref.column.typname === 'tsvector' && ref.path.length === 0 ? expr : `to_tsvector(${config}${expr})`
      return `${vector} @@ ${ftsOperators[operation.op]}(${config}${params.text(operation.value)})`
    }
    case 'op': {
      const sqlOp = simpleOperators[operation.op]
      const like = operation.op === 'like' || operation.op === 'ilike'
      const type = textOperators.has(operation.op) ? 'text' : operandType(ref)
      const bind = (value: string) => params.typed(like ? value.replace(/\*/g, '%') : value, type)
      if (!operation.quantifier) return `${expr} ${sqlOp} ${bind(operation.value)}`
      const values = operation.values ?? []
      if (values.length === 0) return operation.quantifier === 'any' ? 'false' : 'true'
      const joiner = operation.quantifier === 'any' ? ' or ' : ' and '
      return `(${values.map((value) => `${expr} ${sqlOp} ${bind(value)}`).join(joiner)})`
    }
  }
}

export function filterSql(alias: string, filter: ResolvedFilter, params: SqlParams): string {
  const expr = columnExpr(alias, filter.target, params, true)
  const sql = operationSql(expr, filter.operation, filter.target, params)
  return filter.negate ? `not (${sql})` : sql
}

export function logicSql(alias: string, tree: ResolvedLogic, params: SqlParams): string {
  if (tree.kind === 'filter') return filterSql(alias, tree.filter, params)
  const joined = `(${tree.children.map((child) => logicSql(alias, child, params)).join(` ${tree.op} `)})`
  return tree.negate ? `not ${joined}` : joined
}

export function orderSql(alias: string, term: ResolvedOrder, params: SqlParams): string {
  let expr: string
  if (term.embed) {
    // A to-one embed's column, looked up through the same foreign key the embed follows.
    const child = term.embed.node.alias
    const join = term.embed.relationship.pairs.map(
      (pair) => `${child}.${ident(pair.target)} = ${alias}.${ident(pair.source)}`,
    )
    const value = columnExpr(child, term.target, params)
    const via = term.embed.relationship.via
    const from = via
      ? `${qualified(via.fn)}(${rowOf(
          alias,
          via.source.name,
          via.source.columns.map((column) => column.name),
        )})`
      : qualified(term.embed.relationship.target.name)
    const where = join.length > 0 ? ` where ${join.join(' and ')}` : ''
    expr = `(select ${value} from ${from} as ${child}${where} limit 1)`
  } else {
    expr = columnExpr(alias, term.target, params)
  }
  const direction = term.direction === 'desc' ? ' desc' : ' asc'
  const nulls = term.nulls === 'first' ? ' nulls first' : term.nulls === 'last' ? ' nulls last' : ''
  return `${expr}${direction}${nulls}`
}
