// The rows and columns of a write's JSON payload: `columns=` when given, else the payload's keys,
// each checked against the table (PGRST204), with PostgREST's rules for bulk arrays.
import { restErrors } from '../errors'
import { closestColumn } from '../fuzzy'
import type { Relation } from '../schema-cache'

type Row = Record<string, unknown>

const isRow = (value: unknown): value is Row => value !== null && typeof value === 'object' && !Array.isArray(value)

export function payloadColumns(
  relation: Relation,
  body: unknown,
  columnsParam: string[] | undefined,
  allowArray: boolean,
) {
  let rows: Row[]
  if (Array.isArray(body) && allowArray) {
    if (!body.every(isRow)) throw restErrors.invalidBody('All elements of the JSON array must be objects')
    rows = body
  } else if (isRow(body)) {
    rows = [body]
  } else {
    throw restErrors.invalidBody(
      allowArray ? 'The JSON payload must be an object or an array of objects' : 'The JSON payload must be an object',
    )
  }
  let columns: string[]
  if (columnsParam) {
    columns = [...new Set(columnsParam)]
  } else {
    columns = rows.length > 0 ? Object.keys(rows[0] as Row) : []
    const expected = [...columns].sort().join('\u0000')
    if (rows.some((row) => Object.keys(row).sort().join('\u0000') !== expected))
      throw restErrors.invalidBody('All object keys must match')
  }
  for (const column of columns) {
    if (!relation.byName.has(column)) throw restErrors.columnNotFound(relation.name, column)
  }
  return { columns, rows }
}

/** Columns named in a parameter such as `on_conflict`, which PostgreSQL would reject as unknown. */
export function requireColumns(relation: Relation, columns: string[]) {
  for (const column of columns) {
    if (!relation.byName.has(column)) {
      const names = relation.columns.map((candidate) => candidate.name)
      throw restErrors.undefinedColumn(relation.name, column, closestColumn(column, names))
    }
  }
}
