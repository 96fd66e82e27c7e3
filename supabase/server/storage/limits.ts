// Upload limits: the server-wide maximum, a bucket's `file_size_limit` (bytes, or "20MB" style
// when a bucket is created) and its `allowed_mime_types` (exact types or `image/*` wildcards).
import { storageErrors } from './errors'

/** The largest upload the server accepts in any bucket, enforced while the body streams in. */
export const DEFAULT_MAX_UPLOAD_BYTES = 50 * 1024 * 1024

const UNITS: Record<string, number> = { B: 1, KB: 1e3, MB: 1e6, GB: 1e9, TB: 1e12 }

/** Bytes from a number or a size such as "1.5MB" (decimal units, as Supabase Storage reads them). */
export function parseFileSize(value: number | string): number {
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value) || value < 0) throw storageErrors.invalidRequest('Invalid file size limit')
    return value
  }
  const match = /^\s*(\d+(?:\.\d+)?)\s*(B|KB|MB|GB|TB)?\s*$/i.exec(value)
  if (!match?.[1]) throw storageErrors.invalidRequest('Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B')
  return Math.round(Number(match[1]) * (UNITS[(match[2] ?? 'B').toUpperCase()] ?? 1))
}

/** The most bytes an upload to this bucket may carry. */
export function uploadLimit(bucket: { file_size_limit: number | null }, maxUploadBytes: number): number {
  const own = bucket.file_size_limit
  return own !== null && own > 0 ? Math.min(own, maxUploadBytes) : maxUploadBytes
}

/** `type/subtype` in lower case, without parameters. */
export function mediaType(contentType: string): string {
  return (contentType.split(';')[0] ?? '').trim().toLowerCase()
}

// A Content-Type header: a type/subtype token pair and printable parameters.
const CONTENT_TYPE = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+\/[!#$%&'*+.^_`|~0-9A-Za-z-]+\s*(;[\x20-\x7e]*)?$/

/** Throws InvalidMimeType for a malformed type or one the bucket does not accept. */
export function requireAllowedType(contentType: string, allowed: readonly string[] | null) {
  if (contentType.length > 255 || !CONTENT_TYPE.test(contentType)) throw storageErrors.invalidMimeType(contentType)
  if (!allowed || allowed.length === 0) return
  const type = mediaType(contentType)
  const ok = allowed.some((pattern) => {
    const wanted = pattern.trim().toLowerCase()
    if (wanted === '*/*' || wanted === '*') return true
    return wanted.endsWith('/*') ? type.startsWith(wanted.slice(0, -1)) : type === wanted
  })
  if (!ok) throw storageErrors.invalidMimeType(contentType)
}

/** A Cache-Control value safe to store and send back as a header. */
export function requireHeaderValue(value: string, what: string): string {
  if (value.length > 1024 || !/^[\x20-\x7e]*$/.test(value)) throw storageErrors.invalidRequest(`Invalid ${what}`)
  return value
}
