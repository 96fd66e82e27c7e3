// The staff's reads for a project's tasks: the tasks, internal ones included, and who a task can go to.
import { queryOptions } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { adminProjectKeys } from '@/lib/query-keys'
import { unwrapList } from '@/lib/query-utils'

export const adminTasksQuery = (projectId: string) =>
  queryOptions({
    queryKey: adminProjectKeys.tasks(projectId),
    queryFn: async () =>
      unwrapList(
        await supabase
          .from('tasks')
          .select(
            'id, project_id, title, description, status, priority, due_date, assigned_to, is_internal, completed_at, created_at',
          )
          .eq('project_id', projectId)
          .order('due_date', { ascending: true, nullsFirst: false })
          .order('created_at'),
      ),
  })

export type AdminTask = Awaited<ReturnType<NonNullable<ReturnType<typeof adminTasksQuery>['queryFn']>>>[number]

export interface Person {
  id: string
  full_name: string
  email: string | null
  role: string
}

/**
 * Who a task of this project can go to: its organization's active client users, then active staff.
 * By the project's id (through its organization), so it need not wait for the project to load.
 */
export const projectPeopleQuery = (projectId: string) =>
  queryOptions({
    queryKey: adminProjectKeys.people(projectId),
    queryFn: async () => {
      const [clients, staff] = await Promise.all([
        supabase
          .from('profiles')
          .select(
            'id, full_name, email, role, organization:organizations!profiles_organization_id_fkey!inner(projects!inner(id))',
          )
          .eq('organization.projects.id', projectId)
          .eq('role', 'client')
          .eq('is_active', true)
          .order('full_name'),
        supabase
          .from('profiles')
          .select('id, full_name, email, role')
          .in('role', ['admin', 'super_admin'])
          .eq('is_active', true)
          .order('full_name'),
      ])
      return {
        clients: unwrapList<Person & { organization: unknown }>(clients).map(
          ({ organization: _, ...person }) => person,
        ),
        staff: unwrapList<Person>(staff),
      }
    },
  })
