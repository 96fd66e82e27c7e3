// One level of a bucket, as storage-js `list()` shows it: the files directly under a prefix and
// the folders below it (`id: null`, `metadata: null`), from the rows the caller's policies let it see.
import type { Queryable } from '../db/database'
import { isoTime } from './buckets'

export const listSortColumns = ['name', 'updated_at', 'created_at', 'last_accessed_at'] as const

export interface ListOptions {
  /** Normalised: empty, or ending with `/`. */
  prefix: string
  limit: number
  offset: number
  sortColumn: (typeof listSortColumns)[number]
  sortOrder: 'asc' | 'desc'
  /** Keeps only entries whose name starts with this, ignoring case. */
  search: string
}

export interface ListEntry {
  name: string
  id: string | null
  updated_at: string | null
  created_at: string | null
  last_accessed_at: string | null
  metadata: Record<string, unknown> | null
}

export async function listObjects(tx: Queryable, bucketId: string, options: ListOptions): Promise<ListEntry[]> {
  // Names sort byte-wise (collate "C"), the same on every database; column and order come from
  // fixed lists, never from the request text itself.
  const orderBy = options.sortColumn === 'name' ? 'name collate "C"' : options.sortColumn
  const { rows } = await tx.query(
    `with visible as (
       select substr(name, char_length($2::text) + 1) as rest, id, updated_at, created_at, last_accessed_at, metadata
       from storage.objects
       where bucket_id = $1::text and left(name, char_length($2::text)) = $2::text
     ),
     entries as (
       select distinct split_part(rest, '/', 1) as name, null::uuid as id, null::timestamptz as updated_at,
              null::timestamptz as created_at, null::timestamptz as last_accessed_at, null::jsonb as metadata
       from visible where strpos(rest, '/') > 0
       union all
       select rest, id, updated_at, created_at, last_accessed_at, metadata from visible where strpos(rest, '/') = 0
     )
     select * from entries
     where $3::text = '' or lower(left(name, char_length($3::text))) = lower($3::text)
     order by ${orderBy} ${options.sortOrder}, name collate "C" asc
     limit $4::int offset $5::int`,
    [bucketId, options.prefix, options.search, options.limit, options.offset],
  )
  return rows.map((row) => ({
    name: String(row.name),
    id: (row.id as string | null) ?? null,
    updated_at: row.updated_at === null ? null : isoTime(row.updated_at),
    created_at: row.created_at === null ? null : isoTime(row.created_at),
    last_accessed_at: row.last_accessed_at === null ? null : isoTime(row.last_accessed_at),
    metadata: (row.metadata as Record<string, unknown> | null) ?? null,
  }))
}
