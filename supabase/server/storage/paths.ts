// Object keys and bucket names as they arrive in URLs and bodies: decoded, checked, and turned
// into the `<bucket>/<key>` pair every object route works on.
import type { Context } from 'hono'
import { storageErrors } from './errors'

export interface ObjectTarget {
  bucket: string
  key: string
}

const MAX_KEY_BYTES = 1024
const MAX_BUCKET_NAME = 100
// C0 and C1 control characters, DEL included.
// eslint-disable-next-line no-control-regex -- control characters are what it finds
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/
// `?` and `#` cannot travel in the URLs storage-js builds (it never escapes them), so a key holding
// one could never be downloaded or signed; backslashes are path separators on some systems.
const FORBIDDEN = /[\\?#]/
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/
// The characters Supabase Storage allows in bucket names.
const BUCKET_NAME = /^[\w!.*'() &$@=;:+,?-]+$/

/**
 * The path segments after the fixed part of the matched route (`/storage/v1/object/sign/*` → what
 * `*` matched), each percent-decoded on its own, so an escaped `%2F` cannot fake a separator early.
 */
export function wildcardSegments(c: Context): string[] {
  const fixed = c.req.routePath.replace(/\/\*$/, '').split('/').length
  const raw = new URL(c.req.url).pathname.split('/').slice(fixed)
  try {
    return raw.map((segment) => decodeURIComponent(segment))
  } catch {
    throw storageErrors.invalidKey(raw.join('/'))
  }
}

/** Throws InvalidKey unless `key` is a safe, relative object name. */
export function requireValidKey(key: string): string {
  const bad =
    key.length === 0 ||
    LONE_SURROGATE.test(key) ||
    Buffer.byteLength(key, 'utf8') > MAX_KEY_BYTES ||
    CONTROL.test(key) ||
    FORBIDDEN.test(key) ||
    key.split('/').some((segment) => segment === '' || segment === '.' || segment === '..')
  if (bad) throw storageErrors.invalidKey(key)
  return key
}

/** `<bucket>/<key…>` from the route's wildcard; the key is validated. */
export function objectTarget(c: Context): ObjectTarget {
  const [bucket = '', ...rest] = wildcardSegments(c)
  if (!bucket) throw storageErrors.noSuchBucket()
  return { bucket, key: requireValidKey(rest.join('/')) }
}

/** The bucket of a route whose wildcard is just `<bucket>`, or undefined when more follows. */
export function bucketOnly(c: Context): string | undefined {
  const segments = wildcardSegments(c)
  return segments.length === 1 && segments[0] ? segments[0] : undefined
}

export function isValidBucketName(name: string): boolean {
  return name.length <= MAX_BUCKET_NAME && BUCKET_NAME.test(name) && name !== '.' && name !== '..'
}

/** A list prefix as Storage reads it: no leading slash, and a trailing one when not empty. */
export function normalizePrefix(prefix: string): string {
  const trimmed = prefix.replace(/^\/+/, '')
  return trimmed === '' || trimmed.endsWith('/') ? trimmed : `${trimmed}/`
}

/** The last segment of a key, the name a download is saved under. */
export function baseName(key: string): string {
  return key.slice(key.lastIndexOf('/') + 1)
}
