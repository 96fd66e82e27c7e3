// Writing objects: upload (POST, `x-upsert`), update (PUT, which replaces or creates) and copy.
// The bytes land on disk first, then the row is written as the caller, so RLS decides (and a
// write the policies refuse is refused before its body is read).
import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import { findBucket } from '../buckets'
import { asCaller, requireCaller } from '../caller'
import { storageErrors } from '../errors'
import { readJson } from '../json-body'
import { requireAllowedType, uploadLimit } from '../limits'
import { findObject, saveObject, type NewObject, type ObjectMetadata } from '../objects'
import { objectTarget, requireValidKey } from '../paths'
import { dryRun, objectMetadata, withNewFile, type Handler, type StorageService } from '../service'
import { receiveUpload } from '../upload-body'

export function uploadHandler(service: StorageService, method: 'POST' | 'PUT'): Handler {
  const { deps, files, maxUploadBytes } = service
  return async (c) => {
    const caller = await requireCaller(deps, c)
    const { bucket: bucketId, key } = objectTarget(c)
    const bucket = await findBucket(deps.db, bucketId)
    if (!bucket) throw storageErrors.noSuchBucket()
    // PUT replaces (or creates), as Supabase Storage's update does; POST only with x-upsert.
    const upsert = method === 'PUT' || c.req.header('x-upsert')?.toLowerCase() === 'true'
    const row = (
      version: string,
      metadata: ObjectMetadata,
      userMetadata: Record<string, unknown> | null,
    ): NewObject => ({
      bucketId: bucket.id,
      name: key,
      owner: caller.owner,
      ownerId: caller.ownerId,
      version,
      metadata,
      userMetadata,
    })
    // Refusals (RLS, an existing key) come before the body is read; the write itself checks again.
    const placeholder = objectMetadata({
      md5: '',
      size: 0,
      mimetype: 'application/octet-stream',
      cacheControl: 'no-cache',
    })
    await dryRun(service, c, caller, (tx) => saveObject(tx, row(randomUUID(), placeholder, null), upsert))

    const upload = await receiveUpload(files, c.req.raw, bucket, maxUploadBytes)
    const saved = await withNewFile(files, bucket.id, upload.version, () =>
      asCaller(deps, c, caller, (tx) =>
        saveObject(tx, row(upload.version, objectMetadata(upload), upload.userMetadata), upsert),
      ),
    )
    await files.remove(bucket.id, [saved.replacedVersion])
    return c.json({ Id: saved.id, Key: `${bucket.id}/${key}` })
  }
}

export const transferBody = z.object({
  bucketId: z.string().min(1),
  sourceKey: z.string(),
  destinationKey: z.string(),
  destinationBucket: z.string().min(1).optional().nullable(),
})

export function copyHandler({ deps, files, maxUploadBytes }: StorageService): Handler {
  return async (c) => {
    const caller = await requireCaller(deps, c)
    const body = await readJson(c.req.raw, transferBody)
    const sourceKey = requireValidKey(body.sourceKey)
    const destinationKey = requireValidKey(body.destinationKey)
    const source = await asCaller(deps, c, caller, (tx) => findObject(tx, body.bucketId, sourceKey), { readOnly: true })
    if (!source?.version || !source.metadata) throw storageErrors.noSuchKey()
    const target = await findBucket(deps.db, body.destinationBucket ?? body.bucketId)
    if (!target) throw storageErrors.noSuchBucket()
    const meta = source.metadata
    if (meta.size > uploadLimit(target, maxUploadBytes)) throw storageErrors.entityTooLarge()
    requireAllowedType(meta.mimetype, target.allowed_mime_types)

    const version = await files.duplicate(source.bucket_id, source.version, target.id)
    const upsert = c.req.header('x-upsert')?.toLowerCase() === 'true'
    const saved = await withNewFile(files, target.id, version, () =>
      asCaller(deps, c, caller, (tx) =>
        saveObject(
          tx,
          {
            bucketId: target.id,
            name: destinationKey,
            owner: caller.owner,
            ownerId: caller.ownerId,
            version,
            metadata: { ...meta, lastModified: new Date().toISOString() },
            userMetadata: source.user_metadata,
          },
          upsert,
        ),
      ),
    )
    await files.remove(target.id, [saved.replacedVersion])
    return c.json({ Id: saved.id, Key: `${target.id}/${destinationKey}` })
  }
}
