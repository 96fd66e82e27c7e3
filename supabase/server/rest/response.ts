// Building responses: the JSON body as PostgreSQL serialized it, `Content-Range` with the page and
// total as PostgREST writes it, and error bodies in PostgREST's shape.
import type { RestError } from './errors'
import { planContentType, type MediaType } from './media'

export interface RestResult {
  status: number
  /** JSON (or CSV) text, or undefined for an empty body. */
  body?: string
  headers: Record<string, string>
}

/** `0-9/42`, `*\/0`, `0-9/*`: the rows returned from `offset` and the total when it was counted. */
export function contentRange(offset: number, rows: number, total: number | undefined): string {
  const range = rows > 0 && total !== 0 ? `${offset}-${offset + rows - 1}` : '*'
  return `${range}/${total === undefined ? '*' : total}`
}

/** 206 when a counted total is larger than the page, as PostgREST answers a partial read. */
export function rangeStatus(rows: number, total: number | undefined): number {
  return total !== undefined && rows < total ? 206 : 200
}

/** The body's type follows the negotiated media type (prefer.ts). */
export function toResponse(result: RestResult, head: boolean, media: MediaType): Response {
  const headers = new Headers(result.headers)
  if (result.body !== undefined || head) {
    const type = media.plan
      ? planContentType(media.plan)
      : media.csv
        ? 'text/csv'
        : media.single
          ? 'application/vnd.pgrst.object+json'
          : 'application/json'
    headers.set('Content-Type', `${type}; charset=utf-8`)
  }
  const status = result.status
  const body = head || status === 204 ? null : (result.body ?? null)
  // A known length lets the compression middleware leave small bodies alone (its 1 KiB threshold).
  if (typeof body === 'string') headers.set('Content-Length', String(Buffer.byteLength(body)))
  return new Response(body, { status, headers })
}

export function errorResponse(error: RestError): Response {
  const headers = new Headers(error.headers)
  headers.set('Content-Type', 'application/json; charset=utf-8')
  return new Response(JSON.stringify(error.body()), { status: error.status, headers })
}
