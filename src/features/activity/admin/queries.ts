// The activity log for staff: the filter choices (organizations, their projects, the people who
// can appear as actors) and the entries a filter selects, a page at a time or all of them for
// the CSV export; and one project's entries, internal ones included, for its Activity tab.
// Row-level security lets staff read every entry.
import { queryOptions } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { adminProjectKeys } from '@/lib/query-keys'
import { unwrapList } from '@/lib/query-utils'
import type { ActivityEntry } from '@/features/activity/activity-timeline'
import { startOfDay, startOfNextDay, type ActivityFilters } from './search'

export const activityPageSize = 25
/** Rows per request while exporting (the REST API's usual maximum). */
const exportChunk = 1000

export interface AdminActivityEntry extends ActivityEntry {
  organization_id: string | null
  project_id: string | null
  is_internal: boolean
}

export interface Person {
  id: string
  full_name: string
  email: string | null
  role: string
  organization_id: string | null
}

export interface FilterOptions {
  organizations: { id: string; name: string }[]
  projects: { id: string; name: string; organization_id: string }[]
  people: Person[]
}

export const activityKeys = {
  all: () => ['admin', 'activity'] as const,
  options: () => ['admin', 'activity', 'options'] as const,
  page: (filters: ActivityFilters, page: number) => ['admin', 'activity', 'page', filters, page] as const,
}

export const activityFilterOptionsQuery = () =>
  queryOptions({
    queryKey: activityKeys.options(),
    staleTime: 60_000,
    queryFn: async (): Promise<FilterOptions> => {
      const [organizations, projects, people] = await Promise.all([
        supabase.from('organizations').select('id, name').order('name'),
        supabase.from('projects').select('id, name, organization_id').order('name'),
        supabase.from('profiles').select('id, full_name, email, role, organization_id').order('full_name'),
      ])
      for (const result of [organizations, projects, people]) if (result.error) throw new Error(result.error.message)
      return { organizations: organizations.data ?? [], projects: projects.data ?? [], people: people.data ?? [] }
    },
  })

const COLUMNS = 'id, occurred_at, actor_id, organization_id, project_id, entity_type, action, summary, is_internal'

function filtered(filters: ActivityFilters, count?: 'exact') {
  let query = supabase.from('activity_log').select(COLUMNS, count ? { count } : undefined)
  if (filters.org) query = query.eq('organization_id', filters.org)
  if (filters.project) query = query.eq('project_id', filters.project)
  if (filters.person) query = query.eq('actor_id', filters.person)
  if (filters.from) query = query.gte('occurred_at', startOfDay(filters.from))
  if (filters.to) query = query.lt('occurred_at', startOfNextDay(filters.to))
  return query.order('occurred_at', { ascending: false }).order('id', { ascending: false })
}

/** One page of the entries a filter selects, newest first, with the total. */
export const activityPageQuery = (filters: ActivityFilters, page: number) =>
  queryOptions({
    queryKey: activityKeys.page(filters, page),
    queryFn: async () => {
      const offset = (page - 1) * activityPageSize
      const { data, count, error } = await filtered(filters, 'exact').range(offset, offset + activityPageSize - 1)
      if (error) throw new Error(error.message)
      return { rows: (data ?? []) as AdminActivityEntry[], total: count ?? 0 }
    },
  })

/** Every entry a filter selects (all pages), for the export. */
export async function fetchAllActivity(filters: ActivityFilters): Promise<AdminActivityEntry[]> {
  const rows: AdminActivityEntry[] = []
  for (let offset = 0; ; offset += exportChunk) {
    const { data, error } = await filtered(filters).range(offset, offset + exportChunk - 1)
    if (error) throw new Error(error.message)
    rows.push(...((data ?? []) as AdminActivityEntry[]))
    if (!data || data.length < exportChunk) return rows
  }
}

/** One project's latest entries, internal ones included (its Activity tab). */
export const adminActivityQuery = (projectId: string) =>
  queryOptions({
    queryKey: adminProjectKeys.activity(projectId),
    queryFn: async () =>
      unwrapList(
        await supabase
          .from('activity_log')
          .select('id, occurred_at, actor_id, entity_type, entity_id, action, summary, is_internal')
          .eq('project_id', projectId)
          .order('occurred_at', { ascending: false })
          .order('id', { ascending: false })
          .limit(100),
      ),
  })
