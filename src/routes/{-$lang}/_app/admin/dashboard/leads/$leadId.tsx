import { createFileRoute } from '@tanstack/react-router'
import { msg } from '@lingui/core/macro'
import { LeadPage } from '@/features/leads/admin/lead-page'
import { leadQuery } from '@/features/leads/admin/queries'
import { PortalRouteError } from '@/components/ui/page-kit'
import { privatePageHead } from '@/lib/seo'

// One lead from the contact form; the staff e-mail about a new message links here.
export const Route = createFileRoute('/{-$lang}/_app/admin/dashboard/leads/$leadId')({
  loader: async ({ context: { queryClient }, params: { leadId } }) => {
    const lead = await queryClient.ensureQueryData(leadQuery(leadId))
    return { leadName: lead?.name ?? null }
  },
  head: ({ loaderData }) => {
    const name = loaderData?.leadName
    return privatePageHead(name ? msg`Lead: ${name}` : msg`Lead not found`)
  },
  component: LeadPage,
  errorComponent: PortalRouteError,
})
