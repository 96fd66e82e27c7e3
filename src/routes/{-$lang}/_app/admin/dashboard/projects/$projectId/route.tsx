import { createFileRoute } from '@tanstack/react-router'
import { msg } from '@lingui/core/macro'
import { ProjectAdminLayout } from '@/areas/admin/project/frame'
import { adminProjectQuery } from '@/features/projects/admin/queries'
import { projectPeopleQuery } from '@/features/tasks/admin/queries'
import { PortalRouteError } from '@/components/ui/page-kit'
import { loadNamedProject } from '@/lib/project-route'
import { namedPageHead } from '@/lib/named-page-head'

// One project for staff: the frame of its sub-pages (header and their nav). The project itself is
// awaited (the header and the "not found" answer); each sub-page's route loads its own data.
export const Route = createFileRoute('/{-$lang}/_app/admin/dashboard/projects/$projectId')({
  loader: loadNamedProject(
    ({ projectId }) => adminProjectQuery(projectId),
    // Who tasks can go to starts with the project, not after it (it is asked for by the project's id).
    ({ projectId }) => [projectPeopleQuery(projectId)],
  ),
  head: namedPageHead((name) => msg`Project: ${name}`, msg`Project not found`),
  component: ProjectAdminLayout,
  errorComponent: PortalRouteError,
})
