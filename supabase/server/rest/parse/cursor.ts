// A cursor over one query-string value, with the pieces of PostgREST's grammar that every parameter
// shares: field names (bare or double-quoted), JSON paths, and PGRST100 errors that point at a column.
import { restErrors, type RestError } from '../errors'
import type { FieldRef, JsonStep } from './ast'
import { defaultParseLimits, limitExceeded, type ParseLimits } from './limits'

const identifierChar = /[\p{L}\p{N}_$ ]/u

export class Cursor {
  pos = 0

  constructor(
    readonly input: string,
    /** What is being parsed, for the error message: "select parameter", "filter", "order"… */
    readonly what: string,
    readonly limits: ParseLimits = defaultParseLimits,
  ) {}

  get done() {
    return this.pos >= this.input.length
  }

  peek(offset = 0): string | undefined {
    return this.input[this.pos + offset]
  }

  startsWith(text: string) {
    return this.input.startsWith(text, this.pos)
  }

  eat(text: string): boolean {
    if (!this.startsWith(text)) return false
    this.pos += text.length
    return true
  }

  expect(text: string) {
    if (!this.eat(text)) throw this.fail([`"${text}"`])
  }

  skipSpaces() {
    while (this.peek() === ' ' || this.peek() === '\t') this.pos++
  }

  fail(expecting: string[], detailsOverride?: string): RestError {
    const next = this.peek()
    const unexpected = next === undefined ? 'end of input' : JSON.stringify(next)
    const details = detailsOverride ?? `unexpected ${unexpected} expecting ${expecting.join(', ')}`
    return restErrors.parse(this.what, this.input, this.pos + 1, details)
  }

  /** The rest of the input, consumed. */
  rest(): string {
    const text = this.input.slice(this.pos)
    this.pos = this.input.length
    return text
  }

  /** A double-quoted value with backslash escapes, or undefined (and no move) when not at a quote. */
  quoted(): string | undefined {
    if (this.peek() !== '"') return undefined
    const start = this.pos
    this.pos++
    let value = ''
    while (!this.done && this.peek() !== '"') {
      if (this.peek() === '\\' && this.pos + 1 < this.input.length) this.pos++
      value += this.peek()
      this.pos++
    }
    if (!this.eat('"')) {
      this.pos = start
      return undefined
    }
    return value
  }

  private identifier(): string {
    const start = this.pos
    while (!this.done && identifierChar.test(this.peek() as string)) this.pos++
    return this.input.slice(start, this.pos).trim()
  }

  /** A field name: `"quoted"`, or letters, digits, `_`, `$` and spaces, with single dashes allowed between. */
  fieldName(): string {
    const quoted = this.quoted()
    if (quoted !== undefined) return quoted
    this.skipSpaces()
    const parts = [this.identifier()]
    if (parts[0] === '') throw this.fail(['field name (* or [a..z0..9_$])'])
    while (this.peek() === '-' && this.peek(1) !== '>' && identifierChar.test(this.peek(1) ?? '')) {
      this.pos++
      parts.push(this.identifier())
    }
    return parts.join('-')
  }

  /** Zero or more `->key` / `->>key` / `->0` steps. */
  jsonPath(): JsonStep[] {
    const steps: JsonStep[] = []
    for (;;) {
      const arrow = this.eat('->>') ? '->>' : this.eat('->') ? '->' : undefined
      if (!arrow) return steps
      // PostgreSQL analyses a chain of `->` recursively: a long one would exhaust its stack.
      if (steps.length >= this.limits.maxFilterDepth)
        throw limitExceeded(this.limits, 'maxFilterDepth', `A JSON path in the ${this.what}`)
      const index = /^-?\d+/.exec(this.input.slice(this.pos))?.[0]
      const after = index === undefined ? undefined : this.input[this.pos + index.length]
      if (index !== undefined && (after === undefined || !identifierChar.test(after))) {
        this.pos += index.length
        steps.push({ arrow, key: index, index: true })
      } else {
        steps.push({ arrow, key: this.fieldName(), index: false })
      }
    }
  }

  field(): FieldRef {
    this.skipSpaces()
    const name = this.fieldName()
    const path = this.jsonPath()
    this.skipSpaces()
    return { name, path }
  }

  /** A type name for a cast: letters, digits, `_`, `$` and spaces. */
  typeName(): string {
    const name = this.identifier()
    if (name === '') throw this.fail(['letter or digit'])
    return name
  }
}
