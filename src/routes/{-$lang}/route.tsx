import { createFileRoute, notFound, rootRouteId } from '@tanstack/react-router'
import { isLocale } from '../../lib/locale'

// Every page lives under an optional language segment: /x, /es/x and /en/x. No component: the
// router renders the child page (an Outlet) without a lazy chunk to fetch first.
export const Route = createFileRoute('/{-$lang}')({
  beforeLoad: ({ params }) => {
    if (params.lang !== undefined && !isLocale(params.lang)) throw notFound({ routeId: rootRouteId })
  },
})
