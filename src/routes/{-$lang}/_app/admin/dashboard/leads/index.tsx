import { createFileRoute } from '@tanstack/react-router'
import { msg } from '@lingui/core/macro'
import { LeadsPage } from '@/features/leads/admin/leads-page'
import { leadsQuery } from '@/features/leads/admin/queries'
import { validateLeadsSearch } from '@/features/leads/admin/search'
import { PortalRouteError } from '@/components/ui/page-kit'
import { privatePageHead } from '@/lib/seo'

// The lead pipeline as a board or a list (?view=list), by status (?status=new|contacted|qualified|
// won|lost) and to the reader's own (?mine=1): all computed from one list of the leads.
export const Route = createFileRoute('/{-$lang}/_app/admin/dashboard/leads/')({
  validateSearch: validateLeadsSearch,
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(leadsQuery()),
  head: () => privatePageHead(msg`Leads`),
  component: LeadsPage,
  errorComponent: PortalRouteError,
})
