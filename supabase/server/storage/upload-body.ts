// Receives an upload's bytes and settings as storage-js sends them: a raw body with content-type,
// cache-control and base64 `x-metadata` headers, or multipart/form-data with the file part (under
// the empty field name) and `cacheControl`/`metadata` fields. Limits apply while the body streams.
import type { Bucket } from './buckets'
import { StorageError, storageErrors } from './errors'
import type { ObjectFiles, StoredFile } from './files'
import { requireAllowedType, requireHeaderValue, uploadLimit } from './limits'

export interface ReceivedUpload extends StoredFile {
  mimetype: string
  cacheControl: string
  userMetadata: Record<string, unknown> | null
}

// Room for the multipart boundaries, part headers and the small text fields around the file.
const MULTIPART_OVERHEAD = 1024 * 1024
const DEFAULT_CACHE_CONTROL = 'no-cache'

function parseMetadata(text: string | null): Record<string, unknown> | null {
  if (text === null || text === '') return null
  try {
    const value: unknown = JSON.parse(text)
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>
  } catch {
    // reported below
  }
  throw storageErrors.invalidRequest('Invalid metadata: it must be a JSON object')
}

function requireDeclaredLength(request: Request, limit: number) {
  const declared = Number(request.headers.get('content-length') ?? NaN)
  if (Number.isFinite(declared) && declared > limit) throw storageErrors.entityTooLarge()
}

/** Passes bytes through, failing with EntityTooLarge once more than `limit` have gone by. */
function capped(body: ReadableStream<Uint8Array>, limit: number): ReadableStream<Uint8Array> {
  let seen = 0
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength
        if (seen > limit) controller.error(storageErrors.entityTooLarge())
        else controller.enqueue(chunk)
      },
    }),
  )
}

export async function receiveUpload(
  files: ObjectFiles,
  request: Request,
  bucket: Bucket,
  maxUploadBytes: number,
): Promise<ReceivedUpload> {
  const limit = uploadLimit(bucket, maxUploadBytes)
  const contentType = request.headers.get('content-type') ?? 'application/octet-stream'
  if (/^multipart\/form-data\b/i.test(contentType)) return receiveMultipart(files, request, bucket, limit, contentType)

  requireAllowedType(contentType, bucket.allowed_mime_types)
  const cacheControl = requireHeaderValue(
    request.headers.get('cache-control') ?? DEFAULT_CACHE_CONTROL,
    'cache-control',
  )
  const encoded = request.headers.get('x-metadata')
  const userMetadata = parseMetadata(encoded === null ? null : Buffer.from(encoded, 'base64').toString('utf8'))
  requireDeclaredLength(request, limit)
  const stored = await files.write(bucket.id, request.body, limit)
  return { ...stored, mimetype: contentType, cacheControl, userMetadata }
}

async function receiveMultipart(
  files: ObjectFiles,
  request: Request,
  bucket: Bucket,
  limit: number,
  contentType: string,
): Promise<ReceivedUpload> {
  requireDeclaredLength(request, limit + MULTIPART_OVERHEAD)
  let form: FormData
  try {
    const body = request.body ? capped(request.body, limit + MULTIPART_OVERHEAD) : null
    form = await new Response(body, { headers: { 'content-type': contentType } }).formData()
  } catch (error) {
    if (error instanceof StorageError) throw error
    throw storageErrors.invalidRequest('The request body is not valid multipart/form-data')
  }
  // storage-js names the file part '', other clients 'file': the first file part is the object.
  const file = [...form.values()].find((value): value is File => typeof value !== 'string')
  if (!file) throw storageErrors.invalidRequest('No content provided')
  if (file.size > limit) throw storageErrors.entityTooLarge()
  const mimetype = file.type || 'application/octet-stream'
  requireAllowedType(mimetype, bucket.allowed_mime_types)

  const field = (name: string) => {
    const value = form.get(name)
    return typeof value === 'string' ? value : null
  }
  const maxAge = field('cacheControl')
  const cacheControl = requireHeaderValue(maxAge ? `max-age=${maxAge}` : DEFAULT_CACHE_CONTROL, 'cacheControl')
  const userMetadata = parseMetadata(field('metadata'))
  const stored = await files.write(bucket.id, file.stream(), limit)
  return { ...stored, mimetype, cacheControl, userMetadata }
}
