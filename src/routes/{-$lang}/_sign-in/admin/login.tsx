import { createFileRoute } from '@tanstack/react-router'
import { msg } from '@lingui/core/macro'
import { validateLoginSearch } from '@/lib/auth/redirect'
import { SignInPage } from '@/features/accounts/sign-in-page'
import { privatePageHead } from '@/lib/seo'

export const Route = createFileRoute('/{-$lang}/_sign-in/admin/login')({
  validateSearch: validateLoginSearch,
  head: () => privatePageHead(msg`Staff sign-in`),
  component: () => <SignInPage audience="staff" />,
})
