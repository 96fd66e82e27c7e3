import { createFileRoute } from '@tanstack/react-router'
import { msg } from '@lingui/core/macro'
import { AdminSearchPage } from '@/features/search/admin/search-page'
import { validateSearchParams } from '@/features/search/search-params'
import { privatePageHead } from '@/lib/seo'

// The staff's search (?q=words): organizations, people, projects, documents, reports and leads.
export const Route = createFileRoute('/{-$lang}/_app/admin/dashboard/search')({
  validateSearch: validateSearchParams,
  head: () => privatePageHead(msg`Search`),
  component: function Search() {
    return <AdminSearchPage query={Route.useSearch().q} />
  },
})
