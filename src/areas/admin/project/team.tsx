// An admin project's Team access tab: who at the client reaches the project, and who approves
// for the organization.
import { Trans } from '@lingui/react/macro'
import { TeamAccessAdmin } from '@/features/approvals/admin/team-access'
import { ProjectSection } from './frame'

export function ProjectTeamPage() {
  return (
    <ProjectSection id="team" title={<Trans>Team access</Trans>} failure={<Trans>The team could not be loaded.</Trans>}>
      {(project) => <TeamAccessAdmin project={project} />}
    </ProjectSection>
  )
}
