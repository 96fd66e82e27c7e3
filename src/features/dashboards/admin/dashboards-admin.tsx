// A project's dashboards for staff (decision 0039): the list in the clients' order (move up and
// down, edit, remove, preview), how often each was viewed and by whom lately, and the form that
// adds or edits one: title (in the organization's language), a link on an allowed host or a
// Metabase dashboard with the parameter locked to the organization, the audience (everyone, or
// named people of the organization) and whether the provider refuses to be framed.
import { useState } from 'react'
import { Link } from '@tanstack/react-router'
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import type { MessageDescriptor } from '@lingui/core'
import { msg, plural } from '@lingui/core/macro'
import { CheckboxField, Field, SelectField } from '@/components/form/field'
import { OutcomeAlert } from '@/components/form/form-alert'
import * as formStyles from '@/components/form/form.css'
import { useRulesForm } from '@/components/form/rules-form'
import { ConfirmButton } from '@/components/ui/confirm-button'
import { DataTable } from '@/components/ui/data-table'
import { useColumnKit } from '@/components/ui/columns'
import { RowAction } from '@/components/ui/row-action'
import * as formLayout from '@/components/ui/form-layout.css'
import * as layout from '@/components/ui/layout.css'
import * as page from '@/components/ui/page.css'
import { actionName } from '@/lib/action-name'
import { saveFailureMessage } from '@/lib/write-failure'
import { useProfile } from '@/lib/auth/use-auth'
import { formatDateTime } from '@/lib/format'
import { useLangPrefix } from '@/lib/use-lang'
import { DashboardViewer } from '../dashboard-viewer'
import {
  adminDashboardsQuery,
  dashboardKeys,
  dashboardViewsQuery,
  organizationClientsQuery,
  removeDashboard,
  reorderDashboards,
  saveDashboard,
  type AdminDashboard,
} from '../queries'
import {
  checkDashboard,
  dashboardAudiences,
  dashboardFailures,
  dashboardKinds,
  emptyDashboard,
  type DashboardAudience,
  type DashboardInput,
  type DashboardKind,
} from '../rules'
import * as styles from '../dashboards.css'

const kindLabels: Record<DashboardKind, MessageDescriptor> = {
  link: msg`A link (Power BI, Looker Studio, Tableau or another allowed host)`,
  metabase: msg`Metabase (signed embedding)`,
}

const audienceLabels: Record<DashboardAudience, MessageDescriptor> = {
  everyone: msg`Everyone in the organization`,
  people: msg`Only the people chosen below`,
}

function toInput(dashboard: AdminDashboard): DashboardInput {
  return {
    title: dashboard.title,
    kind: dashboard.kind as DashboardKind,
    url: dashboard.url ?? '',
    metabaseDashboardId: dashboard.metabase_dashboard_id ? String(dashboard.metabase_dashboard_id) : '',
    lockedParameter: dashboard.locked_parameter ?? '',
    audience: dashboard.audience as DashboardAudience,
    people: dashboard.project_dashboard_people.map((person) => person.person_id),
    refusesFraming: dashboard.refuses_framing,
  }
}

