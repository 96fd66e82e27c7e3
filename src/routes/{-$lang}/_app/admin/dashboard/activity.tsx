import { createFileRoute } from '@tanstack/react-router'
import { msg } from '@lingui/core/macro'
import { ActivityLogPage } from '@/features/activity/admin/activity-page'
import { activityFilterOptionsQuery, activityPageQuery } from '@/features/activity/admin/queries'
import { filtersOf, validateActivitySearch } from '@/features/activity/admin/search'
import { PortalRouteError } from '@/components/ui/page-kit'
import { privatePageHead } from '@/lib/seo'

// The audit trail, filtered by the URL's search params (bookmarkable).
export const Route = createFileRoute('/{-$lang}/_app/admin/dashboard/activity')({
  validateSearch: validateActivitySearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, deps }) =>
    Promise.all([
      queryClient.ensureQueryData(activityFilterOptionsQuery()),
      queryClient.ensureQueryData(activityPageQuery(filtersOf(deps), deps.page ?? 1)),
    ]),
  head: () => privatePageHead(msg`Activity log`),
  component: ActivityLogPage,
  errorComponent: PortalRouteError,
})
