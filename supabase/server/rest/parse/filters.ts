// Filter values (`[not.]op.value`, `in.(…)`, `is.null`, `fts(config).q`, `like(any).{…}`) and the
// logic trees of `or=(…)` / `and=(…)`, nested, with quoted values.
import { isFtsOperator, isSimpleOperator, quantifiableOperators } from './ast'
import type { Filter, IsValue, LogicTree, Operation } from './ast'
import { Cursor } from './cursor'
import { defaultParseLimits, limitExceeded, type ParseLimits } from './limits'

const isValues: IsValue[] = ['null', 'not_null', 'unknown', 'true', 'false']

/** The value of a `col=…` query parameter. */
export function parseFilterValue(
  value: string,
  limits: ParseLimits = defaultParseLimits,
): Pick<Filter, 'negate' | 'operation'> {
  const cursor = new Cursor(value, 'filter', limits)
  const result = parseOpExpr(cursor, false)
  if (!cursor.done) throw cursor.fail(['end of input'])
  return result
}

/** The value of an `or=`/`and=` parameter (`op` is the key's logic operator, `negate` its `not.`). */
export function parseLogicValue(
  op: 'and' | 'or',
  negate: boolean,
  value: string,
  limits: ParseLimits = defaultParseLimits,
): LogicTree {
  const cursor = new Cursor(`${negate ? 'not.' : ''}${op}${value}`, 'logic tree', limits)
  const tree = parseTree(cursor, 1)
  cursor.skipSpaces()
  if (!cursor.done) throw cursor.fail(['end of input'])
  return tree
}

function parseTree(cursor: Cursor, depth: number): LogicTree {
  if (depth > cursor.limits.maxFilterDepth)
    throw limitExceeded(cursor.limits, 'maxFilterDepth', 'The nesting of and/or in the logic tree')
  const negate = cursor.eat('not.')
  const op = cursor.eat('and') ? 'and' : cursor.eat('or') ? 'or' : undefined
  if (!op) throw cursor.fail(['logic operator (and, or)'])
  cursor.skipSpaces()
  cursor.expect('(')
  const children = [parseNode(cursor, depth)]
  for (;;) {
    cursor.skipSpaces()
    if (cursor.eat(')')) return { kind: 'logic', op, negate, children }
    if (!cursor.eat(',')) throw cursor.fail(['","', '")"'])
    children.push(parseNode(cursor, depth))
  }
}

function parseNode(cursor: Cursor, depth: number): LogicTree {
  cursor.skipSpaces()
  const afterNot = cursor.startsWith('not.') ? cursor.pos + 4 : cursor.pos
  if (cursor.input.startsWith('and(', afterNot) || cursor.input.startsWith('or(', afterNot))
    return parseTree(cursor, depth + 1)
  const field = cursor.field()
  cursor.expect('.')
  return { kind: 'filter', filter: { field, ...parseOpExpr(cursor, true) } }
}

function parseOpExpr(cursor: Cursor, inLogic: boolean): Pick<Filter, 'negate' | 'operation'> {
  const negate = cursor.eat('not.')
  return { negate, operation: parseOperation(cursor, inLogic) }
}

function parseOperation(cursor: Cursor, inLogic: boolean): Operation {
  if (cursor.eat('in.')) return { kind: 'in', values: parseList(cursor) }
  if (cursor.eat('is.')) {
    const word = isValues.find(
      (candidate) => cursor.input.slice(cursor.pos, cursor.pos + candidate.length).toLowerCase() === candidate,
    )
    if (!word) throw cursor.fail(['null or trilean value (unknown, true, false)'])
    cursor.pos += word.length
    return { kind: 'is', value: word }
  }
  const start = cursor.pos
  while (!cursor.done && cursor.peek() !== '.' && cursor.peek() !== '(') cursor.pos++
  const name = cursor.input.slice(start, cursor.pos)
  if (isFtsOperator(name)) {
    let config: string | undefined
    if (cursor.eat('(')) {
      config = cursor.typeName()
      cursor.expect(')')
    }
    cursor.expect('.')
    return { kind: 'fts', op: name, config, value: parseValue(cursor, inLogic) }
  }
  if (!isSimpleOperator(name)) {
    cursor.pos = start
    throw cursor.fail([], `unknown single value operator ${name}`)
  }
  const op = name
  let quantifier: 'any' | 'all' | undefined
  if (quantifiableOperators.includes(op) && (cursor.startsWith('(any)') || cursor.startsWith('(all)'))) {
    quantifier = cursor.input.slice(cursor.pos + 1, cursor.pos + 4) as 'any' | 'all'
    cursor.pos += 5
  }
  cursor.expect('.')
  const value = parseValue(cursor, inLogic)
  if (!quantifier) return { kind: 'op', op, value }
  if (!value.startsWith('{') || !value.endsWith('}'))
    throw cursor.fail([], `expected a list like {a,b} after ${op}(${quantifier})`)
  return { kind: 'op', op, quantifier, value, values: splitArrayLiteral(value.slice(1, -1)) }
}

/** A single value: the rest of the input, or inside a logic tree up to the next `,` or `)`. */
function parseValue(cursor: Cursor, inLogic: boolean): string {
  if (!inLogic) return cursor.rest()
  const start = cursor.pos
  const quoted = cursor.quoted()
  if (quoted !== undefined && (cursor.done || cursor.peek() === ',' || cursor.peek() === ')')) return quoted
  cursor.pos = start
  if (cursor.peek() === '{') {
    const close = cursor.input.indexOf('}', cursor.pos)
    if (close !== -1 && !cursor.input.slice(cursor.pos + 1, close).includes('{')) {
      cursor.pos = close + 1
      return cursor.input.slice(start, cursor.pos)
    }
  }
  while (!cursor.done && cursor.peek() !== ',' && cursor.peek() !== ')') cursor.pos++
  return cursor.input.slice(start, cursor.pos)
}

/** `(a,"b,c",d)`: elements may be double-quoted to hold commas and parentheses. */
function parseList(cursor: Cursor): string[] {
  cursor.skipSpaces()
  cursor.expect('(')
  const values: string[] = []
  cursor.skipSpaces()
  if (cursor.eat(')')) return values
  for (;;) {
    const start = cursor.pos
    const quoted = cursor.quoted()
    if (quoted !== undefined && (cursor.peek() === ',' || cursor.peek() === ')')) {
      values.push(quoted)
    } else {
      cursor.pos = start
      while (!cursor.done && cursor.peek() !== ',' && cursor.peek() !== ')') cursor.pos++
      values.push(cursor.input.slice(start, cursor.pos))
    }
    if (cursor.eat(')')) return values
    if (!cursor.eat(',')) throw cursor.fail(['","', '")"'])
  }
}

/** The elements of a `{a,"b c",d}` list body. */
function splitArrayLiteral(body: string): string[] {
  if (body.trim() === '') return []
  const cursor = new Cursor(body, 'filter')
  const values: string[] = []
  for (;;) {
    const start = cursor.pos
    const quoted = cursor.quoted()
    if (quoted !== undefined && (cursor.done || cursor.peek() === ',')) values.push(quoted)
    else {
      cursor.pos = start
      while (!cursor.done && cursor.peek() !== ',') cursor.pos++
      values.push(cursor.input.slice(start, cursor.pos).trim())
    }
    if (!cursor.eat(',')) return values
  }
}
