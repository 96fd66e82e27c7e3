// The staff's read of a project's metrics, hidden ones included.
import { queryOptions } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { adminProjectKeys } from '@/lib/query-keys'
import { numericMetrics, unwrapList } from '@/lib/query-utils'

export const adminMetricsQuery = (projectId: string) =>
  queryOptions({
    queryKey: adminProjectKeys.metrics(projectId),
    queryFn: async () => {
      const rows = unwrapList(
        await supabase
          .from('analytics_metrics')
          .select(
            'id, metric_key, label_es, label_en, unit, granularity, period_start, period_end, value, target, visible_to_client, notes',
          )
          .eq('project_id', projectId)
          .order('metric_key')
          .order('period_start'),
      )
      return numericMetrics(rows)
    },
  })

export type AdminMetric = Awaited<ReturnType<NonNullable<ReturnType<typeof adminMetricsQuery>['queryFn']>>>[number]
