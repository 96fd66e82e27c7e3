import { createFileRoute } from '@tanstack/react-router'
import { msg } from '@lingui/core/macro'
import { AccountPage } from '@/features/accounts/account-page'
import { mfaFactorsQuery } from '@/lib/auth/queries'
import { privatePageHead } from '@/lib/seo'
import { activePreview } from '@/lib/auth/view-as'
import { PreviewNote } from '@/components/ui/preview-note'

// The signed-in client's profile, language, password and two-step verification.
export const Route = createFileRoute('/{-$lang}/_app/client-portal/dashboard/account')({
  head: () => privatePageHead(msg`Your account`),
  loader: ({ context }) => context.queryClient.ensureQueryData(mfaFactorsQuery(context.user.id)),
  // A staff member's preview of the portal shows no account forms: they could only be refused.
  component: () => (activePreview() ? <PreviewNote /> : <AccountPage />),
})
