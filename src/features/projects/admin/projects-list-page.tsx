// The staff's project list: filters (organization, status, a name search, archived shown only
// when asked) kept in the URL, the table, and the form that creates a project and opens it.
import { useState, type FormEvent } from 'react'
import { getRouteApi, useNavigate } from '@tanstack/react-router'
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import * as formStyles from '@/components/form/form.css'
import * as layout from '@/components/ui/layout.css'
import { CheckboxField, Field, SelectField } from '@/components/form/field'
import { formatDate } from '@/lib/format'
import { labelOf, projectStatusLabels, serviceLabels } from '@/lib/labels'
import { ProgressBar, StatusBadge } from '@/components/ui/page-kit'
import * as page from '@/components/ui/page.css'
import { HiddenFromClient, StaffProjectLink } from '@/components/ui/staff-project'
import { adminKeys } from '@/lib/query-keys'
import { createProject } from './api'
import { Panel } from '@/components/form/project-form-kit'
import { emptyProject, ProjectForm, toProjectRow } from './project-form'
import { adminProjectKeys } from '@/lib/query-keys'
import { organizationOptionsQuery, projectListQuery } from './queries'
import { FILTER_MAX, openStatusFilter, type ProjectFilters } from './vocabulary'
import { projectStatuses } from '@/features/projects/vocabulary'
import * as styles from '@/components/form/project-forms.css'
import { DataTable } from '@/components/ui/data-table'

const route = getRouteApi('/{-$lang}/_app/admin/dashboard/projects/')

export function ProjectsListPage() {
  const filters = route.useSearch()
  const { data: organizations } = useSuspenseQuery(organizationOptionsQuery())
  const { data: projects } = useSuspenseQuery(projectListQuery(filters))
  const { t, i18n } = useLingui()
  const count = projects.length

  return (
    <div className={page.page}>
      <div className={page.pageHeader}>
        <h1 className={page.pageTitle}>
          <Trans>Projects</Trans>
        </h1>
        <p className={page.lead}>
          <Trans>
            Create projects for client organizations and open one to manage its documents, reports, metrics and tasks.
          </Trans>
        </p>
      </div>

      <FilterForm filters={filters} organizations={organizations} />

      <section aria-labelledby="project-list-title" className={page.section}>
        <h2 id="project-list-title" className={page.sectionTitle}>
          {filters.archived ? <Trans>Projects, archived included</Trans> : <Trans>Current projects</Trans>}
        </h2>
        <p className={page.mutedText} role="status">
          {projects.length === 1 ? <Trans>1 project matches.</Trans> : <Trans>{count} projects match.</Trans>}
        </p>
        {projects.length === 0 ? (
          <p className={page.panel}>
            <Trans>No project matches these filters.</Trans>
          </p>
        ) : (
          <DataTable
            labelledBy="project-list-title"
            rows={projects}
            rowKey={(project) => project.id}
            rowAttributes={(project) => ({ 'data-project-id': project.id })}
            columns={[
              {
                key: 'project',
                header: t`Project`,
                rowHeader: true,
                cell: (project) => (
                  <>
                    <StaffProjectLink project={project} />
                    <p className={page.meta}>
                      <span>{labelOf(i18n, serviceLabels, project.service)}</span>
                      {project.archived_at && (
                        <span>
                          <Trans>Archived</Trans>
                        </span>
                      )}
                      {!project.visible_to_client && <HiddenFromClient />}
                    </p>
                  </>
                ),
              },
              { key: 'organization', header: t`Organization`, cell: (project) => project.organization?.name },
              {
                key: 'status',
                header: t`Status`,
                cell: (project) => <StatusBadge kind="project" status={project.status} />,
              },
              {
                key: 'progress',
                header: t`Progress`,
                wide: true,
                cell: (project) => <ProgressBar value={project.progress} />,
              },
              {
                key: 'due',
                header: t`Due date`,
                nowrap: true,
                cell: (project) => (project.due_date ? formatDate(project.due_date, i18n.locale) : '—'),
              },
            ]}
          />
        )}
      </section>

      <CreateProject organizations={organizations} />
    </div>
  )
}

