import { createFileRoute } from '@tanstack/react-router'
import { ConversationSection } from '@/features/conversation/conversation-page'
import { conversationQueries } from '@/features/conversation/queries'
import { prefetchProjectPage } from '@/lib/project-route'
import { PortalRouteError } from '@/components/ui/page-kit'

// A project's conversation for staff, internal notes included, inside the project's frame.
export const Route = createFileRoute('/{-$lang}/_app/admin/dashboard/projects/$projectId/conversation')({
  loader: prefetchProjectPage(({ projectId, viewer }) => conversationQueries(viewer.id, projectId)),
  component: Page,
  errorComponent: PortalRouteError,
})

function Page() {
  const { projectId } = Route.useParams()
  return <ConversationSection projectId={projectId} staff />
}
