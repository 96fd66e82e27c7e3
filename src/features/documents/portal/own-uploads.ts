// A client's own uploads in the portal: a file stored in the project's folder, then registered as
// a document visible to the client's colleagues and signed by the uploader (what the documents
// insert policy requires); deleting or replacing one of them later. The bucket's rules and the
// storing itself are the app's Storage layer (src/lib/storage/files.ts).
import { supabase } from '@/lib/supabase'
import { safeFileName, storeFile, UploadError, type UploadFailure } from '@/lib/storage/files'
import { storageFailure } from '@/lib/storage/storage-failure'
import { readFailure, type Catalog } from '@/lib/write-failure'

export interface UploadInput {
  file: File
  category: string
  organizationId: string
  projectId: string
  uploaderId: string
  /** The name the document is shown by; the file's own name when empty. */
  title?: string
}

/**
 * What a refused write of a document's row means: no code is a request that never got an answer;
 * PT429, the database's bound on a client's uploads and replacements.
 */
const documentWriteFailures: Catalog<UploadFailure> = {
  codes: { PT429: 'too-many', '42501': 'denied' },
  network: 'network',
  codeless: 'network',
  fallback: 'unknown',
}

export function documentWriteFailure(error: { code?: string }): UploadFailure {
  return readFailure(error, documentWriteFailures)
}

/** Checks the file, stores it, then registers it. Throws UploadError with what went wrong. */
export async function uploadDocument({ file, category, organizationId, projectId, uploaderId, title }: UploadInput) {
  const { key, type } = await storeFile(organizationId, projectId, file)

  const name = title?.trim().slice(0, 255) || file.name.trim().slice(0, 255) || safeFileName(file.name)
  const { error } = await supabase.from('documents').insert({
    project_id: projectId,
    name,
    category,
    storage_path: key,
    mime_type: type,
    size_bytes: file.size,
    visible_to_client: true,
    uploaded_by: uploaderId,
  })
  if (error) {
    // The file is the caller's and nothing points to it: take it back (the policies allow it).
    await removeStored(key)
    throw new UploadError(documentWriteFailure(error))
  }
  return { key, name }
}

/** Best effort: a file no document points to costs space, not correctness. */
async function removeStored(key: string) {
  try {
    await supabase.storage.from('documents').remove([key])
  } catch {
    // ignored on purpose: nothing points to it
  }
}

export type RemoveFailure = 'under-approval' | 'gone' | 'network' | 'unknown'

export class RemoveError extends Error {
  constructor(readonly kind: RemoveFailure) {
    super(kind)
    this.name = 'RemoveError'
  }
}

/**
 * Deletes a client's own upload by removing its file: the database deletes the document that
 * points to it in the same transaction (decision 0023). Nothing removed means the document is
 * gone or not the caller's to delete, which the server does not tell apart.
 */
export async function deleteOwnUpload(storagePath: string): Promise<void> {
  let result
  try {
    result = await supabase.storage.from('documents').remove([storagePath])
  } catch {
    throw new RemoveError('network')
  }
  if (result.error) {
    if (/part of an approval/.test(result.error.message)) throw new RemoveError('under-approval')
    throw new RemoveError(storageFailure(result.error) === 'network' ? 'network' : 'unknown')
  }
  if (result.data.length === 0) throw new RemoveError('gone')
}

/** The last part of a storage key, without the <time>-<random>- prefix uploads give it. */
function storedFileName(key: string): string {
  const file = key.slice(key.lastIndexOf('/') + 1)
  return file.replace(/^[0-9a-z]+-[0-9a-z]{1,6}-/, '')
}

/**
 * A document's name after its file is replaced: the new file's name when the old name was the
 * old file's own (an upload without a title), otherwise the title the person gave it.
 */
export function nameAfterReplace(currentName: string, currentKey: string, file: { name: string }): string {
  const wasFileName = safeFileName(currentName) === storedFileName(currentKey)
  return wasFileName ? file.name.trim().slice(0, 255) || safeFileName(file.name) : currentName
}

/**
 * A new file for a client's own upload: store it, point the document at it (its version moves and
 * an open approval reopens), then remove the old file, which nothing points to any more.
 * Throws UploadError.
 */
export async function replaceOwnUpload(
  document: { id: string; name: string; storage_path: string },
  organizationId: string,
  projectId: string,
  file: File,
): Promise<{ name: string }> {
  const stored = await storeFile(organizationId, projectId, file)
  const name = nameAfterReplace(document.name, document.storage_path, file)
  const { data, error } = await supabase
    .from('documents')
    .update({ storage_path: stored.key, mime_type: stored.type, size_bytes: stored.size, name })
    .eq('id', document.id)
    .select('id')
  if (error || data.length === 0) {
    await removeStored(stored.key)
    // No row and no error: not the caller's own upload (any more).
    throw new UploadError(error ? documentWriteFailure(error) : 'denied')
  }
  await removeStored(document.storage_path)
  return { name }
}
