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
  /** A computed relationship: the function of the source row whose result rows are the target's. */
  via?: { fn: string; source: Relation }
}

/** `rel(...)` naming a function of the source's row that returns rows of an exposed relation. */
function computedCandidates(cache: SchemaCache, source: Relation, name: string): Relationship[] {
  const found: Relationship[] = []
  for (const computed of cache.computedRelationships) {
    const target = cache.relations.get(computed.target)
    if (computed.source !== source.name || computed.function !== name || !target) continue
    found.push({
      cardinality: computed.toOne ? 'many-to-one' : 'one-to-many',
      fk: { name: computed.function, table: source.name, columns: [], refTable: target.name, refColumns: [] },
      target,
      pairs: [],
      via: { fn: computed.function, source },
    })
  }
  return found
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

const single = (rel: Relationship) => (rel.pairs.length === 1 ? rel.pairs[0] : undefined)

/**
 * A self-referencing key (`parent_id references` its own table) gives two relationships with one
 * constraint; PostgREST's convention picks one: the table's name is the to-many side
 * (`children:people(*)`, or `people!parent_id(*)` with the key column as hint), the key column
 * the to-one side (`parent_id(*)`).
 */
function selfCandidates(cache: SchemaCache, fk: ForeignKey, source: Relation, name: string, hint?: string) {
  const toMany = backward(cache, fk)
  const toOne = forward(cache, fk, source)
  if (hint !== undefined) return name === source.name && toMany && single(toMany)?.target === hint ? [toMany] : []
  if (name === source.name) return toMany ? [toMany] : []
  return toOne && single(toOne)?.source === name ? [toOne] : []
}

function candidates(cache: SchemaCache, source: Relation, name: string, hint?: string): Relationship[] {
  const found: Relationship[] = []
  const push = (rel: Relationship | undefined) => rel && found.push(rel)
  const byHint = (rel: Relationship | undefined) =>
    rel && (hint === undefined || rel.fk.name === hint || single(rel)?.source === hint || single(rel)?.target === hint)
  for (const fk of cache.foreignKeys) {
    if (fk.table === source.name && fk.refTable === source.name) {
      found.push(...selfCandidates(cache, fk, source, name, hint))
    } else if (cache.relations.has(name)) {
      if (fk.table === source.name && fk.refTable === name) {
        const rel = forward(cache, fk, source)
        if (byHint(rel)) push(rel)
      }
      if (fk.refTable === source.name && fk.table === name) {
        const rel = backward(cache, fk)
        if (byHint(rel)) push(rel)
      }
    } else if (hint === undefined) {
      // Not a table: a foreign-key column of the source, or a constraint name.
      if (fk.table === source.name && (fk.name === name || (fk.columns.length === 1 && fk.columns[0] === name))) {
        push(forward(cache, fk, source))
      } else if (fk.refTable === source.name && fk.name === name) push(backward(cache, fk))
    }
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
  const found = [...computedCandidates(cache, source, name), ...candidates(cache, source, name, hint)]
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
