// The staff's writes on a project's documents. Each throws WriteError (a PostgREST error's code
// and message) or UploadError (storage), which the forms turn into translated messages. Files:
// stored first under <org>/<project>/<time>-<random>-<name>, then registered; a replaced or deleted
// document's old object is removed after the row no longer points to it.
import { supabase } from '@/lib/supabase'
import { storeFile, UploadError, type NewDocument } from '@/lib/storage/files'
import { check, checkOk } from '@/lib/write-failure'

/** Best effort: an object left behind costs space, not correctness (no row points to it). */
async function removeObject(key: string) {
  try {
    await supabase.storage.from('documents').remove([key])
  } catch {
    // ignored on purpose
  }
}

export async function uploadProjectDocument(input: NewDocument): Promise<{ id: string; name: string }> {
  const stored = await storeFile(input.organizationId, input.projectId, input.file)
  const result = await supabase
    .from('documents')
    .insert({
      project_id: input.projectId,
      name: input.name,
      description: input.description,
      category: input.category,
      storage_path: stored.key,
      mime_type: stored.type,
      size_bytes: stored.size,
      visible_to_client: input.visibleToClient,
      uploaded_by: input.uploaderId,
    })
    .select('id, name')
    .single()
  if (result.error) await removeObject(stored.key)
  return check(result)
}

/** New bytes for a document: store them, point the row at them, then drop the old object. */
export async function replaceDocumentFile(
  document: { id: string; storage_path: string },
  organizationId: string,
  projectId: string,
  file: File,
): Promise<void> {
  const stored = await storeFile(organizationId, projectId, file)
  const result = await supabase
    .from('documents')
    .update({ storage_path: stored.key, mime_type: stored.type, size_bytes: stored.size })
    .eq('id', document.id)
    .select('id')
  if (result.error || result.data.length === 0) {
    await removeObject(stored.key)
    if (!result.error) throw new UploadError('denied')
  }
  check(result)
  await removeObject(document.storage_path)
}

export async function setDocumentVisible(id: string, visible: boolean): Promise<void> {
  check(await supabase.from('documents').update({ visible_to_client: visible }).eq('id', id).select('id'))
}

export async function deleteDocument(document: { id: string; storage_path: string }): Promise<void> {
  checkOk(await supabase.from('documents').delete().eq('id', document.id))
  await removeObject(document.storage_path)
}
