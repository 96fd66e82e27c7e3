// The staff's writes on a project's reports. Each throws WriteError (a PostgREST error's code and
// message), which the form turns into a translated message.
import { supabase } from '@/lib/supabase'
import type { Database } from '@/lib/database.types'
import { check, checkOk } from '@/lib/write-failure'

type Tables = Database['public']['Tables']
type TablesInsert<T extends keyof Tables> = Tables[T]['Insert']

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
  if (published && report.document_id)
    check(
      await supabase.from('documents').update({ visible_to_client: true }).eq('id', report.document_id).select('id'),
    )
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
