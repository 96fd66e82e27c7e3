// Sorts a request's query parameters into the parts of a PostgREST query: select, filters (root or
// embedded), logic trees, order, limit/offset, columns, on_conflict, and the arguments of GET /rpc.
import { RestError, restErrors } from '../errors'
import { isFtsOperator, isSimpleOperator, type JsonStep, type ParsedQuery } from './ast'
import { Cursor } from './cursor'
import { defaultParseLimits, type ParseLimits } from './limits'
import { parseFilterValue, parseLogicValue } from './filters'
import { parseNameList, parseOrder } from './order'
import { parseSelect } from './select'

const reserved = new Set(['select', 'columns', 'on_conflict', 'apikey'])
const modifiers = new Set(['order', 'limit', 'offset', 'and', 'or'])

function parseKey(key: string, limits: ParseLimits): { segments: string[]; path: JsonStep[] } {
  const cursor = new Cursor(key, 'tree path', limits)
  const segments = [cursor.fieldName()]
  while (cursor.eat('.')) segments.push(cursor.fieldName())
  const path = cursor.jsonPath()
  if (!cursor.done) throw cursor.fail(['delimiter (.)', 'end of input'])
  return { segments, path }
}

/** Whether a GET /rpc parameter is a filter on the result rather than an argument (PostgREST's rule). */
function looksLikeFilter(key: string, value: string): boolean {
  if (key.includes('.')) return true
  const parts = value.split('.')
  const head = parts[0] ?? ''
  if (head === 'not' && parts.length > 1) return true
  if (head === 'is' || head === 'in') return true
  const op = head.replace(/\((any|all)\)$/, '').replace(/\(.*\)$/, '')
  return parts.length > 1 && (isSimpleOperator(op) || isFtsOperator(op))
}

function parseCount(key: 'limit' | 'offset', value: string): number {
  if (/^\d+$/.test(value)) return Number(value)
  if (key === 'limit' && /^-\d+$/.test(value))
    throw restErrors.invalidRange('Limit should be greater than or equal to zero.')
  throw new RestError(
    400,
    'PGRST100',
    `"failed to parse ${key} parameter (${value})"`,
    'expecting a non-negative integer',
  )
}

export function parseQuery(
  params: URLSearchParams,
  mode: 'table' | 'rpc',
  limits: ParseLimits = defaultParseLimits,
): ParsedQuery {
  const query: ParsedQuery = { select: [{ kind: 'star' }], filters: [], logic: [], order: [], limits: [], args: [] }
  const seen = new Set<string>()
  const limitFor = (path: string[]) => {
    const existing = query.limits.find((entry) => entry.path.join('\u0000') === path.join('\u0000'))
    if (existing) return existing
    const entry: ParsedQuery['limits'][number] = { path }
    query.limits.push(entry)
    return entry
  }
  for (const [key, value] of params) {
    if (reserved.has(key)) {
      if (seen.has(key)) continue
      seen.add(key)
      if (key === 'select') query.select = parseSelect(value, limits)
      else if (key === 'columns' && value !== '') query.columns = parseNameList(value, 'columns parameter')
      else if (key === 'on_conflict' && value !== '') query.onConflict = parseNameList(value, 'on_conflict parameter')
      continue
    }
    if (mode === 'rpc' && !modifiers.has(key.split('.').pop() as string) && !looksLikeFilter(key, value)) {
      query.args.push([key, value])
      continue
    }
    const { segments, path: jsonPath } = parseKey(key, limits)
    const last = segments[segments.length - 1] as string
    if (jsonPath.length === 0 && modifiers.has(last)) {
      if (value === '') continue
      let path = segments.slice(0, -1)
      if (last === 'order') query.order.push({ path, terms: parseOrder(value, limits) })
      else if (last === 'limit') limitFor(path).limit = parseCount('limit', value)
      else if (last === 'offset') limitFor(path).offset = parseCount('offset', value)
      else {
        const negate = path[path.length - 1] === 'not'
        if (negate) path = path.slice(0, -1)
        query.logic.push({ path, tree: parseLogicValue(last as 'and' | 'or', negate, value, limits) })
      }
      continue
    }
    const filter = { field: { name: last, path: jsonPath }, ...parseFilterValue(value, limits) }
    query.filters.push({ path: segments.slice(0, -1), filter })
  }
  return query
}
