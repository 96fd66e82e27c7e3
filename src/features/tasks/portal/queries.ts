// The portal's reads of tasks: a project's, and the organization's next open ones.
import { queryOptions } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { projectKeys } from '@/lib/query-keys'
import { unwrapList } from '@/lib/query-utils'

const TASK_COLUMNS =
  'id, project_id, title, description, status, priority, due_date, assigned_to, completed_at' as const

export const projectTasksQuery = (viewerId: string, projectId: string) =>
  queryOptions({
    queryKey: projectKeys.projectTasks(viewerId, projectId),
    queryFn: async () =>
      unwrapList(
        await supabase
          .from('tasks')
          .select(TASK_COLUMNS)
          .eq('project_id', projectId)
          .eq('is_internal', false)
          .order('due_date', { ascending: true, nullsFirst: false })
          .order('created_at'),
      ),
  })

export type PortalTask = Awaited<ReturnType<NonNullable<ReturnType<typeof projectTasksQuery>['queryFn']>>>[number]

/** Open tasks of the organization's projects, soonest due first. */
export const upcomingTasksQuery = (viewerId: string, organizationId: string | null, limit = 6) =>
  queryOptions({
    queryKey: [...projectKeys.upcomingTasks(viewerId, organizationId), limit],
    queryFn: async () => {
      if (!organizationId) return []
      return unwrapList(
        await supabase
          .from('tasks')
          .select(`${TASK_COLUMNS}, project:projects!inner(id, name, organization_id)`)
          .neq('status', 'done')
          .eq('is_internal', false)
          .eq('project.organization_id', organizationId)
          .order('due_date', { ascending: true, nullsFirst: false })
          .order('created_at')
          .limit(limit),
      )
    },
  })
