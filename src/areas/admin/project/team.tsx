// An admin project's Team access tab: who at the client reaches the project, and who approves
// for the organization.
import { TeamAccessAdmin } from '@/features/approvals/admin/team-access'
import { ProjectSection } from './frame'

export function ProjectTeamPage() {
  return <ProjectSection tab="team">{(project) => <TeamAccessAdmin project={project} />}</ProjectSection>
}
