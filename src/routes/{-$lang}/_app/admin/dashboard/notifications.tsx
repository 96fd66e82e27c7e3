import { createFileRoute } from '@tanstack/react-router'
import { msg } from '@lingui/core/macro'
import { AdminNotificationsPage } from '@/features/notifications/admin/notifications-page'
import { notificationsQuery } from '@/features/notifications/queries'
import { privatePageHead } from '@/lib/seo'

// The signed-in staff member's notifications, newest first.
export const Route = createFileRoute('/{-$lang}/_app/admin/dashboard/notifications')({
  head: () => privatePageHead(msg`Notifications`),
  loader: ({ context }) => context.queryClient.ensureInfiniteQueryData(notificationsQuery(context.user.id)),
  component: AdminNotificationsPage,
})
