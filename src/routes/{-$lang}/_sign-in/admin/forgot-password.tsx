import { createFileRoute } from '@tanstack/react-router'
import { msg } from '@lingui/core/macro'
import { ForgotPasswordPage } from '@/features/accounts/forgot-password-page'
import { privatePageHead } from '@/lib/seo'

// Staff ask for a reset link here, and come back to the staff sign-in.
export const Route = createFileRoute('/{-$lang}/_sign-in/admin/forgot-password')({
  head: () => privatePageHead(msg`Forgot your password?`),
  component: () => <ForgotPasswordPage audience="staff" />,
})
