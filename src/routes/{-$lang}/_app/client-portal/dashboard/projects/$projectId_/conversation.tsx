import { createFileRoute } from '@tanstack/react-router'
import { msg } from '@lingui/core/macro'
import { PortalConversationPage } from '@/features/conversation/conversation-page'
import { PortalProjectTabs, projectTabsQueries } from '@/areas/portal/project-tabs'
import { conversationProjectQuery, conversationQueries } from '@/features/conversation/queries'
import { loadNamedProject } from '@/lib/project-route'
import { PortalRouteError } from '@/components/ui/page-kit'
import { namedPageHead } from '@/lib/named-page-head'

// A project's conversation for the client: its own page (not nested in the project page), so it
// has its own URL and the project page's navigation links to it.
export const Route = createFileRoute('/{-$lang}/_app/client-portal/dashboard/projects/$projectId_/conversation')({
  loader: loadNamedProject(
    ({ projectId, viewer }) => conversationProjectQuery(viewer.id, projectId),
    ({ projectId, viewer }) => [
      ...conversationQueries(viewer.id, projectId),
      ...projectTabsQueries(viewer.id, projectId),
    ],
  ),
  head: namedPageHead((name) => msg`Conversation: ${name}`, msg`Project not found`),
  component: Page,
  errorComponent: PortalRouteError,
})

function Page() {
  const { projectId } = Route.useParams()
  return (
    <PortalConversationPage
      projectId={projectId}
      tabs={<PortalProjectTabs projectId={projectId} open="conversation" />}
    />
  )
}
