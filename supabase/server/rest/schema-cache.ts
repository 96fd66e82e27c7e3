// The schema cache: what the `public` schema exposes (tables, views, their columns and keys, the
// foreign keys between them, functions), built from one read of the catalog.
import type { Catalog, CatalogColumn } from './schema-query'

export interface Column {
  name: string
  /** SQL type as `format_type` prints it without modifiers, e.g. `numeric`, `text[]`: what values are cast to. */
  type: string
  /** The base type name, e.g. `numeric`, `_text`, `jsonb`. */
  typname: string
  notNull: boolean
  hasDefault: boolean
  generated: boolean
  /** A computed field: the function of a row of `table` (its `columns` in order) yielding this value. */
  computed?: { fn: string; table: string; columns: string[] }
}

export interface Relation {
  name: string
  columns: Column[]
  byName: Map<string, Column>
  primaryKey: string[]
  uniqueKeys: string[][]
  /** Computed fields, by name: functions taking this relation's row and returning a scalar. */
  computed: Map<string, Column>
}

/** A computed relationship: a function taking one relation's row and returning rows of another. */
export interface ComputedRelationship {
  function: string
  source: string
  target: string
  toOne: boolean
}

export interface ForeignKey {
  name: string
  table: string
  columns: string[]
  refTable: string
  refColumns: string[]
}

export interface FunctionParam {
  name: string
  type: string
  hasDefault: boolean
}

/** What PostgREST orders one name's overloads by (its `Ord Routine`), after the number of parameters. */
export interface OverloadRank {
  description: string | null
  /** Per parameter: name, type, the type without a length limit, required, variadic. */
  params: Array<[string, string, string, boolean, boolean]>
  returnsSet: boolean
  composite: boolean
  returnSchema: string
  returnName: string
  volatility: string
}

export interface DbFunction {
  name: string
  params: FunctionParam[]
  rank: OverloadRank
  returnsSet: boolean
  returnType: string
  kind: 'void' | 'scalar' | 'composite'
  /** The exposed table or view whose rows the function returns (embedding works from those). */
  returnRelation?: string
  returnColumns: Column[]
}

function toColumn(column: CatalogColumn): Column {
  return {
    name: column.name,
    type: column.type,
    typname: column.typname,
    notNull: column.notnull,
    hasDefault: column.hasdefault,
    generated: column.generated,
  }
}

function makeRelation(name: string, columns: Column[]): Relation {
  return {
    name,
    columns,
    byName: new Map(columns.map((column) => [column.name, column])),
    primaryKey: [],
    uniqueKeys: [],
    computed: new Map(),
  }
}

/** Statements kept prepared per load of the cache, at most: each stays on every pooled connection. */
const maxPreparedStatements = 200
/** Names are never reused, so a connection never holds two statements under one name. */
let preparedCount = 0

// The types PostgREST reads without their length limit, when it ranks overloads.
const unlimited: Record<string, string> = {
  bit: 'bit varying',
  'bit[]': 'bit varying[]',
  character: 'character varying',
  'character[]': 'character varying[]',
}
const unlimitedType = (type: string) => (Object.hasOwn(unlimited, type) ? (unlimited[type] as string) : type)

export class SchemaCache {
  readonly relations = new Map<string, Relation>()
  readonly foreignKeys: ForeignKey[] = []
  readonly functions = new Map<string, DbFunction[]>()
  readonly computedRelationships: ComputedRelationship[] = []
  private readonly statementNames = new Map<string, string>()

