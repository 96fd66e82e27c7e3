// The portal's reads of published reports: a project's, and the organization's latest.
import { queryOptions } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { projectKeys } from '@/lib/query-keys'
import { unwrapList } from '@/lib/query-utils'

export const projectReportsQuery = (viewerId: string, projectId: string) =>
  queryOptions({
    queryKey: projectKeys.reports(viewerId, projectId),
    queryFn: async () =>
      unwrapList(
        await supabase
          .from('reports')
          .select(
            'id, title, summary, report_type, locale, period_start, period_end, dashboard_url, published_at, version, document:documents!reports_document_id_fkey(id, name, storage_path)',
          )
          .eq('project_id', projectId)
          .eq('status', 'published')
          .order('published_at', { ascending: false }),
      ),
  })

export const latestReportsQuery = (viewerId: string, organizationId: string | null, limit = 5) =>
  queryOptions({
    queryKey: [...projectKeys.latestReports(viewerId, organizationId), limit],
    queryFn: async () => {
      if (!organizationId) return []
      return unwrapList(
        await supabase
          .from('reports')
          .select(
            'id, title, summary, report_type, period_start, period_end, published_at, project:projects!inner(id, name, organization_id)',
          )
          .eq('status', 'published')
          .eq('project.organization_id', organizationId)
          .order('published_at', { ascending: false })
          .limit(limit),
      )
    },
  })
