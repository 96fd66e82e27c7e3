// The portal's read of a project's metrics; row-level security decides which come back.
import { queryOptions } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { projectKeys } from '@/lib/query-keys'
import { numericMetrics, unwrapList } from '@/lib/query-utils'

export const projectMetricsQuery = (viewerId: string, projectId: string) =>
  queryOptions({
    queryKey: projectKeys.metrics(viewerId, projectId),
    queryFn: async () => {
      const rows = unwrapList(
        await supabase
          .from('analytics_metrics')
          .select(
            'id, metric_key, label_es, label_en, unit, granularity, period_start, period_end, value, target, notes',
          )
          .eq('project_id', projectId)
          .order('metric_key')
          .order('period_start'),
      )
      return numericMetrics(rows)
    },
  })

export type PortalMetric = Awaited<ReturnType<NonNullable<ReturnType<typeof projectMetricsQuery>['queryFn']>>>[number]
