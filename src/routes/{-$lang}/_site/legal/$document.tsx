import { createFileRoute, notFound, rootRouteId } from '@tanstack/react-router'
import { LegalPage } from '../../../../features/site/legal-page'
import { legalPages } from '../../../../features/site/content/site-index'
import { isLegalSlug, type LegalSlug } from '../../../../lib/pages'
import { pageHead } from '../../../../lib/seo'

export const Route = createFileRoute('/{-$lang}/_site/legal/$document')({
  beforeLoad: ({ params }) => {
    if (!isLegalSlug(params.document)) throw notFound({ routeId: rootRouteId })
  },
  head: ({ params }) => {
    // head() also runs for an unknown slug (beforeLoad's notFound does not stop it).
    if (!isLegalSlug(params.document)) return {}
    const content = legalPages[params.document]
    return pageHead({ path: `/legal/${params.document}`, title: content.title, description: content.metaDescription })
  },
  component: LegalRoute,
})

function LegalRoute() {
  const { document } = Route.useParams()
  return <LegalPage slug={document as LegalSlug} />
}
