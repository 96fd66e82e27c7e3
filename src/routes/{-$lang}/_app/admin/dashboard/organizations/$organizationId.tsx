import { createFileRoute } from '@tanstack/react-router'
import { msg } from '@lingui/core/macro'
import { OrganizationPage } from '@/features/organizations/admin/organization-page'
import {
  organizationProjectsQuery,
  organizationQuery,
  organizationUsersQuery,
} from '@/features/organizations/admin/queries'
import { PortalRouteError } from '@/components/ui/page-kit'
import { namedPageHead } from '@/lib/named-page-head'

// One client organization: its users (invite, resend, deactivate, reactivate), its projects and
// its details.
export const Route = createFileRoute('/{-$lang}/_app/admin/dashboard/organizations/$organizationId')({
  loader: async ({ context: { queryClient }, params: { organizationId } }) => {
    const [organization] = await Promise.all([
      queryClient.ensureQueryData(organizationQuery(organizationId)),
      queryClient.ensureQueryData(organizationUsersQuery(organizationId)),
      queryClient.ensureQueryData(organizationProjectsQuery(organizationId)),
    ])
    return { name: organization?.name ?? null }
  },
  head: namedPageHead((name) => msg`Client: ${name}`, msg`Organization not found`),
  component: OrganizationPage,
  errorComponent: PortalRouteError,
})
