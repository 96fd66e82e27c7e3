// Listing, removing and moving objects, each as the caller: what their policies hide is neither
// listed, removed nor moved.
import type { Context } from 'hono'
import { z } from 'zod'
import type { ServerDeps } from '../../deps'
import { findBucket } from '../buckets'
import { asCaller, requireCaller } from '../caller'
import { storageErrors } from '../errors'
import { readJson } from '../json-body'
import { requireAllowedType, uploadLimit } from '../limits'
import { decodeListCursor, listObjects, listObjectsV2, listSortColumns, listV2Columns, type ListCursor } from '../list'
import { deleteObjects, findObject, moveObject } from '../objects'
import { bucketOnly, normalizePrefix, objectTarget, requireValidKey } from '../paths'
import { withNewFile, type Handler, type StorageService } from '../service'
import { transferBody } from './upload'

/** A list's order, in either case, as Storage takes it. */
const sortOrder = z
  .string()
  .transform((order) => order.toLowerCase())
  .pipe(z.enum(['asc', 'desc']))
  .default('asc')

const listBody = z.object({
  prefix: z.string().max(1024).default(''),
  limit: z.number().int().min(1).max(1000).default(100),
  offset: z.number().int().min(0).default(0),
  sortBy: z
    .object({
      column: z.enum(listSortColumns).default('name'),
      order: sortOrder,
    })
    .default({ column: 'name', order: 'asc' }),
  search: z.string().max(1024).default(''),
})

/** A list's caller, its bucket (`…/list/<bucket>`) and its body, refused in that order. */
async function listRequest<T extends z.ZodType>(deps: ServerDeps, c: Context, schema: T) {
  const caller = await requireCaller(deps, c)
  const bucket = bucketOnly(c)
  if (bucket === undefined) throw storageErrors.noSuchBucket()
  return { caller, bucket, body: await readJson(c.req.raw, schema) }
}

export function listHandler({ deps }: StorageService): Handler {
  return async (c) => {
    const { caller, bucket, body } = await listRequest(deps, c, listBody)
    const entries = await asCaller(
      deps,
      c,
      caller,
      (tx) =>
        listObjects(tx, bucket, {
          prefix: normalizePrefix(body.prefix),
          limit: body.limit,
          offset: body.offset,
          sortColumn: body.sortBy.column,
          sortOrder: body.sortBy.order,
          search: body.search,
        }),
      { readOnly: true },
    )
    return c.json(entries)
  }
}

const listV2Body = z.object({
  prefix: z.string().max(1024).default(''),
  limit: z.number().int().min(1).max(1000).default(1000),
  cursor: z.string().max(2048).optional(),
  with_delimiter: z.boolean().default(false),
  sortBy: z
    .object({
      // By name, or by a date then name: the cursor carries both.
      column: z.enum(listV2Columns).default('name'),
      order: sortOrder,
    })
    .default({ column: 'name', order: 'asc' }),
})

/** Where a `list-v2` cursor says to go on; a cursor that is not ours is Storage's InvalidParameter. */
function cursorKey(cursor: string | undefined): ListCursor | null {
  if (cursor === undefined || cursor === '') return null
  const key = decodeListCursor(cursor)
  // A date that PostgreSQL would not read is not one this server wrote.
  if (key === undefined || (key.value !== undefined && !/^[0-9 :.+-]+$|^-infinity$/.test(key.value)))
    throw storageErrors.invalidParameter('Invalid Parameter continuation token')
  return key
}

export function listV2Handler({ deps }: StorageService): Handler {
  return async (c) => {
    const { caller, bucket, body } = await listRequest(deps, c, listV2Body)
    const options = {
      prefix: body.prefix.replace(/^\/+/, ''),
      limit: body.limit,
      withDelimiter: body.with_delimiter,
      after: cursorKey(body.cursor),
      order: body.sortBy.order,
      column: body.sortBy.column,
    }
    return c.json(await asCaller(deps, c, caller, (tx) => listObjectsV2(tx, bucket, options), { readOnly: true }))
  }
}

const removeBody = z.object({ prefixes: z.array(z.string()).min(1).max(1000) })

/** `DELETE /object/<bucket>` with `{prefixes}` (several), or `DELETE /object/<bucket>/<key>` (one). */
export function removeHandler({ deps, files }: StorageService): Handler {
  return async (c) => {
    const caller = await requireCaller(deps, c)
    const bucket = bucketOnly(c)
    if (bucket !== undefined) {
      const body = await readJson(c.req.raw, removeBody)
      const removed = await asCaller(deps, c, caller, (tx) => deleteObjects(tx, bucket, body.prefixes))
      await files.remove(
        bucket,
        removed.map((row) => row.version),
      )
      return c.json(removed)
    }
    const target = objectTarget(c)
    const removed = await asCaller(deps, c, caller, (tx) => deleteObjects(tx, target.bucket, [target.key]))
    if (removed.length === 0) throw storageErrors.noSuchKey()
    await files.remove(
      target.bucket,
      removed.map((row) => row.version),
    )
    return c.json({ message: 'Successfully deleted' })
  }
}

export function moveHandler({ deps, files, maxUploadBytes }: StorageService): Handler {
  return async (c) => {
    const caller = await requireCaller(deps, c)
    const body = await readJson(c.req.raw, transferBody)
    const from = { bucketId: body.bucketId, name: requireValidKey(body.sourceKey) }
    const to = { bucketId: body.destinationBucket ?? body.bucketId, name: requireValidKey(body.destinationKey) }
    const source = await asCaller(deps, c, caller, (tx) => findObject(tx, from.bucketId, from.name), { readOnly: true })
    if (!source) throw storageErrors.noSuchKey()

    if (to.bucketId === from.bucketId) {
      const moved = await asCaller(deps, c, caller, (tx) =>
        moveObject(tx, { ...from, version: source.version }, { ...to, version: source.version }),
      )
      if (!moved) throw storageErrors.noSuchKey()
      return c.json({ message: 'Successfully moved' })
    }

    // Another bucket is another folder on disk: the bytes get a new version file there first.
    const target = await findBucket(deps.db, to.bucketId)
    if (!target) throw storageErrors.noSuchBucket()
    if (!source.version || !source.metadata) throw storageErrors.noSuchKey()
    if (source.metadata.size > uploadLimit(target, maxUploadBytes)) throw storageErrors.entityTooLarge()
    requireAllowedType(source.metadata.mimetype, target.allowed_mime_types)
    const version = await files.duplicate(source.bucket_id, source.version, target.id)
    await withNewFile(files, target.id, version, async () => {
      const moved = await asCaller(deps, c, caller, (tx) =>
        moveObject(tx, { ...from, version: source.version }, { ...to, version }),
      )
      if (!moved) throw storageErrors.noSuchKey()
    })
    await files.remove(source.bucket_id, [source.version])
    return c.json({ message: 'Successfully moved' })
  }
}
