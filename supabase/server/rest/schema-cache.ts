// The schema cache: what the `public` schema exposes (tables, views, their columns and keys, the
// foreign keys between them, functions), built from one read of the catalog.
import type { Catalog, CatalogColumn, CatalogConstraint } from './schema-query'
import { ViewOrigins } from './view-origins'
import { readDbConfig, type DbConfig } from './db-config'

export interface Column {
  name: string
  /** SQL type as `format_type` prints it without modifiers, e.g. `numeric`, `text[]`: what values are cast to. */
  type: string
  /** The base type name, e.g. `numeric`, `_text`, `jsonb`. */
  typname: string
  notNull: boolean
  hasDefault: boolean
  generated: boolean
  /** The column's default as SQL, from the catalog (`missing=default` evaluates it per row). */
  defaultSql?: string
  /** A computed field: the function of a row of `table` (its `columns` in order) yielding this value. */
  computed?: { fn: string; table: string; columns: string[] }
}

export interface Relation {
  name: string
  /** A view or materialized view: its keys are those of the table columns it passes on. */
  isView: boolean
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

/**
 * A foreign key between two exposed relations: a table's own, or one a view inherits by passing on
 * the key's columns of either table unchanged (as PostgREST finds them), under the constraint's name.
 */
export interface ForeignKey {
  name: string
  table: string
  columns: string[]
  refTable: string
  refColumns: string[]
  /** The referencing columns are a primary or unique key of their table: one-to-one. */
  oneToOne: boolean
}

/**
 * A junction: a relation with many-to-one keys to two relations, the columns of both part of its
 * primary key (PostgREST's rule), relating them many-to-many.
 */
export interface Junction {
  relation: string
  /** Its key to the source, then its key to the target. */
  source: ForeignKey
  target: ForeignKey
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
    ...(column.default ? { defaultSql: column.default } : {}),
  }
}

function makeRelation(name: string, columns: Column[], isView = false): Relation {
  return {
    name,
    isView,
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
  readonly junctions: Junction[] = []
  readonly functions = new Map<string, DbFunction[]>()
  readonly computedRelationships: ComputedRelationship[] = []
  private readonly statementNames = new Map<string, string>()
  /**
   * The function PostgREST calls at the start of every request's transaction (db-pre-request), as
   * `schema.name` quoted; null when none is set or the setting is not a plain qualified name.
   */
  readonly preRequest: string | null
  /** The opt-in features as the database sets them, over the server's settings (db-config.ts). */
  readonly dbConfig: DbConfig

  constructor(catalog: Catalog) {
    this.dbConfig = readDbConfig(catalog.db_config ?? {})
    const name = catalog.db_config?.db_pre_request?.match(/^([A-Za-z_][A-Za-z0-9_$]*)\.([A-Za-z_][A-Za-z0-9_$]*)$/)
    this.preRequest = name ? `"${name[1]}"."${name[2]}"` : null
    const columnsByOid = new Map<number, Column[]>()
    for (const column of catalog.columns) {
      const list = columnsByOid.get(column.relid) ?? []
      list.push(toColumn(column))
      columnsByOid.set(column.relid, list)
    }
    const exposedByOid = new Map<number, string>()
    for (const relation of catalog.relations) {
      if (relation.schema !== 'public' || relation.kind === 'c') continue
      const isView = relation.kind === 'v' || relation.kind === 'm'
      this.relations.set(relation.name, makeRelation(relation.name, columnsByOid.get(relation.oid) ?? [], isView))
      exposedByOid.set(relation.oid, relation.name)
    }
    this.addKeys(catalog, exposedByOid)
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
   * Keys of tables, and of the exposed views that pass their columns on: primary and unique keys,
   * foreign keys between every pair of exposed relations that carry a key's two ends, and junctions.
   */
  private addKeys(catalog: Catalog, exposedByOid: Map<number, string>) {
    const origins = new ViewOrigins(catalog.views)
    const namesByOid = new Map<number, Map<number, string>>()
    for (const column of catalog.columns) {
      const names = namesByOid.get(column.relid) ?? new Map<number, string>()
      names.set(column.attnum, column.name)
      namesByOid.set(column.relid, names)
    }
    // Each exposed view's columns by the table column they pass on (a column may be passed twice).
    const viewColumns = new Map<string, Array<{ view: number; name: string }>>()
    for (const [oid, name] of exposedByOid) {
      if (!this.relations.get(name)?.isView) continue
      for (const [attnum, columnName] of namesByOid.get(oid) ?? []) {
        const origin = origins.origin(oid, attnum)
        if (!origin) continue
        const at = `${origin.table}:${origin.column}`
        viewColumns.set(at, [...(viewColumns.get(at) ?? []), { view: oid, name: columnName }])
      }
    }
    /** The exposed relations carrying `attnums` of table `oid`, with those columns' names there. */
    const carriers = (oid: number, attnums: number[], names: string[]) => {
      const found: Array<{ relation: string; columns: string[] }> = []
      const table = exposedByOid.get(oid)
      if (table !== undefined && !origins.isView(oid)) found.push({ relation: table, columns: names })
      const views = new Set((viewColumns.get(`${oid}:${attnums[0]}`) ?? []).map((column) => column.view))
      for (const view of views) {
        let combos: string[][] = [[]]
        for (const attnum of attnums) {
          const options = (viewColumns.get(`${oid}:${attnum}`) ?? []).filter((column) => column.view === view)
          combos = combos.flatMap((combo) => options.map((option) => [...combo, option.name]))
        }
        for (const columns of combos) found.push({ relation: exposedByOid.get(view) as string, columns })
      }
      return found
    }
    const keysByOid = new Map<number, CatalogConstraint[]>()
    for (const constraint of catalog.constraints) {
      if (constraint.type === 'f') continue
      keysByOid.set(constraint.table_oid, [...(keysByOid.get(constraint.table_oid) ?? []), constraint])
    }
    const sameSet = (a: number[], b: number[]) => a.length === b.length && a.every((n) => b.includes(n))
    for (const [oid, keys] of keysByOid) {
      for (const key of keys) {
        for (const { relation: name, columns } of carriers(oid, key.attnums, key.columns)) {
          const relation = this.relations.get(name)
          if (!relation) continue
          // A view's primary key: the first set of its columns carrying the table's (PostgREST).
          if (key.type === 'p' && relation.primaryKey.length === 0) relation.primaryKey = columns
          relation.uniqueKeys.push(columns)
        }
      }
    }
    for (const fk of catalog.constraints) {
      if (fk.type !== 'f' || !fk.ref_oid || !fk.ref_attnums || !fk.ref_columns) continue
      const oneToOne = (keysByOid.get(fk.table_oid) ?? []).some((key) => sameSet(key.attnums, fk.attnums))
      const refs = carriers(fk.ref_oid, fk.ref_attnums, fk.ref_columns)
      for (const from of carriers(fk.table_oid, fk.attnums, fk.columns)) {
        for (const to of refs) {
          this.foreignKeys.push({
            name: fk.name,
            table: from.relation,
            columns: from.columns,
            refTable: to.relation,
            refColumns: to.columns,
            oneToOne,
          })
        }
      }
    }
    for (const relation of this.relations.values()) {
      const many = this.foreignKeys.filter(
        (fk) =>
          fk.table === relation.name &&
          !fk.oneToOne &&
          fk.columns.every((column) => relation.primaryKey.includes(column)),
      )
      for (const source of many) {
        for (const target of many) {
          if (source.name !== target.name) this.junctions.push({ relation: relation.name, source, target })
        }
      }
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
