import { createFileRoute } from '@tanstack/react-router'
import { msg } from '@lingui/core/macro'
import { StaffAccountPage } from '@/features/accounts/staff-account-page'
import { mfaFactorsQuery } from '@/lib/auth/queries'
import { PortalRouteError } from '@/components/ui/page-kit'
import { privatePageHead } from '@/lib/seo'

// The signed-in staff member's profile, language, password and two-step verification.
export const Route = createFileRoute('/{-$lang}/_app/admin/dashboard/account')({
  head: () => privatePageHead(msg`Your account`),
  loader: ({ context }) => context.queryClient.ensureQueryData(mfaFactorsQuery(context.user.id)),
  component: StaffAccountPage,
  errorComponent: PortalRouteError,
})
