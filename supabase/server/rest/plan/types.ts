// A read plan: the parsed query with every name checked against the schema cache, ready for SQL.
import type { AggregateFunction, JsonStep, Operation } from '../parse/ast'
import type { Column, Relation } from '../schema-cache'
import type { Relationship } from './relationships'

/** A checked column, optionally followed by a JSON path. */
export interface ColumnRef {
  column: Column
  path: JsonStep[]
}

export interface ResolvedFilter {
  target: ColumnRef
  negate: boolean
  operation: Operation
}

export type ResolvedLogic =
  | { kind: 'filter'; filter: ResolvedFilter }
  | { kind: 'logic'; op: 'and' | 'or'; negate: boolean; children: ResolvedLogic[] }

export interface ResolvedOrder {
  target: ColumnRef
  /** Set when ordering by a column of a to-one embed. */
  embed?: EmbedNode
  direction?: 'asc' | 'desc'
  nulls?: 'first' | 'last'
}

/** An aggregate over a group's rows: of a column (with its cast), or of the rows (`count()`). */
export interface Aggregate {
  fn: AggregateFunction
  /** The result's cast (`col.sum()::int`). */
  cast?: string
}

export type OutputField =
  | {
      kind: 'column'
      key: string
      ref: ColumnRef
      cast?: string
      aggregate?: Aggregate
      /** Written with an alias: a group is keyed by the output value, else by the bare column (PostgREST). */
      aliased: boolean
    }
  | { kind: 'countAll'; key: string; aggregate: Aggregate }
  | { kind: 'embed'; key: string; embed: EmbedNode }
  /** PostgREST's legacy `count` (no parentheses): the number of rows, allowed without aggregates. */
  | { kind: 'count'; key: string }

export interface ReadNode {
  relation: Relation
  /** The generated SQL alias of this node's table (t0, t1…): never request text. */
  alias: string
  /**
   * What PostgREST's SQL calls this node's table, and so its errors: the table's name at the root,
   * `<table>_<depth>` in an embed (`messages_1`).
   */
  label: string
  fields: OutputField[]
  filters: ResolvedFilter[]
  logic: ResolvedLogic[]
  /** `rel=is.null` / `rel=not.is.null` on an embed of this node. */
  embedNullFilters: Array<{ embed: EmbedNode; isNull: boolean }>
  order: ResolvedOrder[]
  limit?: number
  offset?: number
  embeds: EmbedNode[]
}

export interface EmbedNode {
  /** The name query keys use for it: its alias, else the name written in `select`. */
  key: string
  relationship: Relationship
  node: ReadNode
  toOne: boolean
  inner: boolean
  spread: boolean
  /** The generated alias of its lateral join (l1, l2…). */
  lateral: string
  /** A many-to-many embed: the generated alias of the junction joined to its rows. */
  junctionAlias?: string
  /** What PostgREST's SQL calls its join: `<parent table>_<alias or name>_<depth>`. */
  joinLabel: string
}

export class AliasCounter {
  private next = 0
  table() {
    return `t${this.next++}`
  }
  lateral() {
    return `l${this.next++}`
  }
}
