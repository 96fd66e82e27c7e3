// queryOptions factories for the admin area. Staff read everything through row-level security
// (is_admin()); the filters narrow it to what a page shows.
import { queryOptions } from '@tanstack/react-query'
import { supabase } from '../../lib/supabase'

/** Projects that still need work. */
export const openProjectStatuses = ['planning', 'in_progress', 'on_hold'] as const

function today(): string {
  return new Date().toISOString().slice(0, 10)
}

async function count(query: PromiseLike<{ count: number | null; error: { message: string } | null }>) {
  const { count: total, error } = await query
  if (error) throw new Error(error.message)
  return total ?? 0
}

export const adminKeys = {
  overview: () => ['admin', 'overview'] as const,
}

export const adminOverviewQuery = () =>
  queryOptions({
    queryKey: adminKeys.overview(),
    queryFn: async () => {
      const head = { count: 'exact', head: true } as const
      const [organizations, clients, projects, overdue, leads, overdueTasks, newLeads] = await Promise.all([
        count(supabase.from('organizations').select('id', head).eq('is_active', true)),
        count(supabase.from('profiles').select('id', head).eq('role', 'client').eq('is_active', true)),
        count(supabase.from('projects').select('id', head).in('status', [...openProjectStatuses])),
        count(supabase.from('tasks').select('id', head).neq('status', 'done').lt('due_date', today())),
        count(supabase.from('contact_messages').select('id', head).eq('status', 'new')),
        supabase
          .from('tasks')
          .select('id, title, due_date, priority, project:projects(id, name, organization:organizations(name))')
          .neq('status', 'done')
          .lt('due_date', today())
          .order('due_date')
          .limit(5),
        supabase
          .from('contact_messages')
          .select('id, name, company, interest, created_at')
          .eq('status', 'new')
          .order('created_at', { ascending: false })
          .limit(5),
      ])
      if (overdueTasks.error) throw new Error(overdueTasks.error.message)
      if (newLeads.error) throw new Error(newLeads.error.message)
      return {
        counts: { organizations, clients, projects, overdue, leads },
        overdueTasks: overdueTasks.data,
        newLeads: newLeads.data,
      }
    },
  })
