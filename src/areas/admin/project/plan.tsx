// An admin project's Plan tab (decision 0040): phases, milestones, time and the progress they give.
import { Trans } from '@lingui/react/macro'
import { PlanAdmin } from '@/features/plan/admin/plan-admin'
import { ProjectSection } from './frame'

export function ProjectPlanPage() {
  return (
    <ProjectSection id="plan" title={<Trans>Plan</Trans>} failure={<Trans>The plan could not be loaded.</Trans>}>
      {(project) => <PlanAdmin projectId={project.id} />}
    </ProjectSection>
  )
}
