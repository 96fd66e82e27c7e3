import { createFileRoute } from '@tanstack/react-router'
import { ConversationSection } from '@/features/conversation/conversation-page'
import { prefetchConversation } from '@/features/conversation/queries'
import { isUuid } from '@/lib/query-utils'
import { PortalRouteError } from '@/components/ui/page-kit'

// A project's conversation for staff, internal notes included, inside the project's frame.
export const Route = createFileRoute('/{-$lang}/_app/admin/dashboard/projects/$projectId/conversation')({
  loader: ({ context: { queryClient, profile }, params: { projectId } }) => {
    if (!isUuid(projectId)) return
    prefetchConversation(queryClient, profile.id, projectId)
  },
  component: Page,
  errorComponent: PortalRouteError,
})

function Page() {
  const { projectId } = Route.useParams()
  return <ConversationSection projectId={projectId} staff />
}
