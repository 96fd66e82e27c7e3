import { createFileRoute } from '@tanstack/react-router'
import { msg } from '@lingui/core/macro'
import { AdminOverviewPage } from '@/areas/admin/overview-page'
import { adminOverviewQuery } from '@/areas/admin/queries'
import { pendingApprovalsQuery } from '@/features/approvals/queries'
import { privatePageHead } from '@/lib/seo'

export const Route = createFileRoute('/{-$lang}/_app/admin/dashboard/')({
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.ensureQueryData(adminOverviewQuery()),
      context.queryClient.ensureQueryData(pendingApprovalsQuery(context.profile.id)),
    ]),
  head: () => privatePageHead(msg`Admin overview`),
  component: AdminOverviewPage,
})
