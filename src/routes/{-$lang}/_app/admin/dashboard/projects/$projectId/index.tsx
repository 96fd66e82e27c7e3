import { createFileRoute } from '@tanstack/react-router'
import { ProjectOverviewPage } from '@/areas/admin/project/overview'
import { PortalRouteError } from '@/components/ui/page-kit'

// A project's overview for staff: its details (edit, archive). `?created=true` after creating it
// shows the confirmation.
export const Route = createFileRoute('/{-$lang}/_app/admin/dashboard/projects/$projectId/')({
  validateSearch: (search: Record<string, unknown>): { created?: boolean } =>
    search.created === true || search.created === 'true' ? { created: true } : {},
  component: ProjectOverviewPage,
  errorComponent: PortalRouteError,
})
