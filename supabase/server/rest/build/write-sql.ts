// INSERT (with ON CONFLICT for upserts), UPDATE and DELETE. Payloads travel as one JSON parameter
// that `json_populate_record(set)` converts to the table's row type, so PostgreSQL does every cast.
import type { Relation } from '../schema-cache'
import { ident, qualified, type SqlParams } from './sql'

export interface InsertGroup {
  /** Columns to insert; the table's defaults fill the others. */
  columns: string[]
  rows: unknown[]
  /**
   * `missing=default`: the defaults (column, SQL from the catalog) merged under every row before it
   * is read, as PostgREST merges `jsonb_build_object(<defaults>) || row`; so each default is
   * evaluated once per row, whether the row gives that column or not (a serial is drawn either way).
   */
  defaults?: Array<{ column: string; sql: string }>
}

/** The rows with the defaults merged under each: `jsonb_build_object` takes at most 50 pairs a call. */
function rowsWithDefaults(rows: string, defaults: Array<{ column: string; sql: string }>, params: SqlParams): string {
  const objects: string[] = []
  for (let i = 0; i < defaults.length; i += 50)
    objects.push(
      `jsonb_build_object(${defaults
        .slice(i, i + 50)
        .map(({ column, sql }) => `${params.typed(column, 'text')}, ${sql}`)
        .join(', ')})`,
    )
  return `(select coalesce(jsonb_agg(${objects.join(' || ')} || _e order by _n), '[]') from jsonb_array_elements(${rows}::jsonb) with ordinality as _d(_e, _n))::json`
}

export interface Conflict {
  columns: string[]
  action: 'merge' | 'ignore'
  /**
   * Every column the request writes (`columns=` or the payload's keys). A merge sets each of them:
   * from the row where the row has it, else to the column's default (`missing=default`).
   */
  written: string[]
}

export function insertSql(
  relation: Relation,
  alias: string,
  group: InsertGroup,
  conflict: Conflict | undefined,
  params: SqlParams,
  returning: boolean,
): string {
  const table = qualified(relation.name)
  const columns = group.columns.map(ident).join(', ')
  // An upsert tells inserted rows from merged ones (PostgREST answers 200 when none was inserted):
  // a row this statement inserted has no xmax, one it updated carries the updating transaction's.
  const flag = conflict?.action === 'merge' ? `, (${alias}.xmax = 0) as _inserted` : ''
  // With no columns at all, every row is all defaults: a SELECT of zero expressions does that.
  let sql =
    group.columns.length === 0
      ? `insert into ${table} as ${alias} select from generate_series(1, ${params.typed(group.rows.length, 'integer')})`
      : `insert into ${table} as ${alias} (${columns}) select ${columns} from json_populate_recordset(null::${table}, ${
          group.defaults?.length
            ? rowsWithDefaults(params.typed(JSON.stringify(group.rows), 'jsonb'), group.defaults, params)
            : params.typed(JSON.stringify(group.rows), 'json')
        }) as _r`
  if (conflict) {
    const target = conflict.columns.length > 0 ? ` (${conflict.columns.map(ident).join(', ')})` : ''
    const updates = conflict.written.map((column) =>
      group.columns.includes(column) ? `${ident(column)} = excluded.${ident(column)}` : `${ident(column)} = default`,
    )
    sql +=
      conflict.action === 'ignore' || updates.length === 0
        ? ` on conflict${target} do nothing`
        : ` on conflict${target} do update set ${updates.join(', ')}`
  }
  if (returning) return `${sql} returning ${alias}.*${flag}`
  return flag ? `${sql} returning ${flag.slice(2)}` : sql
}

/** `defaults`: columns set to their default (`missing=default` for keys the body lacks). */
export function updateSql(
  relation: Relation,
  alias: string,
  columns: string[],
  row: unknown,
  where: string[],
  params: SqlParams,
  returning: boolean,
  defaults: string[] = [],
): string {
  const table = qualified(relation.name)
  const sets = columns
    .map((column) => `${ident(column)} = ${defaults.includes(column) ? 'default' : `_r.${ident(column)}`}`)
    .join(', ')
  const filter = where.length > 0 ? ` where ${where.join(' and ')}` : ''
  const sql = `update ${table} as ${alias} set ${sets} from json_populate_record(null::${table}, ${params.typed(JSON.stringify(row), 'json')}) as _r${filter}`
  return returning ? `${sql} returning ${alias}.*` : sql
}

export function deleteSql(relation: Relation, alias: string, where: string[], returning: boolean): string {
  const filter = where.length > 0 ? ` where ${where.join(' and ')}` : ''
  const sql = `delete from ${qualified(relation.name)} as ${alias}${filter}`
  return returning ? `${sql} returning ${alias}.*` : sql
}

/** `with w0 as (…), w1 as (…), w as (select * from w0 union all …)`: several writes read as one source. */
export function writeCte(statements: string[]): string {
  const parts = statements.map((sql, i) => `w${i} as (${sql})`)
  const union = statements.map((_, i) => `select * from w${i}`).join(' union all ')
  return `with ${parts.join(', ')}, w as (${union})`
}
