import { createFileRoute, redirect } from '@tanstack/react-router'

// /client-portal itself has no page: the dashboard's guard takes it from there.
export const Route = createFileRoute('/{-$lang}/_sign-in/client-portal/')({
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/{-$lang}/client-portal/dashboard', params, replace: true })
  },
})
