import { createFileRoute, notFound, rootRouteId } from '@tanstack/react-router'
import { OfferingPage } from '../../../../features/site/offering-page'
import { specializations } from '../../../../features/site/content/specializations'
import { specializationCards } from '../../../../features/site/content/site-index'
import { isSpecializationSlug, type SpecializationSlug } from '../../../../lib/pages'
import { pageHead } from '../../../../lib/seo'

export const Route = createFileRoute('/{-$lang}/_site/specializations/$specialization')({
  beforeLoad: ({ params }) => {
    if (!isSpecializationSlug(params.specialization)) throw notFound({ routeId: rootRouteId })
  },
  head: ({ params }) => {
    // head() also runs for an unknown slug (beforeLoad's notFound does not stop it).
    if (!isSpecializationSlug(params.specialization)) return {}
    const content = specializationCards[params.specialization]
    return pageHead({
      path: `/specializations/${params.specialization}`,
      title: content.name,
      description: content.metaDescription,
    })
  },
  component: SpecializationRoute,
})

function SpecializationRoute() {
  const { specialization } = Route.useParams()
  return (
    <OfferingPage
      kind="specialization"
      slug={specialization as SpecializationSlug}
      content={specializations[specialization as SpecializationSlug]}
      path={`/specializations/${specialization}`}
    />
  )
}
