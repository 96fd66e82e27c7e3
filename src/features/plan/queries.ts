// A project's plan, read the same way in both areas (row-level security decides what each
// reader gets: clients the phases, milestones and totals of their visible projects), and staff's
// reads and writes: the time entries with who recorded them, the staff who may record time, and
// the writes of phases, milestones, entries and the progress override.
import { queryOptions } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { isUuid } from '@/lib/query-utils'
import type { PlanMilestone, PlanPhase, TimeEntry, UsageRow } from './plan-model'
import type { TimeEntryValues, toMilestoneRow, toPhaseRow } from './rules'
import { toTimeEntryRow } from './rules'

export const planKeys = {
  all: (projectId: string) => ['plan', projectId] as const,
  plan: (viewerId: string, projectId: string) => ['plan', projectId, 'plan', viewerId] as const,
  entries: (projectId: string) => ['plan', projectId, 'entries'] as const,
  staff: () => ['plan-staff'] as const,
}

export interface Plan {
  phases: PlanPhase[]
  milestones: PlanMilestone[]
  usage: UsageRow[]
}

function fail(error: { message: string; code?: string }): never {
  throw Object.assign(new Error(error.message), { code: error.code })
}

/** The phases, milestones and totals per phase and day of a project (empty for one not readable). */
export const planQuery = (viewerId: string, projectId: string) =>
  queryOptions({
    queryKey: planKeys.plan(viewerId, projectId),
    queryFn: async (): Promise<Plan> => {
      if (!isUuid(projectId)) return { phases: [], milestones: [], usage: [] }
      const [phases, milestones, usage] = await Promise.all([
        supabase
          .from('plan_phases')
          .select('id, title, start_date, end_date, status, planned_hours, planned_budget, position')
          .eq('project_id', projectId)
          .order('position')
          .order('start_date'),
        supabase
          .from('plan_milestones')
          .select('id, phase_id, title, due_date, status, reached_at')
          .eq('project_id', projectId)
          .order('due_date'),
        supabase.rpc('plan_usage', { target_project: projectId }),
      ])
      if (phases.error) fail(phases.error)
      if (milestones.error) fail(milestones.error)
      if (usage.error) fail(usage.error)
      return {
        phases: phases.data,
        milestones: milestones.data,
        usage: usage.data as unknown as UsageRow[],
      }
    },
  })

/** Staff: every time entry of the project's phases, newest first. */
export const timeEntriesQuery = (projectId: string) =>
  queryOptions({
    queryKey: planKeys.entries(projectId),
    queryFn: async (): Promise<TimeEntry[]> => {
      if (!isUuid(projectId)) return []
      const { data, error } = await supabase
        .from('plan_time_entries')
        .select('id, phase_id, person_id, worked_on, hours, rate, amount, note, phase:plan_phases!inner(project_id)')
        .eq('phase.project_id', projectId)
        .order('worked_on', { ascending: false })
        .order('created_at', { ascending: false })
      if (error) fail(error)
      return data.map(({ phase: _phase, ...entry }) => entry)
    },
  })

export interface StaffMember {
  id: string
  full_name: string
  email: string
}

/** Staff: the members of staff time may be recorded for. */
export const planStaffQuery = () =>
  queryOptions({
    queryKey: planKeys.staff(),
    queryFn: async (): Promise<StaffMember[]> => {
      const { data, error } = await supabase
        .from('profiles')
        .select('id, full_name, email')
        .in('role', ['admin', 'super_admin'])
        .order('full_name')
      if (error) fail(error)
      return data.map((person) => ({
        id: person.id,
        full_name: person.full_name || person.email || person.id,
        email: person.email ?? '',
      }))
    },
  })

export async function savePhase(
  projectId: string,
  id: string | null,
  row: ReturnType<typeof toPhaseRow> & { position?: number },
): Promise<void> {
  const result = id
    ? await supabase.from('plan_phases').update(row).eq('id', id).select('id').single()
    : await supabase
        .from('plan_phases')
        .insert({ ...row, project_id: projectId })
        .select('id')
        .single()
  if (result.error) fail(result.error)
}

/** Stores the plan's order: each phase's position is its index in `orderedIds`. */
export async function reorderPhases(orderedIds: readonly string[]): Promise<void> {
  for (const [position, id] of orderedIds.entries()) {
    const { error } = await supabase.from('plan_phases').update({ position }).eq('id', id)
    if (error) fail(error)
  }
}

export async function deletePhase(id: string): Promise<void> {
  const { error } = await supabase.from('plan_phases').delete().eq('id', id)
  if (error) fail(error)
}

export async function saveMilestone(
  projectId: string,
  id: string | null,
  row: ReturnType<typeof toMilestoneRow>,
): Promise<void> {
  const result = id
    ? await supabase.from('plan_milestones').update(row).eq('id', id).select('id').single()
    : await supabase
        .from('plan_milestones')
        .insert({ ...row, project_id: projectId })
        .select('id')
        .single()
  if (result.error) fail(result.error)
}

export async function deleteMilestone(id: string): Promise<void> {
  const { error } = await supabase.from('plan_milestones').delete().eq('id', id)
  if (error) fail(error)
}

/** Records entries in one request: all of them, or (on any refusal) none. */
export async function insertTimeEntries(entries: readonly TimeEntryValues[]): Promise<number> {
  const { data, error } = await supabase.from('plan_time_entries').insert(entries.map(toTimeEntryRow)).select('id')
  if (error) fail(error)
  return data.length
}

export async function deleteTimeEntry(id: string): Promise<void> {
  const { error } = await supabase.from('plan_time_entries').delete().eq('id', id)
  if (error) fail(error)
}

/** Ends staff's override: the project's progress follows its plan again. */
export async function followPlanProgress(projectId: string): Promise<void> {
  const { error } = await supabase.from('projects').update({ progress_overridden: false }).eq('id', projectId)
  if (error) fail(error)
}

export interface PlanProject {
  id: string
  name: string
  progress: number
  progress_overridden: boolean
}

/** The project's progress and whether staff override the plan's (null when not readable). */
export const planProjectQuery = (viewerId: string, projectId: string) =>
  queryOptions({
    queryKey: [...planKeys.all(projectId), 'project', viewerId] as const,
    queryFn: async (): Promise<PlanProject | null> => {
      if (!isUuid(projectId)) return null
      const { data, error } = await supabase
        .from('projects')
        .select('id, name, progress, progress_overridden')
        .eq('id', projectId)
        .maybeSingle()
      if (error) fail(error)
      return data
    },
  })
