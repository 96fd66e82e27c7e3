import { createFileRoute } from '@tanstack/react-router'
import { msg } from '@lingui/core/macro'
import { ConfirmLinkPage } from '@/features/accounts/confirm-link-page'
import { validateConfirmSearch } from '@/features/accounts/confirm-search'
import { privatePageHead } from '@/lib/seo'

// Target of the sign-in link and sign-up confirmation e-mails: nothing is used until the click.
export const Route = createFileRoute('/{-$lang}/_sign-in/confirm')({
  validateSearch: validateConfirmSearch,
  head: () => privatePageHead(msg`Confirm by e-mail`),
  component: ConfirmLinkPage,
})
