// Finds the relationship behind an embed `name!hint(...)` from a relation, as PostgREST does: by
// target name (a table or view; many-to-many through a junction too), by FK column or by constraint
// name, narrowed by the hint (a constraint, a column of either end, or a junction's name); none →
// PGRST200, several → PGRST201 listed in PostgREST's order.
import { restErrors } from '../errors'
import { closest } from '../fuzzy'
import type { ForeignKey, Junction, Relation, SchemaCache } from '../schema-cache'

export interface Relationship {
  cardinality: 'many-to-one' | 'one-to-many' | 'one-to-one' | 'many-to-many'
  fk: ForeignKey
  target: Relation
  /** Equalities that join a target row to its source row (none through a junction). */
  pairs: Array<{ target: string; source: string }>
  /** A computed relationship: the function of the source row whose result rows are the target's. */
  via?: { fn: string; source: Relation }
  /** Read from the referenced side of the key (`fk.refTable` is the source). */
  inverse?: boolean
  /** Many-to-many: the junction's rows join a target row (`target`) to its source row (`source`). */
  junction?: {
    relation: Relation
    /** The junction's key to the source (`fk` is its key to the target). */
    sourceKey: string
    source: Array<{ junction: string; source: string }>
    target: Array<{ junction: string; target: string }>
  }
}

export const isToOne = (rel: Relationship) => rel.cardinality === 'many-to-one' || rel.cardinality === 'one-to-one'

/** `rel(...)` naming a function of the source's row that returns rows of an exposed relation. */
function computedCandidates(cache: SchemaCache, source: Relation, name: string): Relationship[] {
  const found: Relationship[] = []
  for (const computed of cache.computedRelationships) {
    const target = cache.relations.get(computed.target)
    if (computed.source !== source.name || computed.function !== name || !target) continue
    found.push({
      cardinality: computed.toOne ? 'many-to-one' : 'one-to-many',
      fk: {
        name: computed.function,
        table: source.name,
        columns: [],
        refTable: target.name,
        refColumns: [],
        oneToOne: false,
      },
      target,
      pairs: [],
      via: { fn: computed.function, source },
    })
  }
  return found
}

function forward(cache: SchemaCache, fk: ForeignKey): Relationship | undefined {
  const target = cache.relations.get(fk.refTable)
  if (!target) return undefined
  const pairs = fk.columns.map((column, i) => ({ source: column, target: fk.refColumns[i] as string }))
  return { cardinality: fk.oneToOne ? 'one-to-one' : 'many-to-one', fk, target, pairs }
}

function backward(cache: SchemaCache, fk: ForeignKey): Relationship | undefined {
  const target = cache.relations.get(fk.table)
  if (!target) return undefined
  const pairs = fk.columns.map((column, i) => ({ target: column, source: fk.refColumns[i] as string }))
  return { cardinality: fk.oneToOne ? 'one-to-one' : 'one-to-many', fk, target, pairs, inverse: true }
}

function manyToMany(cache: SchemaCache, junction: Junction): Relationship | undefined {
  const target = cache.relations.get(junction.target.refTable)
  const relation = cache.relations.get(junction.relation)
  if (!target || !relation) return undefined
  const { source: from, target: to } = junction
  return {
    cardinality: 'many-to-many',
    fk: to,
    target,
    pairs: [],
    junction: {
      relation,
      sourceKey: from.name,
      source: from.columns.map((column, i) => ({ junction: column, source: from.refColumns[i] as string })),
      target: to.columns.map((column, i) => ({ junction: column, target: to.refColumns[i] as string })),
    },
  }
}

/** Every relationship from `source` through foreign keys and junctions. */
function relationshipsOf(cache: SchemaCache, source: Relation): Relationship[] {
  const found: Array<Relationship | undefined> = []
  for (const fk of cache.foreignKeys) {
    if (fk.table === source.name) found.push(forward(cache, fk))
    if (fk.refTable === source.name) found.push(backward(cache, fk))
  }
  for (const junction of cache.junctions) {
    if (junction.source.refTable === source.name) found.push(manyToMany(cache, junction))
  }
  return found.filter((rel): rel is Relationship => rel !== undefined)
}

