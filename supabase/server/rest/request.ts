// One REST request in parsed form, as every handler receives it, and the shared steps that turn
// a page of rows into PostgREST's status and headers.
import type { Queryable } from '../db/database'
import { restErrors, type RestError } from './errors'
import type { ParsedQuery } from './parse/ast'
import type { ReadNode } from './plan/types'
import type { MediaType } from './media'
import { preferenceApplied, type AppliedTo, type Preferences } from './prefer'
import { contentRange, rangeStatus, type RestResult } from './response'

export type RestMethod = 'GET' | 'HEAD' | 'POST' | 'PATCH' | 'DELETE'

export interface RestRequest {
  method: RestMethod
  /** The table, view or function named in the path. */
  target: string
  query: ParsedQuery
  prefs: Preferences
  media: MediaType
  range?: { offset: number; limit?: number }
  /** The parsed JSON body of POST and PATCH. */
  body?: unknown
  /** An rpc body sent as text/plain, text/xml or application/octet-stream, for a single unnamed parameter. */
  rawBody?: RawBody
  /** Aggregate functions may be used in `select` (REST_DB_AGGREGATES_ENABLED). */
  aggregates: boolean
  /** `Accept` named nothing the server produces (406 PGRST107), reported once the request is planned. */
  unacceptable?: RestError
}

/** The 406 of an `Accept` the server cannot answer, at the point PostgREST negotiates: after planning. */
export function requireAcceptable(request: RestRequest) {
  if (request.unacceptable) throw request.unacceptable
}

export interface RawBody {
  /** The parameter type this media type feeds. */
  type: 'text' | 'xml' | 'bytea'
  /** The body as PostgreSQL reads that type's text (bytea as `\x…` hex). */
  text: string
}

/** Work prepared against the schema cache, to run inside the caller's transaction. */
export type Prepared = (tx: Queryable) => Promise<RestResult>

export const maxRows = 1000

/** Narrows the root's limit/offset by the `Range` header, as PostgREST intersects both. */
export function applyRange(root: ReadNode, range: RestRequest['range']) {
  if (!range) return
  const start = Math.max(root.offset ?? 0, range.offset)
  const ends = [
    root.limit === undefined ? Infinity : (root.offset ?? 0) + root.limit,
    range.limit === undefined ? Infinity : range.offset + range.limit,
  ]
  const end = Math.min(...ends)
  root.offset = start
  if (end !== Infinity) root.limit = Math.max(0, end - start)
}

export interface PageRow {
  total: string | null
  page_rows: number
  body: string | null
}

/** `name`: keep the statement prepared under it (see SchemaCache.statementName). */
export async function queryPage(tx: Queryable, sql: string, values: unknown[], name?: string): Promise<PageRow> {
  const { rows } = await tx.query<PageRow>(sql, values, { name })
  return rows[0] ?? { total: null, page_rows: 0, body: null }
}

/** Status, Content-Range and body for a read (of a table or of a function's rows). */
export function readResult(request: RestRequest, root: ReadNode, page: PageRow, to: AppliedTo = 'read'): RestResult {
  const offset = root.offset ?? 0
  const total = page.total === null ? undefined : Number(page.total)
  if (total !== undefined && offset > total) {
    throw restErrors.invalidRange(`An offset of ${offset} was requested, but there are only ${total} rows.`)
  }
  if (request.media.single && page.page_rows !== 1) throw restErrors.singular(page.page_rows)
  const headers: Record<string, string> = { 'Content-Range': contentRange(offset, page.page_rows, total) }
  const applied = preferenceApplied(request.prefs, to)
  if (applied) headers['Preference-Applied'] = applied
  return {
    status: request.media.single ? 200 : rangeStatus(page.page_rows, total),
    body: page.body ?? undefined,
    headers,
  }
}
