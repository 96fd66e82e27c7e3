import { createFileRoute, notFound, rootRouteId } from '@tanstack/react-router'
import { OfferingPage } from '../../../../features/site/offering-page'
import { services } from '../../../../features/site/content/services'
import { serviceCards } from '../../../../features/site/content/site-index'
import { isServiceSlug, type ServiceSlug } from '../../../../lib/pages'
import { pageHead } from '../../../../lib/seo'

export const Route = createFileRoute('/{-$lang}/_site/services/$service')({
  beforeLoad: ({ params }) => {
    if (!isServiceSlug(params.service)) throw notFound({ routeId: rootRouteId })
  },
  head: ({ params }) => {
    // head() also runs for an unknown slug (beforeLoad's notFound does not stop it).
    if (!isServiceSlug(params.service)) return {}
    const content = serviceCards[params.service]
    return pageHead({ path: `/services/${params.service}`, title: content.name, description: content.metaDescription })
  },
  component: ServiceRoute,
})

function ServiceRoute() {
  const { service } = Route.useParams()
  return (
    <OfferingPage
      kind="service"
      slug={service as ServiceSlug}
      content={services[service as ServiceSlug]}
      path={`/services/${service}`}
    />
  )
}
