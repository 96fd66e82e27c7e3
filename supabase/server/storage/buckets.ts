// Data functions over storage.buckets. Bucket settings (public flag, limits) are read by the server
// itself, as Supabase Storage does; the bucket API's own reads and writes run as the caller.
import type { Queryable } from '../db/database'

export interface Bucket {
  id: string
  name: string
  owner: string
  public: boolean
  file_size_limit: number | null
  allowed_mime_types: string[] | null
  created_at: string
  updated_at: string
  type: 'STANDARD'
}

const COLUMNS = 'id, name, owner, owner_id, public, file_size_limit, allowed_mime_types, created_at, updated_at'

export function isoTime(value: unknown): string {
  return (value instanceof Date ? value : new Date(String(value))).toISOString()
}

function toBucket(row: Record<string, unknown>): Bucket {
  return {
    id: String(row.id),
    name: String(row.name),
    owner: String(row.owner_id ?? row.owner ?? ''),
    public: row.public === true,
    file_size_limit: row.file_size_limit === null ? null : Number(row.file_size_limit),
    allowed_mime_types: (row.allowed_mime_types as string[] | null) ?? null,
    created_at: isoTime(row.created_at),
    updated_at: isoTime(row.updated_at),
    type: 'STANDARD',
  }
}

/** A bucket: with `deps.db`, the server's own read of its settings; with a caller's transaction, if RLS shows it. */
export async function findBucket(db: Queryable, id: string): Promise<Bucket | undefined> {
  const { rows } = await db.query(`select ${COLUMNS} from storage.buckets where id = $1`, [id])
  return rows[0] ? toBucket(rows[0]) : undefined
}

export const bucketSortColumns = ['id', 'name', 'created_at', 'updated_at'] as const

export interface BucketListOptions {
  limit?: number
  offset: number
  search?: string
  sortColumn: (typeof bucketSortColumns)[number]
  sortOrder: 'asc' | 'desc'
}

export async function listBuckets(tx: Queryable, options: BucketListOptions): Promise<Bucket[]> {
  // The sort column and order come from fixed lists, never from the request text itself.
  const { rows } = await tx.query(
    `select ${COLUMNS} from storage.buckets
     where $1::text is null or strpos(lower(name), lower($1)) > 0
     order by ${options.sortColumn} ${options.sortOrder}, id
     limit $2 offset $3`,
    [options.search ?? null, options.limit ?? null, options.offset],
  )
  return rows.map(toBucket)
}

export interface BucketInput {
  id: string
  public: boolean
  fileSizeLimit: number | null
  allowedMimeTypes: string[] | null
}

export async function insertBucket(tx: Queryable, input: BucketInput, owner: string | null, ownerId: string | null) {
  await tx.query(
    `insert into storage.buckets (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types)
     values ($1, $1, $2, $3, $4, $5, $6)`,
    [input.id, owner, ownerId, input.public, input.fileSizeLimit, input.allowedMimeTypes],
  )
}

/** Rows changed: 0 when the bucket does not exist or the caller may not change it. */
export async function updateBucket(tx: Queryable, input: BucketInput): Promise<number> {
  const result = await tx.query(
    `update storage.buckets set public = $2, file_size_limit = $3, allowed_mime_types = $4, updated_at = now()
     where id = $1`,
    [input.id, input.public, input.fileSizeLimit, input.allowedMimeTypes],
  )
  return result.affectedRows
}

/** Storage's own deletes pass the guard that stops direct deletes from migrations (20-storage.sql). */
export async function allowStorageDeletes(tx: Queryable) {
  await tx.query(`select set_config('storage.allow_delete_query', 'true', true)`)
}

export async function deleteBucket(tx: Queryable, id: string): Promise<number> {
  await allowStorageDeletes(tx)
  const result = await tx.query('delete from storage.buckets where id = $1', [id])
  return result.affectedRows
}