  constructor(catalog: Catalog) {
    const columnsByOid = new Map<number, Column[]>()
    for (const column of catalog.columns) {
      const list = columnsByOid.get(column.relid) ?? []
      list.push(toColumn(column))
      columnsByOid.set(column.relid, list)
    }
    const exposedByOid = new Map<number, string>()
    for (const relation of catalog.relations) {
      if (relation.schema !== 'public' || relation.kind === 'c') continue
      this.relations.set(relation.name, makeRelation(relation.name, columnsByOid.get(relation.oid) ?? []))
      exposedByOid.set(relation.oid, relation.name)
    }
    for (const constraint of catalog.constraints) {
      const relation = this.relations.get(constraint.table)
      if (!relation) continue
      if (constraint.type === 'p') relation.primaryKey = constraint.columns
      if (constraint.type === 'p' || constraint.type === 'u') relation.uniqueKeys.push(constraint.columns)
      if (
        constraint.type === 'f' &&
        constraint.ref_schema === 'public' &&
        constraint.ref_table &&
        constraint.ref_columns
      ) {
        if (!this.relations.has(constraint.ref_table)) continue
        this.foreignKeys.push({
          name: constraint.name,
          table: constraint.table,
          columns: constraint.columns,
          refTable: constraint.ref_table,
          refColumns: constraint.ref_columns,
        })
      }
    }
    for (const fn of catalog.functions) {
      const inputs = fn.args.filter((arg) => ['i', 'b', 'v'].includes(arg.mode))
      const outputs = fn.args.filter((arg) => ['o', 'b', 't'].includes(arg.mode))
      const firstDefault = inputs.length - fn.ndefaults
      let returnColumns: Column[] = []
      let kind: DbFunction['kind'] = fn.return_type === 'void' ? 'void' : 'scalar'
      if (fn.return_relid !== 0) {
        kind = 'composite'
        returnColumns = columnsByOid.get(fn.return_relid) ?? []
      } else if (fn.return_typtype === 'p' && fn.return_type === 'record' && outputs.length > 0) {
        kind = 'composite'
        returnColumns = outputs.map((arg) => ({
          name: arg.name,
          type: arg.type,
          typname: arg.type,
          notNull: false,
          hasDefault: false,
          generated: false,
        }))
      }
      const list = this.functions.get(fn.name) ?? []
      list.push({
        name: fn.name,
        params: inputs.map((arg, index) => ({ name: arg.name, type: arg.type, hasDefault: index >= firstDefault })),
        rank: {
          description: fn.description,
          params: inputs.map((arg, index) => [
            arg.name,
            arg.type,
            unlimitedType(arg.type),
            index < firstDefault,
            arg.mode === 'v',
          ]),
          returnsSet: fn.retset,
          composite: fn.return_composite,
          returnSchema: fn.return_schema,
          returnName: fn.return_name,
          volatility: fn.volatility,
        },
        returnsSet: fn.retset,
        returnType: fn.return_type,
        kind,
        returnRelation: exposedByOid.get(fn.return_relid),
        returnColumns,
      })
      this.functions.set(fn.name, list)
      this.addComputed(fn, inputs, kind, exposedByOid)
    }
  }

  /**
   * Functions of one row of an exposed relation (PostgREST's computed fields and relationships):
   * a scalar result reads like a column of that relation, rows of another exposed relation embed
   * like a foreign key (to-one when the function returns one row or declares `rows 1`).
   */
  private addComputed(
    fn: Catalog['functions'][number],
    inputs: Catalog['functions'][number]['args'],
    kind: DbFunction['kind'],
    exposedByOid: Map<number, string>,
  ) {
    const source = inputs.length === 1 ? exposedByOid.get(inputs[0]?.relid ?? 0) : undefined
    const relation = source === undefined ? undefined : this.relations.get(source)
    if (!relation || source === undefined) return
    if (kind === 'scalar' && !fn.retset && !relation.byName.has(fn.name)) {
      const typname = fn.return_type.endsWith('[]') ? `_${fn.return_type.slice(0, -2)}` : fn.return_type
      relation.computed.set(fn.name, {
        name: fn.name,
        type: fn.return_type,
        typname,
        notNull: false,
        hasDefault: false,
        generated: true,
        computed: { fn: fn.name, table: source, columns: relation.columns.map((column) => column.name) },
      })
    }
    const target = exposedByOid.get(fn.return_relid)
    if (kind === 'composite' && target !== undefined) {
      this.computedRelationships.push({
        function: fn.name,
        source,
        target,
        toOne: !fn.retset || fn.rows === 1,
      })
    }
  }

  /**
   * The name to keep `sql` prepared under, so PostgreSQL parses and plans a repeated request once per
   * connection; undefined once the limit is reached. Bound to this load: a prepared statement keeps
   * the parameter types it was first planned with, so after the schema changes (and the cache is
   * reloaded) statements are prepared anew. PostgreSQL itself replans them when tables, policies or
   * the role change.
   */
  statementName(sql: string): string | undefined {
    let name = this.statementNames.get(sql)
    if (name === undefined && this.statementNames.size < maxPreparedStatements) {
      name = `rest_${++preparedCount}`
      this.statementNames.set(sql, name)
    }
    return name
  }

  /** A pseudo relation for the rows a function returns, so its results filter like a table's. */
  functionRelation(fn: DbFunction): Relation {
    const table = fn.returnRelation ? this.relations.get(fn.returnRelation) : undefined
    return table ?? makeRelation(fn.name, fn.returnColumns)
  }
}
