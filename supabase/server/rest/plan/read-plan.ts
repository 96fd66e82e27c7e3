// Turns a parsed query into a read plan: every column, embed, filter, order and limit is checked
// against the schema cache and attached to the node (root or embedded) it applies to, in the order
// PostgREST reports problems: relationships, then aggregates, then unknown columns and types.
import { RestError, restErrors } from '../errors'
import { closestColumn } from '../fuzzy'
import type { FieldRef, LogicTree, ParsedQuery, SelectItem } from '../parse/ast'
import type { Relation, SchemaCache } from '../schema-cache'
import { castType } from '../build/sql'
import { findRelationship, isToOne } from './relationships'
import { AliasCounter, type ColumnRef, type EmbedNode, type ReadNode, type ResolvedLogic } from './types'

/** `label`: what PostgreSQL's error names the table by (ReadNode.label). */
export function resolveColumn(relation: Relation, field: FieldRef, label = relation.name): ColumnRef {
  // A column, else a computed field (a function of the row), as PostgREST resolves names.
  const column = relation.byName.get(field.name) ?? relation.computed.get(field.name)
  if (!column) {
    const names = relation.columns.map((candidate) => candidate.name)
    throw restErrors.undefinedColumn(label, field.name, closestColumn(field.name, names))
  }
  return { column, path: field.path }
}

function outputKey(field: FieldRef): string {
  const keys = field.path.filter((step) => !step.index)
  return keys.length > 0 ? (keys[keys.length - 1]?.key as string) : field.name
}

function isLegacyCount(relation: Relation, item: SelectItem & { kind: 'field' }) {
  return (
    item.field.name === 'count' &&
    item.field.path.length === 0 &&
    !item.cast &&
    !item.aggregate &&
    !relation.byName.has('count')
  )
}

/** What planning one request carries along. */
interface PlanContext {
  cache: SchemaCache
  counter: AliasCounter
  /**
   * PostgreSQL's own errors (an unknown column or type): PostgREST meets them only when the query
   * runs, after every planning error (PGRST1xx, PGRST2xx), so they wait until planning is done.
   */
  deferred: RestError[]
  /** The select asks for an aggregate somewhere (PGRST123 unless they are enabled). */
  aggregates: boolean
  /** A to-many spread holds an aggregate: PostgREST's PGRST127, after PGRST123. */
  spreadAggregate?: RestError
  /**
   * The same embed twice at one level: PostgREST names both joins alike and PostgreSQL refuses the
   * query (42712) before it looks at any column.
   */
  duplicate?: RestError
}

function deferring<T>(ctx: PlanContext, fallback: () => T, work: () => T): T {
  try {
    return work()
  } catch (error) {
    if (!(error instanceof RestError) || (error.code !== '42703' && error.code !== '42704')) throw error
    ctx.deferred.push(error)
    return fallback()
  }
}

/** Stands for a column whose error waits (`deferring`): never reaches SQL. */
const unresolved = (field: FieldRef): ColumnRef => ({
  column: { name: field.name, type: 'text', typname: 'text', notNull: false, hasDefault: false, generated: false },
  path: field.path,
})

const columnOf = (ctx: PlanContext, node: ReadNode, field: FieldRef): ColumnRef =>
  deferring(
    ctx,
    () => unresolved(field),
    () => resolveColumn(node.relation, field, node.label),
  )

const checkedCast = (ctx: PlanContext, type: string | undefined) =>
  type === undefined
    ? undefined
    : deferring(
        ctx,
        () => 'text',
        () => castType(type),
      )

/**
 * An aggregate a to-many spread would take: in its own fields or handed up by its to-one spreads,
 * which PostgREST does not implement (arrays per parent row leave nothing to aggregate over).
 */
function spreadsAggregate(node: ReadNode): boolean {
  return node.fields.some(
    (field) =>
      field.kind === 'countAll' ||
      field.kind === 'count' ||
      (field.kind === 'column' && field.aggregate !== undefined) ||
      (field.kind === 'embed' && field.embed.spread && field.embed.toOne && spreadsAggregate(field.embed.node)),
  )
}

