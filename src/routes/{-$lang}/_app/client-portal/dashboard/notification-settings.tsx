import { createFileRoute } from '@tanstack/react-router'
import { msg } from '@lingui/core/macro'
import { NotificationSettingsPage } from '@/features/notifications/notification-settings-page'
import { notificationPreferencesQuery } from '@/features/notifications/queries'
import { privatePageHead } from '@/lib/seo'
import { activePreview } from '@/lib/auth/view-as'
import { PreviewNote } from '@/components/ui/preview-note'

// The signed-in client's notification e-mails (every notification e-mail links here).
export const Route = createFileRoute('/{-$lang}/_app/client-portal/dashboard/notification-settings')({
  head: () => privatePageHead(msg`Notification settings`),
  loader: ({ context }) => context.queryClient.ensureQueryData(notificationPreferencesQuery(context.user.id)),
  // A staff member's preview of the portal shows no settings: they could only be refused.
  component: () => (activePreview() ? <PreviewNote /> : <NotificationSettingsPage />),
})