const single = (rel: Relationship) => (rel.pairs.length === 1 ? rel.pairs[0] : undefined)
const isSelf = (rel: Relationship, source: Relation) => rel.target.name === source.name

/**
 * PostgREST's rules. A self-referencing key gives two relationships with one constraint: the
 * table's name is the to-many side (`children:people(*)`, or `people!parent_id(*)` with the key
 * column as hint), the key column the to-one side (`parent_id(*)`). Otherwise the name is the
 * target's, or (not for a view) a constraint's or a key column's; a hint then names a constraint,
 * a key column on either end, or the junction.
 */
function matches(rel: Relationship, source: Relation, name: string, hint?: string): boolean {
  if (rel.junction === undefined && isSelf(rel, source)) {
    const toMany = rel.inverse === true
    if (hint !== undefined) return name === source.name && toMany && single(rel)?.target === hint
    if (name === source.name) return toMany
    return !toMany && single(rel)?.source === name
  }
  if (rel.junction !== undefined && isSelf(rel, source)) return false
  if (hint === undefined) {
    if (rel.target.name === name) return true
    if (rel.junction !== undefined || rel.target.isView) return false
    return rel.fk.name === name || single(rel)?.source === name
  }
  if (rel.target.name !== name) return false
  if (rel.junction !== undefined) return rel.junction.relation.name === hint
  return rel.fk.name === hint || single(rel)?.source === hint || single(rel)?.target === hint
}

const cardinalityRank = { 'one-to-many': 0, 'many-to-one': 1, 'one-to-one': 2, 'many-to-many': 3 }

/** PostgREST lists candidates sorted: by target, self or not, cardinality, then constraint. */
function sortKey(rel: Relationship, source: Relation): string[] {
  const tail = rel.junction
    ? [rel.junction.relation.name, rel.junction.sourceKey, rel.fk.name]
    : [rel.fk.name, ...rel.pairs.map((pair) => pair.source)]
  return [rel.target.name, isSelf(rel, source) ? '1' : '0', String(cardinalityRank[rel.cardinality]), ...tail]
}

function compareKeys(a: string[], b: string[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const x = a[i] as string
    const y = b[i] as string
    if (x !== y) return x < y ? -1 : 1
  }
  return a.length - b.length
}

const columnList = (columns: string[]) => `(${columns.join(', ')})`

function describe(rel: Relationship, source: Relation) {
  const embedding = `${source.name} with ${rel.target.name}`
  if (rel.junction) {
    const fromKey = rel.junction.source.map((pair) => pair.junction)
    const toKey = rel.junction.target.map((pair) => pair.junction)
    return {
      cardinality: rel.cardinality,
      embedding,
      relationship: `${rel.junction.relation.name} using ${rel.junction.sourceKey}${columnList(fromKey)} and ${rel.fk.name}${columnList(toKey)}`,
    }
  }
  const sourceCols = rel.pairs.map((pair) => pair.source)
  const targetCols = rel.pairs.map((pair) => pair.target)
  return {
    cardinality: rel.cardinality,
    embedding,
    relationship: `${rel.fk.name} using ${source.name}${columnList(sourceCols)} and ${rel.target.name}${columnList(targetCols)}`,
  }
}

export function findRelationship(cache: SchemaCache, source: Relation, name: string, hint?: string): Relationship {
  const all = relationshipsOf(cache, source)
  const found = [
    ...computedCandidates(cache, source, name),
    ...all
      .filter((rel) => matches(rel, source, name, hint))
      .sort((a, b) => compareKeys(sortKey(a, source), sortKey(b, source))),
  ]
  if (found.length === 1) return found[0] as Relationship
  if (found.length === 0) {
    const related = all.map((rel) => rel.target.name)
    throw restErrors.noRelationship(source.name, name, hint, hint === undefined ? closest(name, related) : undefined)
  }
  const details = found.map((rel) => describe(rel, source))
  const hints = found.map((rel) => `'${rel.target.name}!${rel.junction ? rel.junction.relation.name : rel.fk.name}'`)
  throw restErrors.ambiguousRelationship(source.name, name, details, hints)
}
