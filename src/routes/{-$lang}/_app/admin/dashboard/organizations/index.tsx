import { createFileRoute } from '@tanstack/react-router'
import { msg } from '@lingui/core/macro'
import { OrganizationsPage } from '@/features/organizations/admin/organizations-page'
import { organizationsQuery } from '@/features/organizations/admin/queries'
import { PortalRouteError } from '@/components/ui/page-kit'
import { privatePageHead } from '@/lib/seo'

// The client organizations: list with search, and the form that creates one.
export const Route = createFileRoute('/{-$lang}/_app/admin/dashboard/organizations/')({
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(organizationsQuery()),
  head: () => privatePageHead(msg`Clients`),
  component: OrganizationsPage,
  errorComponent: PortalRouteError,
})
