import { createFileRoute } from '@tanstack/react-router'
import { msg } from '@lingui/core/macro'
import { LeadPage } from '@/features/leads/admin/lead-page'
import { leadHistoryQuery, leadNotesQuery, leadQuery, staffQuery } from '@/features/leads/admin/queries'
import { PortalRouteError } from '@/components/ui/page-kit'
import { namedPageHead } from '@/lib/named-page-head'

// One lead of the pipeline, with its notes, status history and the staff it may be assigned to;
// the staff e-mails about a new message and a due follow-up link here.
export const Route = createFileRoute('/{-$lang}/_app/admin/dashboard/leads/$leadId')({
  loader: async ({ context: { queryClient }, params: { leadId } }) => {
    const [lead] = await Promise.all([
      queryClient.ensureQueryData(leadQuery(leadId)),
      queryClient.ensureQueryData(leadNotesQuery(leadId)),
      queryClient.ensureQueryData(leadHistoryQuery(leadId)),
      queryClient.ensureQueryData(staffQuery()),
    ])
    return { name: lead?.name ?? null }
  },
  head: namedPageHead((name) => msg`Lead: ${name}`, msg`Lead not found`),
  component: LeadPage,
  errorComponent: PortalRouteError,
})