export function DashboardsAdmin({ projectId, organizationId }: { projectId: string; organizationId: string }) {
  const { t, i18n } = useLingui()
  const kit = useColumnKit<AdminDashboard>()
  const lang = useLangPrefix()
  const viewer = useProfile().id
  const queryClient = useQueryClient()
  const dashboards = useSuspenseQuery(adminDashboardsQuery(projectId)).data
  const views = useSuspenseQuery(dashboardViewsQuery(projectId)).data
  const people = useSuspenseQuery(organizationClientsQuery(organizationId)).data
  const [editing, setEditing] = useState<AdminDashboard | 'new' | null>(null)
  const [previewing, setPreviewing] = useState<string | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const refresh = () => queryClient.invalidateQueries({ queryKey: dashboardKeys.all })

  const move = useMutation({
    mutationFn: (ids: string[]) => reorderDashboards(ids),
    onError: (error) => setFailure(i18n._(saveFailureMessage(error))),
    onSettled: refresh,
  })
  const remove = useMutation({
    mutationFn: (id: string) => removeDashboard(id),
    onError: (error) => setFailure(i18n._(saveFailureMessage(error))),
    onSettled: refresh,
  })
  const moveBy = (index: number, by: -1 | 1) => {
    const ids = dashboards.map((dashboard) => dashboard.id)
    const [taken] = ids.splice(index, 1)
    ids.splice(index + by, 0, taken!)
    setFailure(null)
    move.mutate(ids)
  }
  const viewsOf = (id: string) => views.find((summary) => summary.dashboard_id === id)
  const previewed = dashboards.find((dashboard) => dashboard.id === previewing)

  return (
    <div className={page.section}>
      <p className={page.mutedText}>
        <Trans>
          Clients see these dashboards in the project's Dashboards tab, in this order. Addresses must be on an allowed
          host.
        </Trans>{' '}
        <Link to="/{-$lang}/admin/dashboard/dashboard-hosts" params={{ lang }}>
          <Trans>Manage the allowed hosts</Trans>
        </Link>
      </p>
      {failure && (
        <p className={page.inlineError} role="alert">
          {failure}
        </p>
      )}
      <DataTable
        empty={<Trans>This project has no dashboards yet.</Trans>}
        caption={t`Dashboards of the project`}
        rows={dashboards}
        rowAttributes={(dashboard) => ({ 'data-dashboard': dashboard.title })}
        columns={[
          { key: 'title', header: t`Title`, rowHeader: true, cell: (dashboard) => dashboard.title },
          {
            key: 'kind',
            header: t`Shown as`,
            cell: (dashboard) =>
              dashboard.kind === 'metabase'
                ? t`Metabase dashboard ${dashboard.metabase_dashboard_id ?? ''}`
                : dashboard.refuses_framing
                  ? t`Link only (refuses framing)`
                  : t`Framed link`,
          },
          {
            key: 'audience',
            header: t`Audience`,
            cell: (dashboard) =>
              dashboard.audience === 'everyone'
                ? t`Everyone`
                : people
                    .filter((person) =>
                      dashboard.project_dashboard_people.some((named) => named.person_id === person.id),
                    )
                    .map((person) => person.full_name)
                    .join(', '),
          },
          {
            key: 'views',
            header: t`Views`,
            cell: (dashboard) => {
              const summary = viewsOf(dashboard.id)
              if (!summary) return t`Not viewed yet`
              const last = summary.last_viewers[0]
              const when = summary.last_viewed_at ? formatDateTime(summary.last_viewed_at, i18n.locale) : ''
              const who = last?.viewer_name ?? t`a former user`
              const count = summary.views
              return i18n._(
                msg({
                  message: plural(count, {
                    one: `# view, on ${when} by ${who}`,
                    other: `# views; the last on ${when} by ${who}`,
                  }),
                }),
              )
            },
          },
          kit.actions((dashboard) => {
            const index = dashboards.indexOf(dashboard)
            const title = dashboard.title
            return (
              <div className={page.actions}>
                <RowAction
                  label={t`Move up`}
                  name={title}
                  disabled={index === 0 || move.isPending}
                  onClick={() => moveBy(index, -1)}
                >
                  <Trans>Up</Trans>
                </RowAction>
                <RowAction
                  label={t`Move down`}
                  name={title}
                  disabled={index === dashboards.length - 1 || move.isPending}
                  onClick={() => moveBy(index, 1)}
                >
                  <Trans>Down</Trans>
                </RowAction>
                <RowAction
                  label={t`Preview`}
                  name={title}
                  aria-pressed={previewing === dashboard.id}
                  onClick={() => setPreviewing(previewing === dashboard.id ? null : dashboard.id)}
                />
                <RowAction label={t`Edit`} name={title} onClick={() => setEditing(dashboard)} />
                <ConfirmButton
                  label={<Trans>Remove</Trans>}
                  name={actionName(i18n, t`Remove`, title)}
                  question={<Trans>Remove “{title}”? Clients will no longer see it.</Trans>}
                  confirmLabel={<Trans>Remove the dashboard</Trans>}
                  busy={remove.isPending}
                  onConfirm={() => {
                    setFailure(null)
                    remove.mutate(dashboard.id)
                  }}
                />
              </div>
            )
          }),
        ]}
      />
      {previewed && <DashboardViewer viewerId={viewer} dashboard={previewed} headingLevel={3} />}
      {editing ? (
        <DashboardForm
          key={editing === 'new' ? 'new' : editing.id}
          projectId={projectId}
          existing={editing === 'new' ? null : editing}
          nextPosition={dashboards.reduce((last, dashboard) => Math.max(last, dashboard.position + 1), 0)}
          people={people}
          onDone={() => {
            setEditing(null)
            void refresh()
          }}
        />
      ) : (
        <div className={page.actions}>
          <button type="button" className={layout.buttonPrimary} onClick={() => setEditing('new')}>
            <Trans>Add a dashboard</Trans>
          </button>
        </div>
      )}
    </div>
  )
}

