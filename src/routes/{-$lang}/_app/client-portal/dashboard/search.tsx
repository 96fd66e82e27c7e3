import { createFileRoute } from '@tanstack/react-router'
import { msg } from '@lingui/core/macro'
import { PortalSearchPage } from '@/features/search/portal/search-page'
import { validateSearchParams } from '@/features/search/search-params'
import { privatePageHead } from '@/lib/seo'

// The client's search (?q=words): their projects, documents and reports.
export const Route = createFileRoute('/{-$lang}/_app/client-portal/dashboard/search')({
  validateSearch: validateSearchParams,
  head: () => privatePageHead(msg`Search`),
  component: function Search() {
    return <PortalSearchPage query={Route.useSearch().q} />
  },
})
