// One client organization: its details (editable), its portal users with the state of each
// account (invited and not accepted yet, active, deactivated) and what staff can do about it
// (resend the invitation, deactivate, reactivate), the form that invites a new user, and its
// projects, each linking to the project's admin page.
import { useState } from 'react'
import { useMutation, useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { getRouteApi, Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { useLangPrefix } from '@/lib/use-lang'
import { formatDate } from '@/lib/format'
import { EmptyState, ProgressBar, StatusBadge } from '@/components/ui/page-kit'
import * as page from '@/components/ui/page.css'
import { HiddenFromClient, StaffProjectLink } from '@/components/ui/staff-project'
import { adminKeys } from '@/lib/query-keys'
import { updateOrganization, type OrganizationFields } from './api'
import { InviteForm } from './invite-form'
import { languageName } from './labels'
import { OrganizationForm } from './organization-form'
import { SecondFactorSwitch } from './second-factor-switch'
import {
  clientKeys,
  organizationProjectsQuery,
  organizationQuery,
  organizationSourceLeadQuery,
  organizationUsersQuery,
  type Organization,
} from './queries'
import { LastSignIn, UserActions } from './user-actions'
import { OutcomeAlert, type Outcome } from '@/components/form/form-alert'
import { ActiveBadge, UserStatusBadge } from './user-status'
import { DataTable } from '@/components/ui/data-table'
import { useColumnKit } from '@/components/ui/columns'
import { RecordNotFound } from '@/components/ui/record-not-found'

const route = getRouteApi('/{-$lang}/_app/admin/dashboard/organizations/$organizationId')

export function OrganizationPage() {
  const { organizationId } = route.useParams()
  const { data: organization } = useSuspenseQuery(organizationQuery(organizationId))
  return organization ? <OrganizationDetails organization={organization} /> : <OrganizationNotFound />
}

function BackLink() {
  const lang = useLangPrefix()
  return (
    <Link to="/{-$lang}/admin/dashboard/organizations" params={{ lang }} className={page.backLink}>
      <Trans>All clients</Trans>
    </Link>
  )
}

function OrganizationNotFound() {
  return (
    <RecordNotFound
      back={<BackLink />}
      title={<Trans>Organization not found</Trans>}
      reason={<Trans>This organization does not exist or has been deleted.</Trans>}
    />
  )
}

function OrganizationDetails({ organization }: { organization: Organization }) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const update = useMutation({
    mutationFn: (fields: OrganizationFields) => updateOrganization(organization.id, fields),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: clientKeys.all() }),
        queryClient.invalidateQueries({ queryKey: adminKeys.overview() }),
      ])
    },
  })

  return (
    <div className={page.page}>
      <BackLink />
      <header className={page.pageHeader}>
        <h1 className={page.pageTitle}>{organization.name}</h1>
        <p className={page.meta}>
          <ActiveBadge active={organization.is_active} />
          <span>{organization.slug}</span>
        </p>
        <SourceLead organizationId={organization.id} />
      </header>

      <UsersSection organization={organization} />

      <ProjectsSection organizationId={organization.id} />

      <SecondFactorSwitch organization={organization} />

      <section className={page.section} aria-labelledby="details-title">
        <h2 id="details-title" className={page.sectionTitle}>
          <Trans>Details</Trans>
        </h2>
        <OrganizationForm
          key={organization.updated_at}
          organization={organization}
          labelledBy="details-title"
          savedMessage={t`The changes have been saved.`}
          onSave={(fields) => update.mutateAsync(fields)}
        />
      </section>
    </div>
  )
}

/** "From lead": the lead this organization was converted from, linking to its history. */
function SourceLead({ organizationId }: { organizationId: string }) {
  const lang = useLangPrefix()
  const { data: lead } = useQuery(organizationSourceLeadQuery(organizationId))
  if (!lead) return null
  const name = lead.name
  return (
    <p className={page.text} data-testid="organization-source-lead">
      <Trans>
        From lead:{' '}
        <Link to="/{-$lang}/admin/dashboard/leads/$leadId" params={{ lang, leadId: lead.id }}>
          {name}
        </Link>{' '}
        (its messages, notes and history)
      </Trans>
    </p>
  )
}

function UsersSection({ organization }: { organization: Organization }) {
  const { t, i18n } = useLingui()
  const { data: users } = useSuspenseQuery(organizationUsersQuery(organization.id))
  const kit = useColumnKit<(typeof users)[number]>()
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  const invalidate = [clientKeys.users(organization.id), clientKeys.list()]

  return (
    <section className={page.section} aria-labelledby="users-title">
      <h2 id="users-title" className={page.sectionTitle}>
        <Trans>Users</Trans>
      </h2>
      <OutcomeAlert outcome={outcome} />
      <DataTable
        empty={<Trans>This organization has no portal users yet. Invite the first one below.</Trans>}
        labelledBy="users-title"
        rows={users}
        rowAttributes={(user) => ({ 'data-user': user.email ?? user.id })}
        columns={[
          { key: 'name', header: t`Name`, rowHeader: true, cell: (user) => user.full_name || '—' },
          { key: 'email', header: t`E-mail`, breakWords: true, cell: (user) => user.email },
          { key: 'language', header: t`Language`, cell: (user) => languageName(i18n, user.locale) },
          {
            key: 'status',
            header: t`Status`,
            cell: (user) => (
              <>
                <UserStatusBadge status={user.status} />
                {user.status === 'invited' && user.invited_at && (
                  <span className={page.meta}>
                    <Trans>Invited {formatDate(user.invited_at, i18n.locale)}</Trans>
                  </span>
                )}
              </>
            ),
          },
          { key: 'last', header: t`Last sign-in`, cell: (user) => <LastSignIn at={user.last_sign_in_at} /> },
          kit.actions((user) => <UserActions user={user} invalidate={invalidate} onOutcome={setOutcome} />),
        ]}
      />
      <InviteForm
        target={{ kind: 'client', organizationId: organization.id, defaultLocale: organization.default_locale }}
        invalidate={invalidate}
      />
    </section>
  )
}

function ProjectsSection({ organizationId }: { organizationId: string }) {
  const { data: projects } = useSuspenseQuery(organizationProjectsQuery(organizationId))
  return (
    <section className={page.section} aria-labelledby="projects-title">
      <h2 id="projects-title" className={page.sectionTitle}>
        <Trans>Projects</Trans>
      </h2>
      {projects.length === 0 ? (
        <EmptyState>
          <Trans>No projects for this organization yet.</Trans>
        </EmptyState>
      ) : (
        <ul className={page.plainList}>
          {projects.map((project) => (
            <li key={project.id} className={page.listItem}>
              <StaffProjectLink project={project} />
              <div className={page.meta}>
                <StatusBadge kind="project" status={project.status} />
                {!project.visible_to_client && <HiddenFromClient />}
              </div>
              <ProgressBar value={project.progress} />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
