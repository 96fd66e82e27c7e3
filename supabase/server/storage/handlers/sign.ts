// Creating signed URLs: one (`POST /object/sign/<bucket>/<key>`) or several
// (`POST /object/sign/<bucket>`). Only objects the caller may read (SELECT policy) get one.
import { z } from 'zod'
import { asCaller, requireCaller } from '../caller'
import { storageErrors } from '../errors'
import { readJson } from '../json-body'
import { findObject, findObjects } from '../objects'
import { bucketOnly, objectTarget } from '../paths'
import type { Handler, StorageService } from '../service'
import { requireExpiresIn, signedObjectUrl, type SignedTransform } from '../signed-urls'
import { clampSize, encodeTransform, readTransform } from '../images/options'

const oneBody = z.object({ expiresIn: z.unknown(), transform: z.unknown().optional() })
const manyBody = z.object({ expiresIn: z.unknown(), paths: z.array(z.string()).min(1).max(1000) })

const NOT_FOUND = 'Either the object does not exist or you do not have access to it'

export function signHandler(service: StorageService): Handler {
  const { deps } = service
  return async (c) => {
    const caller = await requireCaller(deps, c)
    const bucket = bucketOnly(c)
    if (bucket !== undefined) {
      const body = await readJson(c.req.raw, manyBody)
      const expiresIn = requireExpiresIn(body.expiresIn, service.maxSignedUrlSeconds)
      const rows = await asCaller(deps, c, caller, (tx) => findObjects(tx, bucket, body.paths), { readOnly: true })
      const visible = new Set(rows.map((row) => row.name))
      const signed = await Promise.all(
        body.paths.map(async (path) =>
          visible.has(path)
            ? { error: null, path, signedURL: await signedObjectUrl(deps.keys, caller, bucket, path, expiresIn) }
            : { error: NOT_FOUND, path, signedURL: null },
        ),
      )
      return c.json(signed)
    }

    const target = objectTarget(c)
    const body = await readJson(c.req.raw, oneBody)
    const expiresIn = requireExpiresIn(body.expiresIn, service.maxSignedUrlSeconds)
    const transform = signedTransform(body.transform, service)
    const row = await asCaller(deps, c, caller, (tx) => findObject(tx, target.bucket, target.key), { readOnly: true })
    if (!row) throw storageErrors.noSuchKey()
    return c.json({
      signedURL: await signedObjectUrl(deps.keys, caller, target.bucket, target.key, expiresIn, transform),
    })
  }
}

/**
 * A `transform` asked of a signed URL: checked as the render routes check it, and, while image
 * transformations are on, put in the token as Storage puts it (clamped, `format` on its own).
 */
function signedTransform(value: unknown, service: StorageService): SignedTransform | undefined {
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'object' || Array.isArray(value))
    throw storageErrors.invalidRequest('body/transform must be object')
  const options = readTransform(value as Record<string, unknown>, 'body/transform')
  if (!service.images.enabled) return undefined
  const transformations = encodeTransform(clampSize(options, service.images.maxSize))
  return transformations ? { transformations, ...(options.format ? { format: options.format } : {}) } : undefined
}
