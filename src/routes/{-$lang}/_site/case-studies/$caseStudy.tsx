import { createFileRoute, notFound, rootRouteId } from '@tanstack/react-router'
import { CaseStudyPage } from '../../../../features/site/case-study-page'
import { caseStudyHeads } from '../../../../features/site/content/site-index'
import { isCaseStudySlug, type CaseStudySlug } from '../../../../lib/pages'
import { pageHead } from '../../../../lib/seo'

export const Route = createFileRoute('/{-$lang}/_site/case-studies/$caseStudy')({
  beforeLoad: ({ params }) => {
    if (!isCaseStudySlug(params.caseStudy)) throw notFound({ routeId: rootRouteId })
  },
  head: ({ params }) => {
    // head() also runs for an unknown slug (beforeLoad's notFound does not stop it).
    if (!isCaseStudySlug(params.caseStudy)) return {}
    const head = caseStudyHeads[params.caseStudy]
    return pageHead({ path: `/case-studies/${params.caseStudy}`, title: head.title, description: head.metaDescription })
  },
  component: CaseStudyRoute,
})

function CaseStudyRoute() {
  const { caseStudy } = Route.useParams()
  return <CaseStudyPage slug={caseStudy as CaseStudySlug} />
}
