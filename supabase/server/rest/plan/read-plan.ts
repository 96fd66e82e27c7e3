// Turns a parsed query into a read plan: every column, embed, filter, order and limit is checked
// against the schema cache and attached to the node (root or embedded) it applies to.
import { restErrors } from '../errors'
import { closestColumn } from '../fuzzy'
import type { FieldRef, LogicTree, ParsedQuery, SelectItem } from '../parse/ast'
import type { Relation, SchemaCache } from '../schema-cache'
import { castType } from '../build/sql'
import { findRelationship } from './relationships'
import { AliasCounter, type ColumnRef, type EmbedNode, type ReadNode, type ResolvedLogic } from './types'

export function resolveColumn(relation: Relation, field: FieldRef): ColumnRef {
  // A column, else a computed field (a function of the row), as PostgREST resolves names.
  const column = relation.byName.get(field.name) ?? relation.computed.get(field.name)
  if (!column) {
    const names = relation.columns.map((candidate) => candidate.name)
    throw restErrors.undefinedColumn(relation.name, field.name, closestColumn(field.name, names))
  }
  return { column, path: field.path }
}

function outputKey(field: FieldRef): string {
  const keys = field.path.filter((step) => !step.index)
  return keys.length > 0 ? (keys[keys.length - 1]?.key as string) : field.name
}

function isLegacyCount(relation: Relation, item: SelectItem & { kind: 'field' }) {
  return item.field.name === 'count' && item.field.path.length === 0 && !item.cast && !relation.byName.has('count')
}

function buildNode(cache: SchemaCache, relation: Relation, items: SelectItem[], counter: AliasCounter): ReadNode {
  const node: ReadNode = {
    relation,
    alias: counter.table(),
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
        node.fields.push({ kind: 'column', key: column.name, ref: { column, path: [] } })
    } else if (item.kind === 'field' && isLegacyCount(relation, item)) {
      if (items.length > 1) throw restErrors.aggregatesNotAllowed()
      node.fields.push({ kind: 'count', key: item.alias ?? 'count' })
    } else if (item.kind === 'field') {
      const ref = resolveColumn(relation, item.field)
      const cast = item.cast === undefined ? undefined : castType(item.cast)
      node.fields.push({ kind: 'column', key: item.alias ?? outputKey(item.field), ref, cast })
    } else {
      const relationship = findRelationship(cache, relation, item.name, item.hint)
      const toOne = relationship.cardinality !== 'one-to-many'
      if (item.spread && !toOne) throw restErrors.notImplemented(`spreading the to-many embed '${item.name}'`)
      const child = buildNode(cache, relationship.target, item.children, counter)
      const embed: EmbedNode = {
        key: item.alias ?? item.name,
        relationship,
        node: child,
        toOne,
        inner: item.inner,
        spread: item.spread,
        lateral: counter.lateral(),
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

function resolveLogic(relation: Relation, tree: LogicTree): ResolvedLogic {
  if (tree.kind === 'filter') {
    const { field, negate, operation } = tree.filter
    return { kind: 'filter', filter: { target: resolveColumn(relation, field), negate, operation } }
  }
  return {
    kind: 'logic',
    op: tree.op,
    negate: tree.negate,
    children: tree.children.map((child) => resolveLogic(relation, child)),
  }
}

export function planRead(
  cache: SchemaCache,
  relation: Relation,
  query: ParsedQuery,
  counter = new AliasCounter(),
): ReadNode {
  const root = buildNode(cache, relation, query.select, counter)
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
      target: resolveColumn(node.relation, filter.field),
      negate: filter.negate,
      operation: filter.operation,
    })
  }
  for (const { path, tree } of query.logic) {
    const node = nodeAt(root, path)
    node.logic.push(resolveLogic(node.relation, tree))
  }
  for (const { path, terms } of query.order) {
    const node = nodeAt(root, path)
    for (const term of terms) {
      if (term.relation === undefined) {
        node.order.push({
          target: resolveColumn(node.relation, term.field),
          direction: term.direction,
          nulls: term.nulls,
        })
        continue
      }
      const embed = findEmbed(node, term.relation)
      if (!embed) throw restErrors.notEmbedded(term.relation)
      if (!embed.toOne) throw restErrors.relatedOrder(node.relation.name, term.relation)
      node.order.push({
        target: resolveColumn(embed.node.relation, term.field),
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
  return root
}