function DashboardForm({
  projectId,
  existing,
  nextPosition,
  people,
  onDone,
}: {
  projectId: string
  existing: AdminDashboard | null
  nextPosition: number
  people: { id: string; full_name: string; email: string | null }[]
  onDone: () => void
}) {
  const { t, i18n } = useLingui()
  const { register, handleSubmit, watch, outcome, save, errors, isSubmitting } = useRulesForm<DashboardInput>(
    checkDashboard,
    {
      defaultValues: existing ? toInput(existing) : emptyDashboard,
      // A value the database refused lands on its field, in the form's own words.
      failures: dashboardFailures,
    },
  )
  const kind = watch('kind')
  const audience = watch('audience')

  const submit = handleSubmit(async (values) => {
    if (await save(() => saveDashboard(projectId, existing, values, nextPosition))) onDone()
  })

  return (
    <form className={formLayout.formPanel} onSubmit={(event) => void submit(event)} noValidate>
      <h3 className={page.subTitle}>{existing ? <Trans>Edit the dashboard</Trans> : <Trans>Add a dashboard</Trans>}</h3>
      <OutcomeAlert outcome={outcome} />
      <div className={formLayout.formGrid}>
        <Field
          label={t`Title`}
          hint={t`In the organization's language: clients read it as written.`}
          error={errors.title?.message}
          autoComplete="off"
          {...register('title')}
        />
        <SelectField
          label={t`Shown as`}
          options={dashboardKinds.map((value) => ({ value, label: i18n._(kindLabels[value]) }))}
          error={errors.kind?.message}
          {...register('kind')}
        />
        {kind === 'metabase' ? (
          <>
            <Field
              label={t`Metabase dashboard number`}
              hint={t`The number in the dashboard's address on the Metabase site.`}
              inputMode="numeric"
              error={errors.metabaseDashboardId?.message}
              {...register('metabaseDashboardId')}
            />
            <Field
              label={t`Parameter locked to the organization`}
              hint={t`The dashboard's locked parameter: it always gets the organization's identifier, so a client sees only their own data.`}
              error={errors.lockedParameter?.message}
              autoComplete="off"
              {...register('lockedParameter')}
            />
          </>
        ) : (
          <>
            <Field
              className={formLayout.fullWidth}
              label={t`Address`}
              hint={t`The dashboard's https address (its "embed" or "publish to web" address works best).`}
              type="url"
              error={errors.url?.message}
              {...register('url')}
            />
            <CheckboxField
              label={t`The provider refuses to be shown inside other sites`}
              hint={t`Clients then get only a link that opens it in a new tab.`}
              {...register('refusesFraming')}
            />
          </>
        )}
        <SelectField
          label={t`Who sees it`}
          options={dashboardAudiences.map((value) => ({ value, label: i18n._(audienceLabels[value]) }))}
          error={errors.audience?.message}
          {...register('audience')}
        />
      </div>
      {audience === 'people' && (
        <fieldset className={styles.peopleList} aria-describedby={errors.people ? 'dashboard-people-error' : undefined}>
          <legend className={formStyles.label}>
            <Trans>People who see it</Trans>
          </legend>
          {people.length === 0 && (
            <p className={page.mutedText}>
              <Trans>The organization has no client users yet.</Trans>
            </p>
          )}
          {people.map((person) => (
            <CheckboxField
              key={person.id}
              label={person.email ? `${person.full_name} (${person.email})` : person.full_name}
              value={person.id}
              {...register('people')}
            />
          ))}
          {errors.people?.message && (
            <span id="dashboard-people-error" className={formStyles.error}>
              {errors.people.message}
            </span>
          )}
        </fieldset>
      )}
      <div className={page.actions}>
        <button type="submit" className={layout.buttonPrimary} disabled={isSubmitting}>
          {isSubmitting ? <Trans>Saving...</Trans> : <Trans>Save the dashboard</Trans>}
        </button>
        <button type="button" className={layout.buttonSecondary} disabled={isSubmitting} onClick={onDone}>
          <Trans>Cancel</Trans>
        </button>
      </div>
    </form>
  )
}
