import { createFileRoute } from '@tanstack/react-router'
import { SiteLayout } from '@/components/site-layout/site-layout'

// The pages a signed-out person uses to get in (sign-in, forgot and reset password, the e-mail
// links' confirmation, and /admin and /client-portal, which only redirect): not the public pages,
// so not in their route tree (decision 0054), but in the public pages' frame, the same component
// as _site's. The same component and options as there, so going from one layout to the other
// keeps the header and the footer mounted (React sees the same element in the same place).
export const Route = createFileRoute('/{-$lang}/_sign-in')({
  component: SiteLayout,
})
