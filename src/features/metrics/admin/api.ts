// The staff's writes on a project's metrics. Each throws WriteError (a PostgREST error's code and
// message), which the form and the importer turn into translated messages.
import { supabase } from '@/lib/supabase'
import type { Database } from '@/lib/database.types'
import { check, checkOk } from '@/lib/write-failure'

type Tables = Database['public']['Tables']
type TablesInsert<T extends keyof Tables> = Tables[T]['Insert']

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
