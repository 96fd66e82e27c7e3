import { createFileRoute } from '@tanstack/react-router'
import { msg } from '@lingui/core/macro'
import { PortalConversationPage } from '@/features/conversation/conversation-page'
import { PortalProjectTabs, prefetchProjectTabs } from '@/areas/portal/project-tabs'
import { conversationProjectQuery, prefetchConversation } from '@/features/conversation/queries'
import { isUuid } from '@/lib/query-utils'
import { PortalRouteError } from '@/components/ui/page-kit'
import { privatePageHead } from '@/lib/seo'

// A project's conversation for the client: its own page (not nested in the project page), so it
// has its own URL and the project page's navigation links to it.
export const Route = createFileRoute('/{-$lang}/_app/client-portal/dashboard/projects/$projectId_/conversation')({
  loader: async ({ context: { queryClient, profile }, params: { projectId } }) => {
    if (isUuid(projectId)) {
      prefetchConversation(queryClient, profile.id, projectId)
      prefetchProjectTabs(queryClient, profile.id, projectId)
    }
    const project = await queryClient.ensureQueryData(conversationProjectQuery(profile.id, projectId))
    return { projectName: project?.name ?? null }
  },
  head: ({ loaderData }) => {
    const name = loaderData?.projectName
    return privatePageHead(name ? msg`Conversation: ${name}` : msg`Project not found`)
  },
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
