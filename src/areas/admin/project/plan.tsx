// An admin project's Plan tab (decision 0040): phases, milestones, time and the progress they give.
import { PlanAdmin } from '@/features/plan/admin/plan-admin'
import { ProjectSection } from './frame'

export function ProjectPlanPage() {
  return <ProjectSection tab="plan">{(project) => <PlanAdmin projectId={project.id} />}</ProjectSection>
}
