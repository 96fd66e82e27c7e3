import { createFileRoute } from '@tanstack/react-router'
import '@/lib/auth/url-fragment'
import { msg } from '@lingui/core/macro'
import { ResetPasswordPage } from '@/features/accounts/reset-password-page'
import { privatePageHead } from '@/lib/seo'

// Target of the recovery and invite e-mails: supabase-js reads the session from the URL fragment
// (captured by url-fragment when the app starts, before supabase-js loads and clears it).
export const Route = createFileRoute('/{-$lang}/_sign-in/reset-password')({
  head: () => privatePageHead(msg`Choose your password`),
  component: ResetPasswordPage,
})
