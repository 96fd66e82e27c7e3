// Image transformations (`/render/image/...`), as Supabase Storage serves them: the public render
// (public buckets only), the authenticated one (the object policies decide, as for a download, so a
// file the caller may not read answers exactly as a missing one), and the signed one (the token
// carries the transformation; the signer must still be able to read the file, as for downloads).
import { stat } from 'node:fs/promises'
import type { Context } from 'hono'
import { findBucket } from '../buckets'
import { asCaller, requireCaller } from '../caller'
import { storageErrors } from '../errors'
import {
  appliedTransformations,
  clampSize,
  decodeTransform,
  queryTransform,
  type TransformOptions,
} from '../images/options'
import { renderImage } from '../images/render'
import { findObject, type ObjectRow } from '../objects'
import { baseName, objectTarget } from '../paths'
import { attachment, safeHeader } from '../serve'
import type { Handler, StorageService } from '../service'
import { requireSignedRenderToken } from '../signed-urls'

interface RenderRequest {
  options: TransformOptions
  /** A signed URL's expiry, sent as `Expires` in place of the object's Cache-Control. */
  expires?: number
}

async function fileSize(path: string): Promise<number | undefined> {
  try {
    return (await stat(path)).size
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
}

function headersFor(row: ObjectRow, c: Context, render: RenderRequest): Headers {
  const meta = row.metadata ?? ({} as Partial<NonNullable<ObjectRow['metadata']>>)
  const headers = new Headers({
    'last-modified': new Date(row.updated_at).toUTCString(),
    'x-robots-tag': 'none',
  })
  const etag = safeHeader(meta.eTag, '')
  if (etag) headers.set('etag', etag)
  if (render.expires) headers.set('expires', new Date(render.expires * 1000).toUTCString())
  else headers.set('cache-control', safeHeader(meta.cacheControl, 'no-cache'))
  // Without a format asked, the Accept header chooses (WebP or the source's): caches must know.
  if (!render.options.format) headers.set('vary', 'Accept')
  const download = c.req.query('download')
  if (download !== undefined) headers.set('content-disposition', attachment(download || baseName(row.name)))
  return headers
}

/** Renders the row `load` finds; looks again once if a concurrent replace removed its file meanwhile. */
async function renderLatest(
  service: StorageService,
  c: Context,
  render: RenderRequest,
  load: () => Promise<ObjectRow | undefined>,
): Promise<Response> {
  const { images, files } = service
  const options = clampSize(render.options, images.maxSize)
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const row = await load()
    if (!row) break
    const headers = headersFor(row, c, render)
    const etag = headers.get('etag')
    const ifNoneMatch = c.req.header('if-none-match')
    if (etag && ifNoneMatch?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag))
      return new Response(null, { status: 304, headers })
    const path = row.version ? files.pathOf(row.bucket_id, row.version) : undefined
    const size = path ? await fileSize(path) : undefined
    if (path === undefined || size === undefined) continue
    const image = await renderImage(path, size, options, c.req.header('accept') ?? null, images, images.gate)
    headers.set('content-type', image.contentType)
    headers.set('content-length', String(image.body.byteLength))
    const applied = appliedTransformations(options)
    if (applied) headers.set('x-transformations', applied)
    return new Response(c.req.method === 'HEAD' ? null : new Uint8Array(image.body), { status: 200, headers })
  }
  throw storageErrors.noSuchKey()
}

export function renderPublic(service: StorageService): Handler {
  return async (c) => {
    const options = queryTransform(c.req.url)
    const { bucket: bucketId, key } = objectTarget(c)
    const bucket = await findBucket(service.deps.db, bucketId)
    if (!bucket?.public) throw storageErrors.noSuchBucket()
    return renderLatest(service, c, { options }, () => findObject(service.deps.db, bucket.id, key))
  }
}

export function renderAuthenticated(service: StorageService): Handler {
  return async (c) => {
    const caller = await requireCaller(service.deps, c)
    const options = queryTransform(c.req.url)
    const { bucket, key } = objectTarget(c)
    return renderLatest(service, c, { options }, () =>
      asCaller(service.deps, c, caller, (tx) => findObject(tx, bucket, key), { readOnly: true }),
    )
  }
}

export function renderSigned(service: StorageService): Handler {
  return async (c) => {
    const { bucket, key } = objectTarget(c)
    const { caller, payload } = await requireSignedRenderToken(service.deps.keys, c.req.query('token'), bucket, key)
    // Only the token's transformation counts: the query's width and the like are not part of what was signed.
    const transformations = typeof payload.transformations === 'string' ? payload.transformations : ''
    const options = decodeTransform(transformations, payload.format)
    const expires = typeof payload.exp === 'number' ? payload.exp : undefined
    // Read as the signer: an object they may no longer read answers as one that is gone.
    return renderLatest(service, c, { options, expires }, () =>
      asCaller(service.deps, c, caller, (tx) => findObject(tx, bucket, key), { readOnly: true }),
    )
  }
}
