import { createFileRoute, redirect } from '@tanstack/react-router'

// /admin (the footer's dot link) leads to the dashboard, behind the admin guard.
export const Route = createFileRoute('/{-$lang}/_sign-in/admin/')({
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/{-$lang}/admin/dashboard', params, replace: true })
  },
})
