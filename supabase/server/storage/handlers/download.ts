// Reading objects: the authenticated download (RLS decides), the public one (public buckets only),
// the signed one (the token decides), and an object's info.
import { findBucket } from '../buckets'
import { asCaller, requireCaller } from '../caller'
import { storageErrors } from '../errors'
import { findObject, type ObjectRow } from '../objects'
import { objectTarget } from '../paths'
import { serveObject } from '../serve'
import type { Handler, StorageService } from '../service'
import { requireSignedToken } from '../signed-urls'

/** Serves the row `load` finds; looks again once if a concurrent replace removed its file meanwhile. */
async function serveLatest(service: StorageService, request: Request, load: () => Promise<ObjectRow | undefined>) {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const row = await load()
    if (!row) break
    const response = await serveObject(service.files, row, request)
    if (response) return response
    if (attempt === 1) console.error(`storage: the file of ${row.bucket_id}/${row.name} is missing`)
  }
  throw storageErrors.noSuchKey()
}

export function authenticatedDownload(service: StorageService): Handler {
  return async (c) => {
    const caller = await requireCaller(service.deps, c)
    const { bucket, key } = objectTarget(c)
    return serveLatest(service, c.req.raw, () =>
      asCaller(service.deps, c, caller, (tx) => findObject(tx, bucket, key), { readOnly: true }),
    )
  }
}

export function publicDownload(service: StorageService): Handler {
  return async (c) => {
    const { bucket: bucketId, key } = objectTarget(c)
    const bucket = await findBucket(service.deps.db, bucketId)
    if (!bucket?.public) throw storageErrors.noSuchBucket()
    return serveLatest(service, c.req.raw, () => findObject(service.deps.db, bucket.id, key))
  }
}

export function signedDownload(service: StorageService): Handler {
  return async (c) => {
    const { bucket, key } = objectTarget(c)
    const signer = await requireSignedToken(service.deps.keys, c.req.query('token'), bucket, key)
    // Read as the signer: an object they may no longer read answers as one that is gone.
    return serveLatest(service, c.req.raw, () =>
      asCaller(service.deps, c, signer, (tx) => findObject(tx, bucket, key), { readOnly: true }),
    )
  }
}

export function objectInfo(service: StorageService): Handler {
  return async (c) => {
    const caller = await requireCaller(service.deps, c)
    const { bucket, key } = objectTarget(c)
    const row = await asCaller(service.deps, c, caller, (tx) => findObject(tx, bucket, key), { readOnly: true })
    if (!row) throw storageErrors.noSuchKey()
    return c.json({
      id: row.id,
      version: row.version,
      name: row.name,
      bucket_id: row.bucket_id,
      size: row.metadata?.size ?? null,
      content_type: row.metadata?.mimetype ?? null,
      cache_control: row.metadata?.cacheControl ?? null,
      etag: row.metadata?.eTag ?? null,
      metadata: row.user_metadata ?? {},
      last_modified: row.updated_at,
      created_at: row.created_at,
    })
  }
}
