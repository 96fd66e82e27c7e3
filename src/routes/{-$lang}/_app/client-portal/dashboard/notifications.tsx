import { createFileRoute } from '@tanstack/react-router'
import { msg } from '@lingui/core/macro'
import { PortalNotificationsPage } from '@/features/notifications/portal/notifications'
import { notificationsQuery } from '@/features/notifications/queries'
import { privatePageHead } from '@/lib/seo'

// The signed-in user's notifications, newest first.
export const Route = createFileRoute('/{-$lang}/_app/client-portal/dashboard/notifications')({
  head: () => privatePageHead(msg`Notifications`),
  loader: ({ context }) => context.queryClient.ensureInfiniteQueryData(notificationsQuery(context.user.id)),
  component: PortalNotificationsPage,
})
