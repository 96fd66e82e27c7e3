// The only ways request data reaches SQL: values as numbered parameters, identifiers quoted after
// the schema cache has vouched for them, casts from a fixed list, and JSON keys as parameters.
import { restErrors } from '../errors'
import type { JsonStep } from '../parse/ast'

export class SqlParams {
  readonly values: unknown[] = []

  /** A placeholder for a bound value. */
  add(value: unknown): string {
    this.values.push(value)
    return `$${this.values.length}`
  }

  /** A placeholder typed as text, for JSON keys and output names. */
  text(value: string): string {
    return `${this.add(value)}::text`
  }

  /**
   * A value sent as text and converted by PostgreSQL's input function for `type` (a catalog type
   * name), so both drivers pass any string through and PostgreSQL alone judges it.
   */
  typed(value: string | number, type: string): string {
    return `${this.add(String(value))}::text::${type}`
  }
}

/** Quotes a name taken from the schema cache (never raw request text). */
export function ident(name: string): string {
  return `"${name.replace(/"/g, '""')}"`
}

export function qualified(table: string): string {
  return `public.${ident(table)}`
}

const castTypes: Record<string, string> = {
  text: 'text',
  varchar: 'varchar',
  'character varying': 'varchar',
  char: 'char',
  character: 'char',
  bpchar: 'bpchar',
  name: 'name',
  int: 'integer',
  integer: 'integer',
  int2: 'smallint',
  smallint: 'smallint',
  int4: 'integer',
  int8: 'bigint',
  bigint: 'bigint',
  numeric: 'numeric',
  decimal: 'numeric',
  real: 'real',
  float4: 'real',
  float: 'double precision',
  float8: 'double precision',
  'double precision': 'double precision',
  bool: 'boolean',
  boolean: 'boolean',
  date: 'date',
  time: 'time',
  timetz: 'timetz',
  timestamp: 'timestamp',
  timestamptz: 'timestamptz',
  interval: 'interval',
  uuid: 'uuid',
  json: 'json',
  jsonb: 'jsonb',
  inet: 'inet',
  cidr: 'cidr',
  tsvector: 'tsvector',
}

/** The SQL type for a `::cast` in `select`, from a fixed list; anything else is an unknown type. */
export function castType(name: string): string {
  const key = name.trim().toLowerCase().replace(/\s+/g, ' ')
  if (!Object.hasOwn(castTypes, key)) throw restErrors.undefinedType(name)
  return castTypes[key] as string
}

/** `expr->$1->>$2`: JSON path steps with keys and indexes bound as parameters. */
export function jsonPath(expr: string, path: JsonStep[], params: SqlParams): string {
  let sql = expr
  for (const step of path) {
    const operand = step.index ? params.typed(step.key, 'integer') : params.text(step.key)
    sql = `(${sql} ${step.arrow} ${operand})`
  }
  return sql
}

const pairsPerCall = 50 // json_build_object takes at most 100 arguments

/** A JSON object with keys in this order; keys are placeholders, values SQL expressions. */
export function jsonObject(pairs: Array<[string, string]>): string {
  if (pairs.length === 0) return `'{}'::json`
  const chunks: string[] = []
  for (let i = 0; i < pairs.length; i += pairsPerCall) {
    const args = pairs.slice(i, i + pairsPerCall).map(([key, value]) => `${key}, ${value}`)
    chunks.push(`json_build_object(${args.join(', ')})`)
  }
  if (chunks.length === 1) return chunks[0] as string
  // Wider objects: join the chunks' members as text, keeping the order of keys.
  const members = chunks.map((chunk) => `regexp_replace(${chunk}::text, '^\\{|\\}$', '', 'g')`)
  return `('{' || ${members.join(` || ', ' || `)} || '}')::json`
}

/**
 * The row of `table` that `alias` holds, for a function of that row (computed fields and
 * relationships). Built column by column, so it also works where `alias` reads a write's or a
 * function's result rather than the table itself.
 */
export function rowOf(alias: string, table: string, columns: string[]): string {
  return `row(${columns.map((column) => `${alias}.${ident(column)}`).join(', ')})::${qualified(table)}`
}
