import { createFileRoute } from '@tanstack/react-router'
import { msg } from '@lingui/core/macro'
import { QueryClientProvider } from '@tanstack/react-query'
import { appQueryClient } from '@/lib/query-client'
import { SecondFactorRequiredPage } from '@/features/accounts/second-factor-required-page'
import { safeRedirect } from '@/lib/auth/redirect'
import { privatePageHead } from '@/lib/seo'

// A required second factor's enrolment, before the admin area or the portal (decision 0037).
export const Route = createFileRoute('/{-$lang}/_app/second-factor')({
  validateSearch: (search: Record<string, unknown>): { redirect?: string } => {
    const redirect = safeRedirect(search.redirect)
    return redirect ? { redirect } : {}
  },
  head: () => privatePageHead(msg`Two-step verification`),
  beforeLoad: async ({ params, search }) =>
    (await import('@/lib/auth/guards')).requireEnrolmentPending({ params, search }),
  component: SecondFactorRoute,
})

function SecondFactorRoute() {
  const { audience } = Route.useRouteContext()
  const { redirect } = Route.useSearch()
  return (
    <QueryClientProvider client={appQueryClient()}>
      <SecondFactorRequiredPage audience={audience} redirect={redirect} />
    </QueryClientProvider>
  )
}
