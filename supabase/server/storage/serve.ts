// Turns a stored object into its download response: the bytes streamed from disk with Storage's
// headers, conditional (ETag) and single-range requests, and `?download` as an attachment.
import { Readable } from 'node:stream'
import { storageErrors } from './errors'
import type { ObjectFiles } from './files'
import type { ObjectRow } from './objects'
import { baseName } from './paths'
import { mediaType } from './limits'

// The site and the files share one origin, so a file must never run as the site's script or
// page: script types go out as plain text, and documents that could carry script as attachments.
const SCRIPT = /^(?:text|application)\/(?:x-)?(?:javascript|ecmascript|jscript|livescript)$|^application\/wasm$/
const ACTIVE_DOCUMENT =
  /^(?:text\/html|application\/xhtml\+xml|image\/svg\+xml|text\/xml|application\/xml|text\/xsl|[a-z-]+\/[\w.-]+\+xml)$/
const SAFE_HEADER = /^[\x20-\x7e]*$/

/** `value` when it is a short printable header value, else `fallback`. */
export function safeHeader(value: unknown, fallback: string): string {
  return typeof value === 'string' && value !== '' && value.length <= 1024 && SAFE_HEADER.test(value) ? value : fallback
}

/** A Content-Disposition that saves the file as `name` (ASCII fallback plus RFC 5987 UTF-8). */
export function attachment(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_')
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`)
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`
}

/** `[start, end]` (inclusive) for a single `bytes=` range, undefined to send everything. */
function parseRange(header: string | null, size: number): [number, number] | undefined {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null
  if (!match) return undefined
  const [, first = '', last = ''] = match
  if (first === '' && last === '') throw storageErrors.invalidRange()
  const start = first === '' ? Math.max(0, size - Number(last)) : Number(first)
  const end = first === '' || last === '' ? size - 1 : Math.min(Number(last), size - 1)
  if (start > end || start >= size) throw storageErrors.invalidRange()
  return [start, end]
}

/** The response for `row`, or undefined when its file is gone (a concurrent replace removed it). */
export async function serveObject(files: ObjectFiles, row: ObjectRow, request: Request): Promise<Response | undefined> {
  const meta = row.metadata ?? ({} as Partial<NonNullable<ObjectRow['metadata']>>)
  const storedType = safeHeader(meta.mimetype, 'application/octet-stream')
  const type = mediaType(storedType)
  const download = new URL(request.url).searchParams.get('download')
  const headers = new Headers({
    'content-type': SCRIPT.test(type) ? 'text/plain; charset=utf-8' : storedType,
    'cache-control': safeHeader(meta.cacheControl, 'no-cache'),
    'last-modified': new Date(row.updated_at).toUTCString(),
    'accept-ranges': 'bytes',
    // Stored files stay out of search engines, as Supabase Storage marks them.
    'x-robots-tag': 'none',
  })
  const etag = safeHeader(meta.eTag, '')
  if (etag) headers.set('etag', etag)
  if (download !== null || SCRIPT.test(type) || ACTIVE_DOCUMENT.test(type)) {
    headers.set('content-disposition', attachment(download || baseName(row.name)))
  }

  const ifNoneMatch = request.headers.get('if-none-match')
  if (etag && ifNoneMatch?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
    return new Response(null, { status: 304, headers })
  }

  const file = row.version ? await files.open(row.bucket_id, row.version) : undefined
  if (!file) return undefined
  let range: [number, number] | undefined
  try {
    range = parseRange(request.headers.get('range'), file.size)
  } catch (error) {
    await file.handle.close()
    throw error
  }
  const [start, end] = range ?? [0, file.size - 1]
  headers.set('content-length', String(Math.max(0, end - start + 1)))
  if (range) headers.set('content-range', `bytes ${start}-${end}/${file.size}`)
  const status = range ? 206 : 200

  if (request.method === 'HEAD' || file.size === 0) {
    await file.handle.close()
    return new Response(null, { status, headers })
  }
  const stream = file.handle.createReadStream({ start, end, autoClose: true })
  return new Response(Readable.toWeb(stream) as ReadableStream<Uint8Array>, { status, headers })
}
