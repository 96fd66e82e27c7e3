// The `select` parameter: columns, `*`, `alias:col`, `col::type`, JSON paths, aggregates
// (`count()`, `col::type.sum()::type`), and embedded resources `alias:rel!hint!inner(...)` /
// `...rel(...)`, nested to any depth. Whether aggregates are allowed is the planner's to say.
import { aggregateFunctions, type AggregateFunction, type SelectItem } from './ast'
import { Cursor } from './cursor'
import { defaultParseLimits, limitExceeded, type ParseLimits } from './limits'

/** Counts embeds while parsing, so the limits stop the descent before it goes deeper. */
class SelectCursor extends Cursor {
  embeds = 0
}

export function parseSelect(input: string, limits: ParseLimits = defaultParseLimits): SelectItem[] {
  if (input.trim() === '') return [{ kind: 'star' }]
  const cursor = new SelectCursor(input, 'select parameter', limits)
  const items = parseList(cursor, 0)
  if (!cursor.done) throw cursor.fail(['","', 'end of input'])
  return items
}

function parseList(cursor: SelectCursor, depth: number): SelectItem[] {
  const items = [parseItem(cursor, depth)]
  for (;;) {
    cursor.skipSpaces()
    if (!cursor.eat(',')) return items
    items.push(parseItem(cursor, depth))
  }
}

function atItemEnd(cursor: Cursor) {
  cursor.skipSpaces()
  return cursor.done || cursor.peek() === ',' || cursor.peek() === ')'
}

function parseItem(cursor: SelectCursor, depth: number): SelectItem {
  cursor.skipSpaces()
  if (cursor.eat('*')) {
    if (!atItemEnd(cursor)) throw cursor.fail(['")"', '","', 'end of input'])
    return { kind: 'star' }
  }
  if (cursor.eat('...')) {
    const name = cursor.fieldName()
    return parseEmbed(cursor, depth, name, undefined, true)
  }
  const first = cursor.fieldName()
  let alias: string | undefined
  let name = first
  if (cursor.peek() === ':' && cursor.peek(1) !== ':') {
    cursor.pos++
    alias = first
    cursor.skipSpaces()
    if (cursor.eat('...')) throw cursor.fail(['field name (* or [a..z0..9_$])'])
    name = cursor.fieldName()
  }
  // `count(` never starts an embed (PostgREST's rule): `count()` is the aggregate of a group's rows.
  if (name === 'count' && cursor.startsWith('()')) {
    cursor.pos += 2
    const aggregateCast = cursor.eat('::') ? cursor.typeName() : undefined
    if (!atItemEnd(cursor)) throw cursor.fail(['"::"', '")"', '","', 'end of input'])
    return { kind: 'countAll', alias, aggregateCast }
  }
  if ((cursor.peek() === '!' || cursor.peek() === '(') && name !== 'count')
    return parseEmbed(cursor, depth, name, alias, false)
  const path = cursor.jsonPath()
  const cast = cursor.eat('::') ? cursor.typeName() : undefined
  let aggregate: AggregateFunction | undefined
  if (cursor.peek() === '.') {
    cursor.pos++
    const fn = aggregateFunctions.find((candidate) => cursor.startsWith(`${candidate}()`))
    if (!fn) throw cursor.fail(aggregateFunctions.map((candidate) => `"${candidate}()"`))
    cursor.pos += fn.length + 2
    aggregate = fn
  }
  const aggregateCast = aggregate && cursor.eat('::') ? cursor.typeName() : undefined
  if (!atItemEnd(cursor)) throw cursor.fail(['"->>"', '"->"', '"::"', '"."', '")"', '","', 'end of input'])
  return { kind: 'field', field: { name, path }, alias, cast, aggregate, aggregateCast }
}

function parseEmbed(
  cursor: SelectCursor,
  depth: number,
  name: string,
  alias: string | undefined,
  spread: boolean,
): SelectItem {
  const { limits } = cursor
  if (depth + 1 > limits.maxEmbedDepth)
    throw limitExceeded(limits, 'maxEmbedDepth', 'The depth of embedded resources in the select parameter')
  if (++cursor.embeds > limits.maxEmbeds)
    throw limitExceeded(limits, 'maxEmbeds', 'The number of embedded resources in the select parameter')
  let hint: string | undefined
  let inner = false
  for (let i = 0; i < 2 && cursor.eat('!'); i++) {
    if (cursor.startsWith('inner') && !/[\p{L}\p{N}_$]/u.test(cursor.peek(5) ?? '')) {
      cursor.pos += 5
      inner = true
    } else if (cursor.startsWith('left') && !/[\p{L}\p{N}_$]/u.test(cursor.peek(4) ?? '')) {
      cursor.pos += 4
    } else {
      hint = cursor.fieldName()
    }
  }
  cursor.expect('(')
  cursor.skipSpaces()
  const children = cursor.peek() === ')' ? [] : parseList(cursor, depth + 1)
  cursor.skipSpaces()
  cursor.expect(')')
  if (!atItemEnd(cursor)) throw cursor.fail(['")"', '","', 'end of input'])
  return { kind: 'embed', name, alias, hint, inner, spread, children }
}
