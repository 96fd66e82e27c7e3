import { createFileRoute } from '@tanstack/react-router'
import { msg } from '@lingui/core/macro'
import { NotificationSettingsPage } from '@/features/notifications/notification-settings-page'
import { notificationPreferencesQuery } from '@/features/notifications/queries'
import { PortalRouteError } from '@/components/ui/page-kit'
import { privatePageHead } from '@/lib/seo'

// The signed-in staff member's notification e-mails (every notification e-mail links here).
export const Route = createFileRoute('/{-$lang}/_app/admin/dashboard/notification-settings')({
  head: () => privatePageHead(msg`Notification settings`),
  loader: ({ context }) => context.queryClient.ensureQueryData(notificationPreferencesQuery(context.user.id)),
  component: NotificationSettingsPage,
  errorComponent: PortalRouteError,
})
