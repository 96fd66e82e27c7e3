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

export interface ListV2Options {
  /** Any beginning of a name (not necessarily a folder). */
  prefix: string
  limit: number
  /** Folders grouped at the first `/` after the prefix, as a hierarchy; else every object, flat. */
  withDelimiter: boolean
  /** Where the previous page ended: its last name, and its last date when sorted by one. */
  after: ListCursor | null
  order: 'asc' | 'desc'
  /** `name`, or a date (`created_at`, `updated_at`): then by name among equal dates. */
  column: ListV2Column
}

export const listV2Columns = ['name', 'created_at', 'updated_at'] as const
export type ListV2Column = (typeof listV2Columns)[number]

export interface ListCursor {
  name: string
  /** The last row's date as PostgreSQL wrote it (microseconds kept), when sorted by a date. */
  value?: string
}

export interface ListV2Folder {
  key: string
  name: string
  id: null
  updated_at: null
  created_at: null
  last_accessed_at: null
  metadata: null
}

export interface ListV2Result {
  hasNext: boolean
  nextCursor?: string
  nextCursorKey?: string
  folders: ListV2Folder[]
  objects: Array<ListEntry & { key?: string }>
}

/**
 * The opaque cursor Storage hands out: base64 of `l:<last name>`, `o:<order>`, `c:<column>` lines,
 * and `v:<last date>` when sorted by a date.
 */
export function encodeListCursor(last: ListCursor, order: 'asc' | 'desc', column: ListV2Column = 'name'): string {
  const value = last.value === undefined ? '' : `\nv:${last.value}`
  return Buffer.from(`l:${last.name}\no:${order}\nc:${column}${value}`).toString('base64')
}

/** Where a cursor says the previous page ended, or undefined when it is not one of ours. */
export function decodeListCursor(cursor: string): ListCursor | undefined {
  const lines = Buffer.from(cursor, 'base64').toString('utf8').split('\n')
  const last = lines.find((line) => line.startsWith('l:'))?.slice(2)
  const value = lines.find((line) => line.startsWith('v:'))?.slice(2)
  if (last === undefined || last === '') return undefined
  return value === undefined || value === '' ? { name: last } : { name: last, value }
}

/**
 * `list-v2` (storage-js `listV2`), as Supabase Storage answers it: full object names; with the
 * delimiter, one level below the prefix, each deeper folder once (its full path with a trailing
 * `/` as name, its segment as key) and the objects' segments as key; pages by name, or by a date
 * then name, with a cursor.
 */
export async function listObjectsV2(tx: Queryable, bucketId: string, options: ListV2Options): Promise<ListV2Result> {
  const compare = options.order === 'asc' ? '>' : '<'
  // By a date: folders, which have none, sort as the earliest; equal dates by name. The column is
  // one of the fixed list, never the caller's text.
  const byDate = options.column !== 'name'
  const sortValue = byDate ? `coalesce(${options.column}, '-infinity'::timestamptz)` : 'null'
  const dateParam = byDate && options.after ? [options.after.value ?? '-infinity'] : []
  // Without a cursor the name parameter is null (and still typed, as every parameter must be).
  const after = !options.after
    ? '$4::text is null'
    : byDate
      ? `(${sortValue}, name collate "C") ${compare} ($6::timestamptz, $4::text collate "C")`
      : `name collate "C" ${compare} $4::text collate "C"`
  const orderBy = byDate
    ? `${sortValue} ${options.order}, name collate "C" ${options.order}`
    : `name collate "C" ${options.order}`
  const { rows } = await tx.query(
    `with visible as (
       select name, id, updated_at, created_at, last_accessed_at, metadata,
              case when $3::boolean then strpos(substr(name, char_length($2::text) + 1), '/') else 0 end as cut
       from storage.objects
       where bucket_id = $1::text and left(name, char_length($2::text)) = $2::text
     ),
     entries as (
       select distinct left(name, char_length($2::text) + cut) as name, null::uuid as id, null::timestamptz as updated_at,
              null::timestamptz as created_at, null::timestamptz as last_accessed_at, null::jsonb as metadata
       from visible where cut > 0
       union all
       select name, id, updated_at, created_at, last_accessed_at, metadata from visible where cut = 0
     )
     select *, ${sortValue}::text as sort_value from entries
     where ${after}
     order by ${orderBy}
     limit $5::int`,
    [bucketId, options.prefix, options.withDelimiter, options.after?.name ?? null, options.limit + 1, ...dateParam],
  )
  const page = rows.slice(0, options.limit)
  const result: ListV2Result = { hasNext: rows.length > options.limit, folders: [], objects: [] }
  // The segment at the listed level: what follows the prefix's last `/`.
  const levelStart = options.prefix.lastIndexOf('/') + 1
  for (const row of page) {
    const name = String(row.name)
    const key = name.slice(levelStart).replace(/\/$/, '')
    if (row.id === null) {
      result.folders.push({
        key,
        name,
        id: null,
        updated_at: null,
        created_at: null,
        last_accessed_at: null,
        metadata: null,
      })
      continue
    }
    result.objects.push({
      id: String(row.id),
      name,
      ...(options.withDelimiter ? { key } : {}),
      updated_at: isoTime(row.updated_at),
      created_at: isoTime(row.created_at),
      last_accessed_at: row.last_accessed_at === null ? null : isoTime(row.last_accessed_at),
      metadata: (row.metadata as Record<string, unknown> | null) ?? null,
    })
  }
  const last = page[page.length - 1]
  if (result.hasNext && last) {
    result.nextCursor = encodeListCursor(
      byDate ? { name: String(last.name), value: String(last.sort_value) } : { name: String(last.name) },
      options.order,
      options.column,
    )
    result.nextCursorKey = String(last.name)
  }
  return result
}
