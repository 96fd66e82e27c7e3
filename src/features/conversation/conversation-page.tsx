// The conversation as a project sub-page: in the admin area inside the project's frame (which
// answers "not found" itself), in the portal as its own page with the way back to the project.
import type { ReactNode } from 'react'
import { Link } from '@tanstack/react-router'
import { useSuspenseQuery } from '@tanstack/react-query'
import { Trans } from '@lingui/react/macro'
import { useProfile } from '@/lib/auth/use-auth'
import { useLangPrefix } from '@/lib/use-lang'
import { conversationProjectQuery } from '@/features/conversation/queries'
import { PageSection, ProjectNotFound, SectionBoundary } from '@/components/ui/page-kit'
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
  const lang = useLangPrefix()
  const { data: project } = useSuspenseQuery(conversationProjectQuery(profile.id, projectId))
  if (!project) {
    return (
      <ProjectNotFound
        reason={<Trans>This project does not exist or is not shared with your organization.</Trans>}
        back={
          <Link to="/{-$lang}/client-portal/dashboard" params={{ lang }} className={page.backLink}>
            <span aria-hidden="true">←&nbsp;</span>
            <Trans>Back to overview</Trans>
          </Link>
        }
      />
    )
  }
  const name = project.name
  return (
    <div className={page.page}>
      <Link
        to="/{-$lang}/client-portal/dashboard/projects/$projectId"
        params={{ lang, projectId }}
        className={page.backLink}
      >
        <span aria-hidden="true">←&nbsp;</span>
        <Trans>Back to {name}</Trans>
      </Link>
      <header className={page.pageHeader}>
        <h1 className={page.pageTitle}>
          <Trans>Conversation: {name}</Trans>
        </h1>
        <p className={page.lead}>
          <Trans>Write to the team working on this project. Everyone on the project reads this thread.</Trans>
        </p>
      </header>
      {tabs}
      <ConversationSection projectId={projectId} staff={false} />
    </div>
  )
}
