import { createFileRoute } from '@tanstack/react-router'
import { msg } from '@lingui/core/macro'
import { TeamPage } from '@/features/organizations/admin/team-page'
import { staffQuery } from '@/features/organizations/admin/team-queries'
import { PortalRouteError } from '@/components/ui/page-kit'
import { privatePageHead } from '@/lib/seo'

// The firm's staff: everyone sees it; only a super_admin invites staff and changes roles.
export const Route = createFileRoute('/{-$lang}/_app/admin/dashboard/team')({
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(staffQuery()),
  head: () => privatePageHead(msg`Team`),
  component: TeamPage,
  errorComponent: PortalRouteError,
})
