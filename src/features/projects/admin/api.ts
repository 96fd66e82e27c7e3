// The staff's writes on a project. Each throws WriteError (a PostgREST error's code and message),
// which the form turns into translated messages. What a project holds is written by its concept
// (features/documents, reports, metrics, tasks, approvals: admin/api.ts).
import { supabase } from '@/lib/supabase'
import type { Database } from '@/lib/database.types'
import { check, WriteError } from '@/lib/write-failure'

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
