// Finds the foreign key behind an embed `name!hint(...)` from a table, as PostgREST does: by target
// table name, by FK column or by constraint name, narrowed by the hint; none → PGRST200, several → 300.
import { restErrors } from '../errors'
import { closest } from '../fuzzy'
import type { ForeignKey, Relation, SchemaCache } from '../schema-cache'

export interface Relationship {
  cardinality: 'many-to-one' | 'one-to-many' | 'one-to-one'
  fk: ForeignKey
  target: Relation
  /** Equalities that join a target row to its source row. */
  pairs: Array<{ target: string; source: string }>
}

const isUnique = (relation: Relation, columns: string[]) =>
  relation.uniqueKeys.some((key) => key.length === columns.length && key.every((column) => columns.includes(column)))

function forward(cache: SchemaCache, fk: ForeignKey, source: Relation): Relationship | undefined {
  const target = cache.relations.get(fk.refTable)
  if (!target) return undefined
  const pairs = fk.columns.map((column, i) => ({ source: column, target: fk.refColumns[i] as string }))
  return { cardinality: isUnique(source, fk.columns) ? 'one-to-one' : 'many-to-one', fk, target, pairs }
}

function backward(cache: SchemaCache, fk: ForeignKey): Relationship | undefined {
  const target = cache.relations.get(fk.table)
  if (!target) return undefined
  const pairs = fk.columns.map((column, i) => ({ target: column, source: fk.refColumns[i] as string }))
  return { cardinality: isUnique(target, fk.columns) ? 'one-to-one' : 'one-to-many', fk, target, pairs }
}

function candidates(cache: SchemaCache, source: Relation, name: string): Relationship[] {
  const found: Relationship[] = []
  const push = (rel: Relationship | undefined) => rel && found.push(rel)
  if (cache.relations.has(name)) {
    for (const fk of cache.foreignKeys) {
      if (fk.table === source.name && fk.refTable === name) push(forward(cache, fk, source))
      if (fk.refTable === source.name && fk.table === name) push(backward(cache, fk))
    }
    return found
  }
  // Not a table: a foreign-key column of the source, or a constraint name.
  for (const fk of cache.foreignKeys) {
    if (fk.table === source.name && (fk.name === name || (fk.columns.length === 1 && fk.columns[0] === name))) {
      push(forward(cache, fk, source))
    } else if (fk.refTable === source.name && fk.name === name) push(backward(cache, fk))
  }
  return found
}

function describe(rel: Relationship, source: Relation) {
  const sourceCols = rel.pairs.map((pair) => pair.source).join(', ')
  const targetCols = rel.pairs.map((pair) => pair.target).join(', ')
  return {
    cardinality: rel.cardinality,
    embedding: `${source.name} with ${rel.target.name}`,
    relationship: `${rel.fk.name} using ${source.name}(${sourceCols}) and ${rel.target.name}(${targetCols})`,
  }
}

export function findRelationship(cache: SchemaCache, source: Relation, name: string, hint?: string): Relationship {
  let found = candidates(cache, source, name)
  if (hint !== undefined) found = found.filter((rel) => rel.fk.name === hint || rel.fk.columns.includes(hint))
  if (found.length === 1) return found[0] as Relationship
  if (found.length === 0) {
    const related = cache.foreignKeys.flatMap((fk) =>
      fk.table === source.name ? [fk.refTable] : fk.refTable === source.name ? [fk.table] : [],
    )
    throw restErrors.noRelationship(source.name, name, hint, hint === undefined ? closest(name, related) : undefined)
  }
  const details = found.map((rel) => describe(rel, source))
  const hints = found.map((rel) => `'${name}!${rel.fk.name}'`)
  throw restErrors.ambiguousRelationship(source.name, name, details, hints)
}
