import { createFileRoute, notFound, rootRouteId, Outlet } from '@tanstack/react-router'
import { isLocale } from '../../lib/locale'

// Every page lives under an optional language segment: /x, /es/x and /en/x.
export const Route = createFileRoute('/{-$lang}')({
  beforeLoad: ({ params }) => {
    if (params.lang !== undefined && !isLocale(params.lang)) throw notFound({ routeId: rootRouteId })
  },
  component: Outlet,
})
