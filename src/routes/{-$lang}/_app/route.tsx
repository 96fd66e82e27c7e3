import { createFileRoute, Outlet } from '@tanstack/react-router'

// The applications (client portal and admin area): no marketing header or footer; each area's
// dashboard route brings its own shell (components/app-shell, decision 0013).
export const Route = createFileRoute('/{-$lang}/_app')({
  component: Outlet,
})
