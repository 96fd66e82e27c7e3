import { createFileRoute } from '@tanstack/react-router'
import { msg } from '@lingui/core/macro'
import { ForgotPasswordPage } from '@/features/accounts/forgot-password-page'
import { privatePageHead } from '@/lib/seo'

export const Route = createFileRoute('/{-$lang}/_sign-in/client-portal/forgot-password')({
  head: () => privatePageHead(msg`Forgot your password?`),
  component: () => <ForgotPasswordPage audience="client" />,
})
