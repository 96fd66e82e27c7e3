// The conversation as a project sub-page: in the admin area inside the project's frame (which
// answers "not found" itself), in the portal as its own page with the way back to the project.
import type { ReactNode } from 'react'
import { useSuspenseQuery } from '@tanstack/react-query'
import { Trans } from '@lingui/react/macro'
import { useProfile } from '@/lib/auth/use-auth'
import { conversationProjectQuery } from '@/features/conversation/queries'
import { PageSection, SectionBoundary } from '@/components/ui/page-kit'
import { PortalProjectSubPage } from '@/components/ui/portal-project-sub-page'
import * as page from '@/components/ui/page.css'
import { Conversation } from './conversation'

export function ConversationSection({ projectId, staff }: { projectId: string; staff: boolean }) {
  return (
    <PageSection id="conversation" title={<Trans>Conversation</Trans>} focusable>
      <SectionBoundary failure={<Trans>The conversation could not be loaded.</Trans>}>
        <Conversation projectId={projectId} staff={staff} />
      </SectionBoundary>
    </PageSection>
  )
}

/** `tabs`: the project's tabs, which the route brings from the portal's project views. */
export function PortalConversationPage({ projectId, tabs }: { projectId: string; tabs?: ReactNode }) {
  const profile = useProfile()
  const { data: project } = useSuspenseQuery(conversationProjectQuery(profile.id, projectId))
  return (
    <PortalProjectSubPage
      projectId={projectId}
      project={project}
      title={(name) => <Trans>Conversation: {name}</Trans>}
      intro={() => (
        <p className={page.lead}>
          <Trans>Write to the team working on this project. Everyone on the project reads this thread.</Trans>
        </p>
      )}
      tabs={tabs}
    >
      {() => <ConversationSection projectId={projectId} staff={false} />}
    </PortalProjectSubPage>
  )
}
