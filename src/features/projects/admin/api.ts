// The staff's writes on a project and what it holds. Each throws WriteError (a PostgREST error's
// code and message) or UploadError (storage), which the forms turn into translated messages.
// Files: stored first under <org>/<project>/<time>-<random>-<name>, then registered; a replaced
// or deleted document's old object is removed after the row no longer points to it.
import { supabase } from '@/lib/supabase'
import type { Database } from '@/lib/database.types'
import { checkFile, storeFile, UploadError } from '@/lib/storage/files'
import { check, checkOk, WriteError } from './errors'

type Tables = Database['public']['Tables']
type TablesInsert<T extends keyof Tables> = Tables[T]['Insert']
type TablesUpdate<T extends keyof Tables> = Tables[T]['Update']

export type ProjectInsert = TablesInsert<'projects'>
export type ProjectUpdate = TablesUpdate<'projects'>

export async function createProject(values: ProjectInsert): Promise<string> {
  const row = check(await supabase.from('projects').insert(values).select('id').single())
  return row.id
}

export async function updateProject(id: string, values: ProjectUpdate): Promise<void> {
  const rows = check(await supabase.from('projects').update(values).eq('id', id).select('id'))
  if (rows.length === 0) throw new WriteError('The project was not found or may not be changed', '42501')
}

/** Archive (the database stamps the time) or bring back. */
export async function setProjectArchived(id: string, archived: boolean): Promise<void> {
  await updateProject(id, { archived_at: archived ? new Date().toISOString() : null })
}

// ─── Files ───────────────────────────────────────────────────────────────────────────────────

export { checkFile }

/** Best effort: an object left behind costs space, not correctness (no row points to it). */
async function removeObject(key: string) {
  try {
    await supabase.storage.from('documents').remove([key])
  } catch {
    // ignored on purpose
  }
}

export interface NewDocument {
  organizationId: string
  projectId: string
  file: File
  name: string
  description: string | null
  category: string
  visibleToClient: boolean
  uploaderId: string
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

// ─── Reports ─────────────────────────────────────────────────────────────────────────────────

export type ReportValues = Omit<TablesInsert<'reports'>, 'project_id' | 'status'>

export async function saveReport(projectId: string, id: string | null, values: ReportValues): Promise<string> {
  if (id) {
    check(await supabase.from('reports').update(values).eq('id', id).select('id'))
    return id
  }
  const row = check(
    await supabase
      .from('reports')
      .insert({ ...values, project_id: projectId, status: 'draft' })
      .select('id')
      .single(),
  )
  return row.id
}

/**
 * Publishing shares the attached document with the client as well (otherwise the client would
 * see a report whose file they cannot open). Unpublishing keeps the document as it is.
 */
export async function setReportPublished(
  report: { id: string; document_id: string | null },
  published: boolean,
): Promise<void> {
  if (published && report.document_id) await setDocumentVisible(report.document_id, true)
  check(
    await supabase
      .from('reports')
      .update({ status: published ? 'published' : 'draft' })
      .eq('id', report.id)
      .select('id'),
  )
}

export async function deleteReport(id: string): Promise<void> {
  checkOk(await supabase.from('reports').delete().eq('id', id))
}

// ─── Metrics ─────────────────────────────────────────────────────────────────────────────────

export type MetricValues = Omit<TablesInsert<'analytics_metrics'>, 'project_id'>

/** One statement for all rows: the database takes every row or none. */
export async function insertMetrics(projectId: string, rows: MetricValues[]): Promise<number> {
  const inserted = check(
    await supabase
      .from('analytics_metrics')
      .insert(rows.map((row) => ({ ...row, project_id: projectId })))
      .select('id'),
  )
  return inserted.length
}

export async function setMetricVisible(id: string, visible: boolean): Promise<void> {
  check(await supabase.from('analytics_metrics').update({ visible_to_client: visible }).eq('id', id).select('id'))
}

export async function deleteMetric(id: string): Promise<void> {
  checkOk(await supabase.from('analytics_metrics').delete().eq('id', id))
}

// ─── Tasks ───────────────────────────────────────────────────────────────────────────────────

export type TaskValues = Omit<TablesInsert<'tasks'>, 'project_id'>

export async function saveTask(projectId: string, id: string | null, values: TaskValues): Promise<void> {
  // tasks_completed_when_done: completed_at goes with the done status (the trigger stamps it too).
  const completed = values.status === 'done' ? { completed_at: new Date().toISOString() } : { completed_at: null }
  if (id) {
    const change = values.status === 'done' ? { ...values } : { ...values, ...completed }
    check(await supabase.from('tasks').update(change).eq('id', id).select('id'))
    return
  }
  check(
    await supabase
      .from('tasks')
      .insert({ ...values, ...completed, project_id: projectId })
      .select('id'),
  )
}

export async function deleteTask(id: string): Promise<void> {
  checkOk(await supabase.from('tasks').delete().eq('id', id))
}

// ─── Approvals ───────────────────────────────────────────────────────────────────────────────

export type Deliverable = { document_id: string } | { report_id: string }

/** Asks the organization's approvers; the database fills in the rest (version, title, project). */
export async function requestApproval(deliverable: Deliverable, message: string | null): Promise<void> {
  // The record's derived columns are required in the row type but filled in by the database.
  check(
    await supabase
      .from('approval_requests')
      .insert({ ...deliverable, message } as never)
      .select('id'),
  )
}

export async function setApprover(organizationId: string, profileId: string, approver: boolean): Promise<void> {
  if (approver) {
    check(
      await supabase
        .from('organization_approvers')
        .insert({ organization_id: organizationId, profile_id: profileId })
        .select('profile_id'),
    )
  } else {
    checkOk(
      await supabase
        .from('organization_approvers')
        .delete()
        .eq('organization_id', organizationId)
        .eq('profile_id', profileId),
    )
  }
}
