// A project's details for staff: the project form filled in from the project (the organization
// stays as it is), and the archive control below it. Shown on the project's overview page.
import { useQueryClient } from '@tanstack/react-query'
import { useLingui } from '@lingui/react/macro'
import { adminKeys, adminProjectKeys } from '@/lib/query-keys'
import { updateProject } from './api'
import { ProjectForm, toProjectRow, type ProjectFormValues } from './project-form'
import type { AdminProject } from './queries'
import { ArchiveControl } from './archive-control'

function toFormValues(project: AdminProject): ProjectFormValues {
  return {
    organizationId: project.organization_id,
    name: project.name,
    service: project.service,
    status: project.status,
    progress: String(project.progress),
    startDate: project.start_date ?? '',
    dueDate: project.due_date ?? '',
    completedOn: project.completed_on ?? '',
    description: project.description ?? '',
    visibleToClient: project.visible_to_client,
  }
}

/** The project's details, editable, and its archive control; both refresh the project and the lists. */
export function ProjectDetails({ project }: { project: AdminProject }) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const invalidate = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminProjectKeys.all() }),
      queryClient.invalidateQueries({ queryKey: adminKeys.overview() }),
    ])
  return (
    <>
      <ProjectForm
        defaultValues={toFormValues(project)}
        organizations={null}
        organizationName={project.organization?.name ?? ''}
        submitLabel={t`Save project`}
        savedMessage={t`The project has been saved.`}
        onSubmit={async (values) => {
          const { organization_id: _fixed, ...changes } = toProjectRow(values)
          await updateProject(project.id, changes)
          await invalidate()
        }}
      />
      <ArchiveControl project={project} onChanged={invalidate} />
    </>
  )
}
