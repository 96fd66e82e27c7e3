// An admin project's Tasks tab: create, assign, change status.
import { Trans } from '@lingui/react/macro'
import { TasksAdmin } from '@/features/tasks/admin/admin-tasks'
import { ProjectSection } from './frame'

export function ProjectTasksPage() {
  return (
    <ProjectSection id="tasks" title={<Trans>Tasks</Trans>} failure={<Trans>The tasks could not be loaded.</Trans>}>
      {(project) => <TasksAdmin project={project} />}
    </ProjectSection>
  )
}
