import { createFileRoute } from '@tanstack/react-router'
import { msg } from '@lingui/core/macro'
import { LeadsPage } from '@/features/leads/admin/leads-page'
import { leadCountsQuery, leadsListQuery } from '@/features/leads/admin/queries'
import { validateLeadsSearch } from '@/features/leads/admin/search'
import { PortalRouteError } from '@/components/ui/page-kit'
import { privatePageHead } from '@/lib/seo'

// The contact form's leads, filtered by status (?status=new|in_progress|closed).
export const Route = createFileRoute('/{-$lang}/_app/admin/dashboard/leads/')({
  validateSearch: validateLeadsSearch,
  loaderDeps: ({ search }) => ({ status: search.status ?? null }),
  loader: ({ context: { queryClient }, deps }) =>
    Promise.all([
      queryClient.ensureQueryData(leadCountsQuery()),
      queryClient.ensureQueryData(leadsListQuery(deps.status)),
    ]),
  head: () => privatePageHead(msg`Leads`),
  component: LeadsPage,
  errorComponent: PortalRouteError,
})
