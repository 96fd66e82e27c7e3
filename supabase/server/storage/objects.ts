// Data functions over storage.objects. Called with a transaction that has taken on the caller's
// role, so the table's policies decide what each statement may see and change.
import type { Queryable } from '../db/database'
import { storageErrors } from './errors'
import { allowStorageDeletes, isoTime } from './buckets'

export interface ObjectMetadata {
  eTag: string
  size: number
  mimetype: string
  cacheControl: string
  lastModified: string
  contentLength: number
  httpStatusCode: number
  [key: string]: unknown
}

export interface ObjectRow {
  id: string
  bucket_id: string
  name: string
  owner: string | null
  owner_id: string | null
  version: string | null
  metadata: ObjectMetadata | null
  user_metadata: Record<string, unknown> | null
  created_at: string
  updated_at: string
  last_accessed_at: string
}

const COLUMNS =
  'id, bucket_id, name, owner, owner_id, version, metadata, user_metadata, created_at, updated_at, last_accessed_at'

export function toObjectRow(row: Record<string, unknown>): ObjectRow {
  return {
    ...(row as unknown as ObjectRow),
    created_at: isoTime(row.created_at),
    updated_at: isoTime(row.updated_at),
    last_accessed_at: isoTime(row.last_accessed_at),
  }
}

export async function findObject(tx: Queryable, bucketId: string, name: string): Promise<ObjectRow | undefined> {
  const { rows } = await tx.query(`select ${COLUMNS} from storage.objects where bucket_id = $1 and name = $2`, [
    bucketId,
    name,
  ])
  return rows[0] ? toObjectRow(rows[0]) : undefined
}

export async function findObjects(tx: Queryable, bucketId: string, names: readonly string[]): Promise<ObjectRow[]> {
  const { rows } = await tx.query(
    `select ${COLUMNS} from storage.objects where bucket_id = $1 and name = any($2::text[])`,
    [bucketId, names],
  )
  return rows.map(toObjectRow)
}

export interface NewObject {
  bucketId: string
  name: string
  owner: string | null
  ownerId: string | null
  version: string
  metadata: ObjectMetadata
  userMetadata: Record<string, unknown> | null
}

const INSERT = `insert into storage.objects (bucket_id, name, owner, owner_id, version, metadata, user_metadata)
  values ($1, $2, $3, $4, $5, $6, $7)`
const REPLACE = `on conflict (bucket_id, name) do update set owner = excluded.owner, owner_id = excluded.owner_id,
  version = excluded.version, metadata = excluded.metadata, user_metadata = excluded.user_metadata,
  updated_at = now(), last_accessed_at = now()`

/** Locks the visible row at this key, if any, and tells the version it holds. */
async function lockVersion(tx: Queryable, object: NewObject) {
  const { rows } = await tx.query<{ version: string | null }>(
    'select version from storage.objects where bucket_id = $1 and name = $2 for update',
    [object.bucketId, object.name],
  )
  return rows[0]
}

/**
 * Inserts the object row, or with `upsert` replaces the existing one (which needs the INSERT,
 * SELECT and UPDATE policies, as `insert … on conflict do update` does). Returns the row id and
 * the version it replaced, whose file the caller removes once this transaction has committed.
 */
export async function saveObject(
  tx: Queryable,
  object: NewObject,
  upsert: boolean,
): Promise<{ id: string; replacedVersion: string | null }> {
  const values = [
    object.bucketId,
    object.name,
    object.owner,
    object.ownerId,
    object.version,
    JSON.stringify(object.metadata),
    object.userMetadata === null ? null : JSON.stringify(object.userMetadata),
  ]
  if (!upsert) {
    // The policies' WITH CHECK runs before the conflict is looked for, so a path the caller may not
    // write is refused first. A taken path answers Duplicate only when the caller can see what
    // holds it; a hidden object answers as a path they may not write (no existence oracle).
    const { rows } = await tx.query<{ id: string }>(
      `${INSERT} on conflict (bucket_id, name) do nothing returning id`,
      values,
    )
    if (rows[0]) return { id: rows[0].id, replacedVersion: null }
    const visible = await tx.query('select 1 from storage.objects where bucket_id = $1 and name = $2', [
      object.bucketId,
      object.name,
    ])
    throw visible.rows.length > 0 ? storageErrors.keyAlreadyExists() : storageErrors.accessDenied()
  }
  // The replaced version must be the one this statement overwrites, even when uploads to the same
  // key race: hold the row's lock from reading its version until commit. A row another upload
  // inserts meanwhile has nothing to lock yet, hence the insert attempt and the second look.
  let current = await lockVersion(tx, object)
  if (!current) {
    const { rows } = await tx.query<{ id: string }>(
      `${INSERT} on conflict (bucket_id, name) do nothing returning id`,
      values,
    )
    if (rows[0]) return { id: rows[0].id, replacedVersion: null }
    current = await lockVersion(tx, object)
  }
  const { rows } = await tx.query<{ id: string }>(`${INSERT} ${REPLACE} returning id`, values)
  return { id: rows[0]!.id, replacedVersion: current?.version ?? null }
}

/** Deletes what the caller may both see and delete; the others are silently left, as Storage does. */
export async function deleteObjects(tx: Queryable, bucketId: string, names: readonly string[]): Promise<ObjectRow[]> {
  await allowStorageDeletes(tx)
  const { rows } = await tx.query(
    `delete from storage.objects where bucket_id = $1 and name = any($2::text[]) returning ${COLUMNS}`,
    [bucketId, names],
  )
  return rows.map(toObjectRow)
}

export async function deleteAllObjects(tx: Queryable, bucketId: string): Promise<ObjectRow[]> {
  await allowStorageDeletes(tx)
  const { rows } = await tx.query(`delete from storage.objects where bucket_id = $1 returning ${COLUMNS}`, [bucketId])
  return rows.map(toObjectRow)
}

/**
 * Renames an object (and moves it to another bucket with a new file version); the row must still
 * hold `version`, so a concurrent replace is not silently undone. Returns false when nothing matched.
 */
export async function moveObject(
  tx: Queryable,
  from: { bucketId: string; name: string; version: string | null },
  to: { bucketId: string; name: string; version: string | null },
): Promise<boolean> {
  const result = await tx.query(
    `update storage.objects set bucket_id = $3, name = $4, version = $5, updated_at = now()
     where bucket_id = $1 and name = $2 and version is not distinct from $6`,
    [from.bucketId, from.name, to.bucketId, to.name, to.version, from.version],
  )
  return result.affectedRows > 0
}