function FilterForm({
  filters,
  organizations,
}: {
  filters: ProjectFilters
  organizations: { id: string; name: string }[]
}) {
  const { t, i18n } = useLingui()
  const navigate = useNavigate()
  const [organization, setOrganization] = useState(filters.organization ?? '')
  const [status, setStatus] = useState(filters.status ?? '')
  const [q, setQ] = useState(filters.q ?? '')
  const [archived, setArchived] = useState(filters.archived ?? false)
  const [error, setError] = useState<string | undefined>()

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (q.trim().length > FILTER_MAX) {
      setError(t`Search for at most 100 characters.`)
      return
    }
    setError(undefined)
    void navigate({
      to: '/{-$lang}/admin/dashboard/projects',
      params: (previous) => previous,
      search: {
        organization: organization || undefined,
        status: status || undefined,
        q: q.trim() || undefined,
        archived: archived || undefined,
      },
    })
  }

  const clear = () => {
    setOrganization('')
    setStatus('')
    setQ('')
    setArchived(false)
    setError(undefined)
    void navigate({ to: '/{-$lang}/admin/dashboard/projects', params: (previous) => previous, search: {} })
  }

  return (
    <form className={styles.filters} onSubmit={apply} aria-label={t`Filter projects`} role="search" noValidate>
      <SelectField
        label={t`Organization`}
        value={organization}
        onChange={(event) => setOrganization(event.target.value)}
        options={[
          { value: '', label: t`All organizations` },
          ...organizations.map((item) => ({ value: item.id, label: item.name })),
        ]}
      />
      <SelectField
        label={t`Status`}
        value={status}
        onChange={(event) => setStatus(event.target.value)}
        options={[
          { value: '', label: t`All statuses` },
          { value: openStatusFilter, label: t`Open (planning, in progress or on hold)` },
          ...projectStatuses.map((code) => ({ value: code, label: labelOf(i18n, projectStatusLabels, code) })),
        ]}
      />
      <Field
        label={t`Search by name`}
        type="search"
        value={q}
        error={error}
        onChange={(event) => setQ(event.target.value)}
      />
      <CheckboxField
        label={t`Show archived projects`}
        checked={archived}
        onChange={(event) => setArchived(event.target.checked)}
      />
      <div className={styles.filterActions}>
        <button type="submit" className={layout.buttonPrimary}>
          <Trans>Apply filters</Trans>
        </button>
        <button type="button" className={page.smallButton} onClick={clear}>
          <Trans>Clear filters</Trans>
        </button>
      </div>
    </form>
  )
}

function CreateProject({ organizations }: { organizations: { id: string; name: string; is_active: boolean }[] }) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return (
    <Panel title={<Trans>New project</Trans>} testId="create-project">
      <p className={formStyles.hint}>
        <Trans>The project opens after it is created, to add documents, reports, metrics and tasks.</Trans>
      </p>
      <ProjectForm
        defaultValues={emptyProject}
        organizations={organizations.filter((organization) => organization.is_active)}
        submitLabel={t`Create project`}
        savedMessage={t`The project has been created.`}
        resetAfterSave
        onSubmit={async (values) => {
          const id = await createProject(toProjectRow(values))
          await Promise.all([
            queryClient.invalidateQueries({ queryKey: adminProjectKeys.all() }),
            queryClient.invalidateQueries({ queryKey: adminKeys.overview() }),
          ])
          // The new project's overview, which confirms the creation.
          await navigate({
            to: '/{-$lang}/admin/dashboard/projects/$projectId',
            params: (previous) => ({ ...previous, projectId: id }),
            search: { created: true },
          })
          return id
        }}
      />
    </Panel>
  )
}
