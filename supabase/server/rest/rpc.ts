// Functions called through /rest/v1/rpc/<fn>: choosing the overload whose parameter names match the
// arguments given, and the call itself with each argument converted by PostgreSQL from JSON.
import { ident, qualified, type SqlParams } from './build/sql'
import { restErrors } from './errors'
import { closest } from './fuzzy'
import type { DbFunction, SchemaCache } from './schema-cache'

/** A function called with the whole JSON body as its one unnamed `json`/`jsonb` argument (PostgREST 9+). */
export const isSingleUnnamedJson = (fn: DbFunction) =>
  fn.params.length === 1 && fn.params[0]?.name === '' && ['json', 'jsonb'].includes(fn.params[0]?.type ?? '')

/**
 * The overload to call: the one whose named parameters match the arguments given (defaults may be
 * left out); failing that, by POST, a function with a single unnamed json/jsonb parameter, which
 * receives the whole body. Other functions with unnamed parameters cannot be called, as in PostgREST.
 */
export function resolveFunction(
  cache: SchemaCache,
  name: string,
  argNames: string[],
  jsonBody: boolean,
  bodyIsObject = true,
): { fn: DbFunction; wholeBody: boolean } {
  const keys = [...new Set(argNames)].sort()
  const overloads = cache.functions.get(name) ?? []
  const named = overloads.filter((fn) => fn.params.every((param) => param.name !== ''))
  const matches = bodyIsObject
    ? named.filter(
        (fn) =>
          keys.every((key) => fn.params.some((param) => param.name === key)) &&
          fn.params.every((param) => param.hasDefault || keys.includes(param.name)),
      )
    : []
  if (matches.length === 1) return { fn: matches[0] as DbFunction, wholeBody: false }
  if (matches.length === 0) {
    const unnamed = jsonBody ? overloads.find(isSingleUnnamedJson) : undefined
    if (unnamed) return { fn: unnamed, wholeBody: true }
    const suggestion =
      named.length > 0
        ? `${name}(${[...(named[0]?.params ?? [])]
            .map((param) => param.name)
            .sort()
            .join(', ')})`
        : closest(name, cache.functions.keys(), 0.75)
    throw restErrors.noFunction(name, keys, jsonBody, suggestion)
  }
  throw restErrors.ambiguousFunction(
    matches.map((fn) => `public.${fn.name}(${fn.params.map((param) => `${param.name} => ${param.type}`).join(', ')})`),
  )
}

/** `public."fn"($1::jsonb)`: the whole body as the one unnamed argument. */
export function callWholeBodySql(fn: DbFunction, body: unknown, params: SqlParams): string {
  return `${qualified(fn.name)}(${params.typed(JSON.stringify(body ?? {}), fn.params[0]?.type ?? 'json')})`
}

/**
 * `public."fn"("a" => …, "b" => …)`. Each argument is bound as JSON and read back with the
 * parameter's own type (from the catalog), so numbers, arrays, json and dates convert as in PostgREST.
 */
export function callSql(fn: DbFunction, args: Record<string, unknown>, params: SqlParams): string {
  const named = Object.entries(args).map(([name, value]) => {
    const param = fn.params.find((candidate) => candidate.name === name)
    if (!param) throw restErrors.noFunction(fn.name, Object.keys(args).sort(), true)
    const json = params.typed(JSON.stringify({ [name]: value }), 'json')
    const column = ident(name)
    return `${column} => (select _a.${column} from json_to_record(${json}) as _a(${column} ${param.type}))`
  })
  return `${qualified(fn.name)}(${named.join(', ')})`
}
