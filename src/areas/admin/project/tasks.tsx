// An admin project's Tasks tab: create, assign, change status.
import { TasksAdmin } from '@/features/tasks/admin/admin-tasks'
import { ProjectSection } from './frame'

export function ProjectTasksPage() {
  return <ProjectSection tab="tasks">{(project) => <TasksAdmin project={project} />}</ProjectSection>
}
