// The staff's writes on a project's tasks. Each throws WriteError (a PostgREST error's code and
// message), which the form turns into a translated message.
import { supabase } from '@/lib/supabase'
import type { Database } from '@/lib/database.types'
import { check, checkOk } from '@/lib/write-failure'

type Tables = Database['public']['Tables']
type TablesInsert<T extends keyof Tables> = Tables[T]['Insert']

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
