// Records a full download of a private object by a signed-in person in storage.downloads
// (platform/25-storage-downloads.sql), so a project can tell its staff who downloaded a file and
// when. Only a complete GET counts: a HEAD, a range request or a "not modified" answer does not.
import type { Queryable } from '../db/database'
import type { Caller } from './caller'
import { isViewAs } from '../lib/view-as'

export async function recordDownload(
  db: Queryable,
  request: Request,
  response: Response,
  reader: Caller,
  bucket: string,
  key: string,
): Promise<void> {
  if (request.method !== 'GET' || response.status !== 200) return
  if (reader.role !== 'authenticated' || !reader.owner) return
  // A staff member previewing the portal is not the client downloading (0022): nothing recorded.
  if (isViewAs(reader.claims)) return
  await db.query('insert into storage.downloads (bucket_id, name, reader) values ($1, $2, $3)', [
    bucket,
    key,
    reader.owner,
  ])
}
