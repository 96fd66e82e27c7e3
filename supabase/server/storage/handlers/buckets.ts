// The bucket API, as the caller: RLS on storage.buckets decides (with no policies, only the
// service role sees or changes buckets, as on Supabase). Migrations usually create buckets in SQL.
import { z } from 'zod'
import { isPgError } from '../../db/database'
import { bucketSortColumns, deleteBucket, findBucket, insertBucket, listBuckets, updateBucket } from '../buckets'
import { asCaller, requireCaller } from '../caller'
import { storageErrors } from '../errors'
import { readJson } from '../json-body'
import { parseFileSize } from '../limits'
import { deleteAllObjects } from '../objects'
import { isValidBucketName } from '../paths'
import type { Handler, StorageService } from '../service'

const settings = {
  public: z.boolean().optional(),
  file_size_limit: z.union([z.number(), z.string()]).nullable().optional(),
  allowed_mime_types: z.array(z.string().min(1).max(255)).max(100).nullable().optional(),
}
const createBody = z.object({ id: z.string().optional(), name: z.string(), ...settings })
const updateBody = z.object(settings)

const sizeOrNull = (value: number | string | null | undefined) =>
  value === null || value === undefined ? null : parseFileSize(value)

const listQuery = z.object({
  limit: z.coerce.number().int().min(1).max(1000).optional(),
  offset: z.coerce.number().int().min(0).default(0),
  search: z.string().max(100).optional(),
  sortColumn: z.enum(bucketSortColumns).default('name'),
  sortOrder: z.enum(['asc', 'desc']).default('asc'),
})

export function bucketHandlers({ deps, files }: StorageService) {
  return {
    async list(c) {
      const caller = await requireCaller(deps, c)
      const query = listQuery.safeParse(c.req.query())
      if (!query.success) throw storageErrors.invalidRequest('Invalid bucket list options')
      return c.json(await asCaller(deps, c, caller, (tx) => listBuckets(tx, query.data), { readOnly: true }))
    },

    async get(c) {
      const caller = await requireCaller(deps, c)
      const bucket = await asCaller(deps, c, caller, (tx) => findBucket(tx, c.req.param('id') ?? ''), {
        readOnly: true,
      })
      if (!bucket) throw storageErrors.noSuchBucket()
      // One bucket has no `type`, as Storage's route selects it; the list has it.
      const { type: _type, ...single } = bucket
      return c.json(single)
    },

    async create(c) {
      const caller = await requireCaller(deps, c)
      const body = await readJson(c.req.raw, createBody)
      const id = body.id ?? body.name
      if (!isValidBucketName(id)) throw storageErrors.invalidBucketName()
      const input = {
        id,
        public: body.public ?? false,
        fileSizeLimit: sizeOrNull(body.file_size_limit),
        allowedMimeTypes: body.allowed_mime_types ?? null,
      }
      try {
        await asCaller(deps, c, caller, (tx) => insertBucket(tx, input, caller.owner, caller.ownerId))
      } catch (error) {
        if (isPgError(error) && error.code === '23505') throw storageErrors.bucketAlreadyExists()
        throw error
      }
      return c.json({ name: id })
    },

    async update(c) {
      const caller = await requireCaller(deps, c)
      const body = await readJson(c.req.raw, updateBody)
      const id = c.req.param('id') ?? ''
      const changed = await asCaller(deps, c, caller, async (tx) => {
        const current = await findBucket(tx, id)
        if (!current) return 0
        return updateBucket(tx, {
          id,
          public: body.public ?? current.public,
          fileSizeLimit:
            body.file_size_limit === undefined ? current.file_size_limit : sizeOrNull(body.file_size_limit),
          allowedMimeTypes:
            body.allowed_mime_types === undefined ? current.allowed_mime_types : body.allowed_mime_types,
        })
      })
      if (changed === 0) throw storageErrors.noSuchBucket()
      return c.json({ message: 'Successfully updated' })
    },

    async remove(c) {
      const caller = await requireCaller(deps, c)
      const id = c.req.param('id') ?? ''
      let removed: number
      try {
        removed = await asCaller(deps, c, caller, (tx) => deleteBucket(tx, id))
      } catch (error) {
        if (isPgError(error) && error.code === '23503') throw storageErrors.bucketNotEmpty()
        throw error
      }
      if (removed === 0) throw storageErrors.noSuchBucket()
      await files.removeBucket(id)
      return c.json({ message: 'Successfully deleted' })
    },

    async empty(c) {
      const caller = await requireCaller(deps, c)
      const id = c.req.param('id') ?? ''
      if (!(await findBucket(deps.db, id))) throw storageErrors.noSuchBucket()
      const removed = await asCaller(deps, c, caller, (tx) => deleteAllObjects(tx, id))
      await files.remove(
        id,
        removed.map((row) => row.version),
      )
      // Supabase queues the emptying; here it is done already, but the answer reads the same.
      return c.json({ message: 'Empty bucket has been queued. Completion may take up to an hour.' })
    },
  } satisfies Record<string, Handler>
}
