// Writing objects: upload (POST, `x-upsert`), update (PUT, which replaces or creates), signed
// upload URLs and the uploads made with them, and copy.
// The bytes land on disk first, then the row is written as the caller, so RLS decides (and a
// write the policies refuse is refused before its body is read).
import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import { findBucket } from '../buckets'
import type { Context } from 'hono'
import { asCaller, requireCaller, type Caller } from '../caller'
import { storageErrors } from '../errors'
import { readJson } from '../json-body'
import { requireAllowedType, uploadLimit } from '../limits'
import { findObject, saveObject, type NewObject, type ObjectMetadata } from '../objects'
import { objectTarget, requireValidKey, type ObjectTarget } from '../paths'
import { dryRun, objectMetadata, withNewFile, type Handler, type StorageService } from '../service'
import { requireSignedUploadToken, signedUploadUrl } from '../signed-urls'
import { receiveUpload } from '../upload-body'

export function uploadHandler(service: StorageService, method: 'POST' | 'PUT'): Handler {
  return async (c) => {
    const caller = await requireCaller(service.deps, c)
    // PUT replaces (or creates), as Supabase Storage's update does; POST only with x-upsert.
    const upsert = method === 'PUT' || c.req.header('x-upsert')?.toLowerCase() === 'true'
    return c.json(await storeUpload(service, c, caller, objectTarget(c), upsert))
  }
}

/**
 * `POST /object/upload/sign/<bucket>/<key>`: a URL to upload that one object later without other
 * credentials. Asked of the policies now (as Supabase does), and again when the upload arrives.
 */
export function createSignedUploadHandler(service: StorageService): Handler {
  return async (c) => {
    const caller = await requireCaller(service.deps, c)
    const target = objectTarget(c)
    const bucket = await findBucket(service.deps.db, target.bucket)
    if (!bucket) throw storageErrors.noSuchBucket()
    const upsert = c.req.header('x-upsert')?.toLowerCase() === 'true'
    await dryRun(service, c, caller, (tx) =>
      saveObject(tx, newRow(bucket.id, target.key, caller, randomUUID()), upsert),
    )
    const expiresIn = service.deps.env.STORAGE_SIGNED_UPLOAD_SECONDS
    return c.json(await signedUploadUrl(service.deps.keys, caller, bucket.id, target.key, upsert, expiresIn))
  }
}

/** `PUT /object/upload/sign/<bucket>/<key>?token=…`: the upload, as the token's signer. */
export function signedUploadHandler(service: StorageService): Handler {
  return async (c) => {
    const target = objectTarget(c)
    const signed = await requireSignedUploadToken(service.deps.keys, c.req.query('token'), target.bucket, target.key)
    // Upsert as the token says (the x-upsert header is ignored); Storage answers only the Key here.
    const { Key } = await storeUpload(service, c, signed.caller, target, signed.upsert)
    return c.json({ Key })
  }
}

const placeholder = objectMetadata({ md5: '', size: 0, mimetype: 'application/octet-stream', cacheControl: 'no-cache' })

function newRow(
  bucketId: string,
  key: string,
  caller: Caller,
  version: string,
  metadata: ObjectMetadata = placeholder,
  userMetadata: Record<string, unknown> | null = null,
): NewObject {
  return { bucketId, name: key, owner: caller.owner, ownerId: caller.ownerId, version, metadata, userMetadata }
}

async function storeUpload(service: StorageService, c: Context, caller: Caller, target: ObjectTarget, upsert: boolean) {
  const { deps, files, maxUploadBytes } = service
  const bucket = await findBucket(deps.db, target.bucket)
  if (!bucket) throw storageErrors.noSuchBucket()
  const { key } = target
  // Refusals (RLS, an existing key) come before the body is read; the write itself checks again.
  await dryRun(service, c, caller, (tx) => saveObject(tx, newRow(bucket.id, key, caller, randomUUID()), upsert))

  const upload = await receiveUpload(files, c.req.raw, bucket, maxUploadBytes)
  const saved = await withNewFile(files, bucket.id, upload.version, () =>
    asCaller(deps, c, caller, (tx) =>
      saveObject(
        tx,
        newRow(bucket.id, key, caller, upload.version, objectMetadata(upload), upload.userMetadata),
        upsert,
      ),
    ),
  )
  await files.remove(bucket.id, [saved.replacedVersion])
  return { Id: saved.id, Key: `${bucket.id}/${key}` }
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
