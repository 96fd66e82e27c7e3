// Functions called through /rest/v1/rpc/<fn>: choosing the overload whose parameter names match the
// arguments given, and the call itself with each argument converted by PostgreSQL from JSON.
import { ident, qualified, type SqlParams } from './build/sql'
import { restErrors } from './errors'
import { closest } from './fuzzy'
import type { RawBody } from './request'
import type { DbFunction, OverloadRank, SchemaCache } from './schema-cache'

const unnamedTypes = new Set(['json', 'jsonb', 'text', 'xml', 'bytea'])

/** PostgREST calls a function only if every parameter is named, or its one parameter is an unnamed json/jsonb/text/xml/bytea. */
const callable = (fn: DbFunction) =>
  fn.params.every((param) => param.name !== '') ||
  (fn.params.length === 1 && unnamedTypes.has(fn.params[0]?.type ?? ''))

/** A function whose one parameter is unnamed receives the whole body, whatever its keys. */
export const takesWholeBody = (fn: DbFunction) => fn.params.length === 1 && fn.params[0]?.name === ''

/** The body a POST carries: JSON (matched by keys, then by an unnamed json/jsonb), or a raw media type. */
export type RpcBodyKind = 'json' | 'none' | RawBody['type']

/**
 * The overload to call (PostgREST's findProc): the callable one whose parameter names match the
 * arguments given, an unnamed parameter's name being `""`; failing that, by POST, the one whose
 * single unnamed parameter takes the body's media type (json/jsonb for JSON). Several: PGRST203.
 */
export function resolveFunction(
  cache: SchemaCache,
  name: string,
  /** undefined: a JSON body that is not an object, which only an unnamed parameter can take. */
  argNames: string[] | undefined,
  body: RpcBodyKind,
): DbFunction {
  const keys = [...new Set(argNames ?? [])].sort()
  const overloads = (cache.functions.get(name) ?? []).filter(callable)
  let matches =
    argNames !== undefined && (body === 'json' || body === 'none')
      ? overloads.filter(
          (fn) =>
            keys.every((key) => fn.params.some((param) => param.name === key)) &&
            fn.params.every((param) => param.hasDefault || keys.includes(param.name)),
        )
      : []
  if (matches.length === 0 && body !== 'none') {
    const wanted = body === 'json' ? ['json', 'jsonb'] : [body]
    matches = overloads.filter((fn) => takesWholeBody(fn) && wanted.includes(fn.params[0]?.type ?? ''))
  }
  if (matches.length === 1) return matches[0] as DbFunction
  if (matches.length === 0) {
    const named = overloads.find((fn) => fn.params.length > 0 && !takesWholeBody(fn))
    const suggestion = named
      ? `${name}(${named.params
          .map((param) => param.name)
          .sort()
          .join(', ')})`
      : closest(name, cache.functions.keys(), 0.75)
    const unnamed = body === 'none' ? false : body === 'json' ? 'json/jsonb' : body
    throw restErrors.noFunction(name, keys, unnamed, suggestion)
  }
  throw restErrors.ambiguousFunction(
    [...matches]
      .sort(compareOverloads)
      .map((fn) => `public.${fn.name}(${fn.params.map((param) => `${param.name} => ${param.type}`).join(', ')})`),
  )
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)
const compareFlag = (a: boolean, b: boolean) => Number(a) - Number(b)
// PostgREST's FuncVolatility lists Volatile, Stable, Immutable in that order.
const volatilityOrder = ['v', 's', 'i']

/** PostgREST's order of one name's overloads (`Ord Routine`): fewer parameters first, then field by field. */
export function compareOverloads(a: DbFunction, b: DbFunction): number {
  if (a.params.length !== b.params.length) return a.params.length - b.params.length
  const x = a.rank
  const y = b.rank
  if (x.description !== y.description) {
    if (x.description === null) return -1
    if (y.description === null) return 1
    return compareText(x.description, y.description)
  }
  for (let i = 0; i < x.params.length; i++) {
    const [nameA, typeA, maxA, requiredA, variadicA] = x.params[i] as OverloadRank['params'][number]
    const [nameB, typeB, maxB, requiredB, variadicB] = y.params[i] as OverloadRank['params'][number]
    const order =
      compareText(nameA, nameB) ||
      compareText(typeA, typeB) ||
      compareText(maxA, maxB) ||
      compareFlag(requiredA, requiredB) ||
      compareFlag(variadicA, variadicB)
    if (order !== 0) return order
  }
  return (
    compareFlag(x.returnsSet, y.returnsSet) ||
    compareFlag(x.composite, y.composite) ||
    compareText(x.returnSchema, y.returnSchema) ||
    compareText(x.returnName, y.returnName) ||
    volatilityOrder.indexOf(x.volatility) - volatilityOrder.indexOf(y.volatility)
  )
}

/** `public."fn"($1::type)`: the whole body (JSON text, or the raw body's text) as the one argument. */
export function callWholeBodySql(fn: DbFunction, bodyText: string, params: SqlParams): string {
  return `${qualified(fn.name)}(${params.typed(bodyText, fn.params[0]?.type ?? 'json')})`
}

/**
 * `public."fn"("a" => …, "b" => …)`. Each argument is bound as JSON and read back with the
 * parameter's own type (from the catalog), so numbers, arrays, json and dates convert as in PostgREST.
 */
export function callSql(fn: DbFunction, args: Record<string, unknown>, params: SqlParams): string {
  const named = Object.entries(args).map(([name, value]) => {
    const param = fn.params.find((candidate) => candidate.name === name)
    if (!param) throw restErrors.noFunction(fn.name, Object.keys(args).sort(), 'json/jsonb')
    const json = params.typed(JSON.stringify({ [name]: value }), 'json')
    const column = ident(name)
    return `${column} => (select _a.${column} from json_to_record(${json}) as _a(${column} ${param.type}))`
  })
  return `${qualified(fn.name)}(${named.join(', ')})`
}
