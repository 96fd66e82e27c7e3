import { createFileRoute } from '@tanstack/react-router'
import { msg } from '@lingui/core/macro'
import { ProjectsListPage } from '@/features/projects/admin/projects-list-page'
import { organizationOptionsQuery, projectListQuery } from '@/features/projects/admin/queries'
import { validateProjectSearch } from '@/features/projects/admin/vocabulary'
import { PortalRouteError } from '@/components/ui/page-kit'
import { privatePageHead } from '@/lib/seo'

// The staff's project list with its filters in the URL, and the create form.
export const Route = createFileRoute('/{-$lang}/_app/admin/dashboard/projects/')({
  validateSearch: validateProjectSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient }, deps }) =>
    Promise.all([
      queryClient.ensureQueryData(organizationOptionsQuery()),
      queryClient.ensureQueryData(projectListQuery(deps)),
    ]),
  head: () => privatePageHead(msg`Projects`),
  component: ProjectsListPage,
  errorComponent: PortalRouteError,
})
