// What the storage handlers share: the server's dependencies, the files on disk, the upload cap,
// and the rule for writing a new file version alongside its database row.
import type { Context } from 'hono'
import type { Queryable } from '../db/database'
import type { ServerDeps } from '../deps'
import { asCaller, type Caller } from './caller'
import { storageErrorResponse } from './errors'
import type { ObjectFiles } from './files'
import type { RenderGate } from './images/gate'
import type { RenderLimits } from './images/render'
import type { ObjectMetadata } from './objects'
import type { ReceivedUpload } from './upload-body'

export interface StorageService {
  deps: ServerDeps
  files: ObjectFiles
  maxUploadBytes: number
  /** Longest lifetime of a signed URL, in seconds. */
  maxSignedUrlSeconds: number
  /** Image transformations (/render/image): whether they are on, their limits and their gate. */
  images: ImageSettings
}

export interface ImageSettings extends RenderLimits {
  enabled: boolean
  /** Largest width or height a render is clamped to. */
  maxSize: number
  gate: RenderGate
}

export type Handler = (c: Context) => Promise<Response>

/** Every storage handler answers failures in Storage's error shape, never with the site's. */
export function guarded(handler: Handler): Handler {
  return async (c) => {
    try {
      return await handler(c)
    } catch (error) {
      return storageErrorResponse(error)
    }
  }
}

class Rollback extends Error {}

/**
 * Runs `work` as the caller and rolls it back: whether the policies accept a write, asked before a
 * single byte of its body is read, so a refused upload never costs a disk write.
 */
export async function dryRun(
  service: StorageService,
  c: Context,
  caller: Caller,
  work: (tx: Queryable) => Promise<unknown>,
) {
  try {
    await asCaller(service.deps, c, caller, async (tx) => {
      await work(tx)
      throw new Rollback()
    })
  } catch (error) {
    if (!(error instanceof Rollback)) throw error
  }
}

/**
 * The file `version` is already on disk; `work` writes the row pointing at it. If that fails the
 * file is removed (the row never existed), so a crash at any point leaves at worst an orphan file.
 */
export async function withNewFile<T>(files: ObjectFiles, bucketId: string, version: string, work: () => Promise<T>) {
  try {
    return await work()
  } catch (error) {
    await files.remove(bucketId, [version])
    throw error
  }
}

export function objectMetadata(
  upload: Pick<ReceivedUpload, 'md5' | 'size' | 'mimetype' | 'cacheControl'>,
): ObjectMetadata {
  return {
    eTag: `"${upload.md5}"`,
    size: upload.size,
    mimetype: upload.mimetype,
    cacheControl: upload.cacheControl,
    lastModified: new Date().toISOString(),
    contentLength: upload.size,
    httpStatusCode: 200,
  }
}
