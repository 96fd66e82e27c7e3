// The parsed form of a PostgREST query string: what the request asks for, before any name in it has
// been checked against the schema cache.

export interface JsonStep {
  arrow: '->' | '->>'
  /** An object key, or an array index when `index` is set (possibly negative). */
  key: string
  index: boolean
}

export interface FieldRef {
  name: string
  path: JsonStep[]
}

export const aggregateFunctions = ['count', 'sum', 'avg', 'min', 'max'] as const
export type AggregateFunction = (typeof aggregateFunctions)[number]

export type SelectItem =
  | { kind: 'star' }
  | {
      kind: 'field'
      field: FieldRef
      alias?: string
      /** `col::type`: applied to the column, before any aggregate. */
      cast?: string
      /** `col.sum()`. */
      aggregate?: AggregateFunction
      /** `col.sum()::type`: applied to the aggregate's result. */
      aggregateCast?: string
    }
  /** `count()`: the rows of each group. */
  | { kind: 'countAll'; alias?: string; aggregateCast?: string }
  | {
      kind: 'embed'
      name: string
      alias?: string
      hint?: string
      inner: boolean
      spread: boolean
      children: SelectItem[]
    }

export const simpleOperators = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'like',
  ilike: 'ilike',
  match: '~',
  imatch: '~*',
  cs: '@>',
  cd: '<@',
  ov: '&&',
  sl: '<<',
  sr: '>>',
  nxr: '&<',
  nxl: '&>',
  adj: '-|-',
  isdistinct: 'is distinct from',
} as const

export type SimpleOperator = keyof typeof simpleOperators

// Own keys only: a name such as `constructor` must never pass for an operator.
export const isSimpleOperator = (name: string): name is SimpleOperator => Object.hasOwn(simpleOperators, name)

/** Operators that accept the `(any)`/`(all)` quantifiers. */
export const quantifiableOperators: readonly SimpleOperator[] = [
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'match',
  'imatch',
]

export const ftsOperators = {
  fts: 'to_tsquery',
  plfts: 'plainto_tsquery',
  phfts: 'phraseto_tsquery',
  wfts: 'websearch_to_tsquery',
} as const
export type FtsOperator = keyof typeof ftsOperators
export const isFtsOperator = (name: string): name is FtsOperator => Object.hasOwn(ftsOperators, name)

export type IsValue = 'null' | 'not_null' | 'true' | 'false' | 'unknown'

export type Operation =
  | { kind: 'op'; op: SimpleOperator; quantifier?: 'any' | 'all'; value: string; values?: string[] }
  | { kind: 'in'; values: string[] }
  | { kind: 'is'; value: IsValue }
  | { kind: 'fts'; op: FtsOperator; config?: string; value: string }

export interface Filter {
  field: FieldRef
  negate: boolean
  operation: Operation
}

export type LogicTree =
  { kind: 'filter'; filter: Filter } | { kind: 'logic'; op: 'and' | 'or'; negate: boolean; children: LogicTree[] }

export interface OrderTerm {
  field: FieldRef
  /** Set for `rel(col)` terms: order by a column of a to-one embed. */
  relation?: string
  direction?: 'asc' | 'desc'
  nulls?: 'first' | 'last'
}

/** A list of names from the path before a query key's last segment, e.g. `books.order` → ['books']. */
export type EmbedPath = string[]

export interface ParsedQuery {
  select: SelectItem[]
  filters: Array<{ path: EmbedPath; filter: Filter }>
  logic: Array<{ path: EmbedPath; tree: LogicTree }>
  order: Array<{ path: EmbedPath; terms: OrderTerm[] }>
  limits: Array<{ path: EmbedPath; limit?: number; offset?: number }>
  columns?: string[]
  onConflict?: string[]
  /** Query parameters that are not filters: the arguments of a GET /rpc call. */
  args: Array<[string, string]>
}
