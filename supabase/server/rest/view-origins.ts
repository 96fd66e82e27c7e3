// Where a view's columns come from. PostgreSQL keeps a view's query as a node tree
// (`pg_rewrite.ev_action`); each output column of its top query (a TARGETENTRY) records the table
// and column it reads when it is a plain column reference (`resorigtbl`, `resorigcol`), as PostgreSQL
// also reports it to clients. A view over a view names the inner view: `ViewOrigins` follows those
// through to the table, so a view inherits the keys of the columns it passes on unchanged.

/** A view column's origin: a table's (or another view's) column, by oid and attribute number. */
export interface ColumnOrigin {
  table: number
  column: number
}

type Token = { text: string; structural: boolean }

/** PostgreSQL's node tree tokens: `(){}` alone, else runs up to whitespace, `\` escaping a character. */
function tokenize(text: string): Token[] {
  const tokens: Token[] = []
  let i = 0
  while (i < text.length) {
    const ch = text[i] as string
    if (ch === ' ' || ch === '\n' || ch === '\t') {
      i++
    } else if ('(){}'.includes(ch)) {
      tokens.push({ text: ch, structural: true })
      i++
    } else {
      let word = ''
      while (i < text.length && !' \n\t(){}'.includes(text[i] as string)) {
        if (text[i] === '\\' && i + 1 < text.length) i++
        word += text[i]
        i++
      }
      tokens.push({ text: word, structural: false })
    }
  }
  return tokens
}

type Value = string | Value[] | NodeValue
interface NodeValue {
  node: string
  fields: Map<string, Value>
}

class Reader {
  private at = 0
  constructor(private readonly tokens: Token[]) {}

  private peek() {
    return this.tokens[this.at]
  }

  private next(): Token {
    const token = this.tokens[this.at++]
    if (!token) throw new Error('unexpected end of node tree')
    return token
  }

  private isKey(token: Token | undefined) {
    return token !== undefined && !token.structural && token.text.startsWith(':')
  }

  private isClose(token: Token | undefined, close: string) {
    return token !== undefined && token.structural && token.text === close
  }

  value(): Value {
    const token = this.next()
    if (token.structural && token.text === '{') return this.node()
    if (token.structural && token.text === '(') return this.list()
    if (token.structural) throw new Error(`unexpected ${token.text}`)
    return token.text
  }

  private node(): NodeValue {
    const node: NodeValue = { node: this.next().text, fields: new Map() }
    while (!this.isClose(this.peek(), '}')) {
      const key = this.next()
      if (!this.isKey(key)) throw new Error(`expected a field in ${node.node}`)
      node.fields.set(key.text.slice(1), this.value())
      // A datum is written as its length then its bytes (`4 [ 1 0 0 0 ]`): more than one token.
      while (this.peek() && !this.isKey(this.peek()) && !this.isClose(this.peek(), '}')) this.value()
    }
    this.next()
    return node
  }

  private list(): Value[] {
    const items: Value[] = []
    while (!this.isClose(this.peek(), ')')) items.push(this.value())
    this.next()
    return items
  }
}

const isNode = (value: Value | undefined, name: string): value is NodeValue =>
  typeof value === 'object' && !Array.isArray(value) && value.node === name

/**
 * The origins of a view's columns by attribute number, from its `ev_action` text: only columns its
 * top query passes on as they are. Anything it cannot read gives no origins (no relationships).
 */
export function viewColumnOrigins(definition: string): Map<number, ColumnOrigin> {
  const origins = new Map<number, ColumnOrigin>()
  let queries: Value
  try {
    queries = new Reader(tokenize(definition)).value()
  } catch {
    return origins
  }
  const query = Array.isArray(queries) ? queries[0] : undefined
  if (!isNode(query, 'QUERY')) return origins
  const targets = query.fields.get('targetList')
  if (!Array.isArray(targets)) return origins
  for (const entry of targets) {
    if (!isNode(entry, 'TARGETENTRY') || entry.fields.get('resjunk') === 'true') continue
    const resno = Number(entry.fields.get('resno'))
    const table = Number(entry.fields.get('resorigtbl'))
    const column = Number(entry.fields.get('resorigcol'))
    if (Number.isInteger(resno) && table > 0 && column > 0) origins.set(resno, { table, column })
  }
  return origins
}

/** Every view's columns, followed through views over views down to a table's column. */
export class ViewOrigins {
  private readonly direct = new Map<number, Map<number, ColumnOrigin>>()

  constructor(views: Array<{ oid: number; definition: string }>) {
    for (const view of views) this.direct.set(view.oid, viewColumnOrigins(view.definition))
  }

  isView(oid: number) {
    return this.direct.has(oid)
  }

  /** The table column a view column reads, if it reads one unchanged. */
  origin(view: number, column: number): ColumnOrigin | undefined {
    let current: ColumnOrigin | undefined = { table: view, column }
    const seen = new Set<number>()
    while (current && this.direct.has(current.table)) {
      if (seen.has(current.table)) return undefined
      seen.add(current.table)
      current = this.direct.get(current.table)?.get(current.column)
    }
    return current
  }
}
