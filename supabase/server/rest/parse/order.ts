// `order=a.desc.nullslast,b,rel(c).asc`, and the name lists of `columns=` and `on_conflict=`.
import type { OrderTerm } from './ast'
import { Cursor } from './cursor'
import { defaultParseLimits, type ParseLimits } from './limits'

export function parseOrder(input: string, limits: ParseLimits = defaultParseLimits): OrderTerm[] {
  const cursor = new Cursor(input, 'order', limits)
  const terms = [parseTerm(cursor)]
  while (cursor.eat(',')) terms.push(parseTerm(cursor))
  if (!cursor.done) throw cursor.fail(['","', 'end of input'])
  return terms
}

function parseTerm(cursor: Cursor): OrderTerm {
  let field = cursor.field()
  let relation: string | undefined
  if (field.path.length === 0 && cursor.eat('(')) {
    relation = field.name
    field = cursor.field()
    cursor.expect(')')
  }
  const term: OrderTerm = { field, relation }
  if (cursor.eat('.asc')) term.direction = 'asc'
  else if (cursor.eat('.desc')) term.direction = 'desc'
  if (cursor.eat('.nullsfirst')) term.nulls = 'first'
  else if (cursor.eat('.nullslast')) term.nulls = 'last'
  cursor.skipSpaces()
  if (!cursor.done && cursor.peek() !== ',') {
    if (cursor.peek() === '.') {
      cursor.pos++
      throw cursor.fail(
        term.direction ? ['"nullsfirst"', '"nullslast"'] : ['"asc"', '"desc"', '"nullsfirst"', '"nullslast"'],
      )
    }
    throw cursor.fail(['","', 'end of input'])
  }
  return term
}

/** `"a","b"` or `a,b`: a list of column names. */
export function parseNameList(input: string, what: string): string[] {
  const cursor = new Cursor(input, what)
  const names = [cursor.field().name]
  while (cursor.eat(',')) names.push(cursor.field().name)
  if (!cursor.done) throw cursor.fail(['","', 'end of input'])
  return names
}
