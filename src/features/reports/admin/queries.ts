// The staff's read of a project's reports, drafts included.
import { queryOptions } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { adminProjectKeys } from '@/lib/query-keys'
import { unwrapList } from '@/lib/query-utils'

export const adminReportsQuery = (projectId: string) =>
  queryOptions({
    queryKey: adminProjectKeys.reports(projectId),
    queryFn: async () =>
      unwrapList(
        await supabase
          .from('reports')
          .select(
            'id, project_id, title, summary, report_type, status, locale, period_start, period_end, dashboard_url, document_id, published_at, created_at, updated_at',
          )
          .eq('project_id', projectId)
          .order('created_at', { ascending: false }),
      ),
  })

export type AdminReport = Awaited<ReturnType<NonNullable<ReturnType<typeof adminReportsQuery>['queryFn']>>>[number]