/** `label`: what PostgREST's SQL calls the table (`<table>_<depth>`; a many-to-many target keeps its name). */
function buildNode(ctx: PlanContext, relation: Relation, items: SelectItem[], depth = 0, label?: string): ReadNode {
  const node: ReadNode = {
    relation,
    alias: ctx.counter.table(),
    label: label ?? (depth === 0 ? relation.name : `${relation.name}_${depth}`),
    fields: [],
    filters: [],
    logic: [],
    embedNullFilters: [],
    order: [],
    embeds: [],
  }
  for (const item of items) {
    if (item.kind === 'star') {
      for (const column of relation.columns)
        node.fields.push({ kind: 'column', key: column.name, ref: { column, path: [] }, aliased: false })
    } else if (item.kind === 'countAll') {
      ctx.aggregates = true
      const aggregate = { fn: 'count' as const, cast: checkedCast(ctx, item.aggregateCast) }
      node.fields.push({ kind: 'countAll', key: item.alias ?? 'count', aggregate })
    } else if (item.kind === 'field' && isLegacyCount(relation, item)) {
      if (items.length > 1) throw restErrors.aggregatesNotAllowed()
      node.fields.push({ kind: 'count', key: item.alias ?? 'count' })
    } else if (item.kind === 'field') {
      const ref = columnOf(ctx, node, item.field)
      const cast = checkedCast(ctx, item.cast)
      if (item.aggregate) ctx.aggregates = true
      const aggregate = item.aggregate && { fn: item.aggregate, cast: checkedCast(ctx, item.aggregateCast) }
      // Without an alias an aggregate is named by its function, as PostgreSQL names the column.
      const key = item.alias ?? (item.aggregate ? item.aggregate : outputKey(item.field))
      node.fields.push({ kind: 'column', key, ref, cast, aggregate, aliased: item.alias !== undefined })
    } else {
      const relationship = findRelationship(ctx.cache, relation, item.name, item.hint)
      const toOne = isToOne(relationship)
      const junction = relationship.junction !== undefined
      const child = buildNode(
        ctx,
        relationship.target,
        item.children,
        depth + 1,
        junction ? relationship.target.name : undefined,
      )
      if (item.spread && !toOne && spreadsAggregate(child)) {
        ctx.spreadAggregate ??= restErrors.notImplemented(
          'Aggregates are not implemented for one-to-many or many-to-many spreads.',
        )
      }
      const joinLabel = `${relation.name}_${item.alias ?? item.name}_${depth + 1}`
      if (node.embeds.some((other) => other.joinLabel === joinLabel))
        ctx.duplicate ??= restErrors.duplicateTable(joinLabel)
      const embed: EmbedNode = {
        key: item.alias ?? item.name,
        relationship,
        node: child,
        toOne,
        inner: item.inner,
        spread: item.spread,
        lateral: ctx.counter.lateral(),
        junctionAlias: junction ? ctx.counter.table() : undefined,
        joinLabel,
      }
      node.embeds.push(embed)
      // An empty embed `rel!inner()` only filters; it adds nothing to the output.
      if (item.children.length > 0) node.fields.push({ kind: 'embed', key: embed.key, embed })
    }
  }
  return node
}

function findEmbed(node: ReadNode, name: string): EmbedNode | undefined {
  return (
    node.embeds.find((embed) => embed.key === name) ??
    node.embeds.find((embed) => embed.relationship.target.name === name)
  )
}

function nodeAt(root: ReadNode, path: string[]): ReadNode {
  let node = root
  for (const segment of path) {
    const embed = findEmbed(node, segment)
    if (!embed) throw restErrors.notEmbedded(segment)
    node = embed.node
  }
  return node
}

type Resolve = (node: ReadNode, field: FieldRef) => ColumnRef

function resolveLogic(node: ReadNode, tree: LogicTree, resolve: Resolve): ResolvedLogic {
  if (tree.kind === 'filter') {
    const { field, negate, operation } = tree.filter
    return { kind: 'filter', filter: { target: resolve(node, field), negate, operation } }
  }
  return {
    kind: 'logic',
    op: tree.op,
    negate: tree.negate,
    children: tree.children.map((child) => resolveLogic(node, child, resolve)),
  }
}

export interface PlanOptions {
  /** Aggregate functions are enabled (REST_DB_AGGREGATES_ENABLED); otherwise they answer PGRST123. */
  aggregates: boolean
}

export function planRead(cache: SchemaCache, relation: Relation, query: ParsedQuery, options: PlanOptions): ReadNode {
  const ctx: PlanContext = { cache, counter: new AliasCounter(), deferred: [], aggregates: false }
  const root = buildNode(ctx, relation, query.select)
  if (ctx.aggregates && !options.aggregates) throw restErrors.aggregatesNotAllowed()
  if (ctx.spreadAggregate) throw ctx.spreadAggregate
  const resolve: Resolve = (node, field) => columnOf(ctx, node, field)
  for (const { path, filter } of query.filters) {
    const node = nodeAt(root, path)
    const embed = node.relation.byName.has(filter.field.name) ? undefined : findEmbed(node, filter.field.name)
    if (embed && filter.field.path.length === 0) {
      const { operation } = filter
      if (operation.kind !== 'is' || (operation.value !== 'null' && operation.value !== 'not_null')) {
        throw restErrors.unacceptableFilter(embed.key)
      }
      node.embedNullFilters.push({ embed, isNull: (operation.value === 'null') !== filter.negate })
      continue
    }
    node.filters.push({
      target: resolve(node, filter.field),
      negate: filter.negate,
      operation: filter.operation,
    })
  }
  for (const { path, tree } of query.logic) {
    const node = nodeAt(root, path)
    node.logic.push(resolveLogic(node, tree, resolve))
  }
  for (const { path, terms } of query.order) {
    const node = nodeAt(root, path)
    for (const term of terms) {
      if (term.relation === undefined) {
        node.order.push({
          target: resolve(node, term.field),
          direction: term.direction,
          nulls: term.nulls,
        })
        continue
      }
      const embed = findEmbed(node, term.relation)
      if (!embed) throw restErrors.notEmbedded(term.relation)
      if (!embed.toOne) throw restErrors.relatedOrder(node.relation.name, term.relation)
      node.order.push({
        // PostgREST orders by a column of the embed's join.
        target: resolve({ ...embed.node, label: embed.joinLabel }, term.field),
        embed,
        direction: term.direction,
        nulls: term.nulls,
      })
    }
  }
  for (const { path, limit, offset } of query.limits) {
    const node = nodeAt(root, path)
    node.limit = limit
    node.offset = offset
  }
  const failure = ctx.duplicate ?? ctx.deferred[0]
  if (failure) throw failure
  return root
}
