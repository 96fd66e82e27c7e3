// The audit trail for staff: filters by organization, project (of that organization), person and
// dates, all kept in the URL so a view can be bookmarked; a page of entries at a time; and an
// export of every matching entry (all pages) as a CSV file.
import { useEffect, useId, useState } from 'react'
import { useSuspenseQuery } from '@tanstack/react-query'
import { getRouteApi, Link } from '@tanstack/react-router'
import { useForm } from 'react-hook-form'
import { Trans, useLingui } from '@lingui/react/macro'
import { Field, SelectField } from '@/components/form/field'
import { FormAlert } from '@/components/form/form-alert'
import { useRulesResolver } from '@/components/form/rules-resolver'
import * as formStyles from '@/components/form/form.css'
import * as layout from '@/components/ui/layout.css'
import { useLangPrefix } from '@/lib/use-lang'
import { describeActivity } from '@/features/activity/activity-timeline'
import { checkActivityFilters } from '@/features/activity/rules'
import { formatDateTime } from '@/lib/format'
import * as page from '@/components/ui/page.css'
import { PageHeader } from '@/components/ui/page-kit'
import { downloadText } from '@/lib/csv'
import { activityCsv, activityFileName, actorName, namesFrom, type Names } from './export'
import {
  activityFilterOptionsQuery,
  activityPageQuery,
  activityPageSize,
  fetchAllActivity,
  type FilterOptions,
} from './queries'
import { filtersOf, hasFilters, type ActivityFilters, type ActivitySearch } from './search'
import * as styles from './activity.css'
import { DataTable } from '@/components/ui/data-table'

const route = getRouteApi('/{-$lang}/_app/admin/dashboard/activity')

export function ActivityLogPage() {
  const search = route.useSearch()
  const filters = filtersOf(search)
  const current = search.page ?? 1
  const { data: options } = useSuspenseQuery(activityFilterOptionsQuery())
  const { data } = useSuspenseQuery(activityPageQuery(filters, current))
  const names = namesFrom(options)

  return (
    <div className={page.page}>
      <PageHeader
        title={<Trans>Activity log</Trans>}
        lead={
          <Trans>Every change to projects, documents, reports, metrics, tasks and user accounts, newest first.</Trans>
        }
      />
      <FilterForm search={search} options={options} />
      <Results filters={filters} current={current} rows={data.rows} total={data.total} names={names} />
    </div>
  )
}

interface FilterValues {
  org: string
  project: string
  person: string
  from: string
  to: string
}

function valuesOf(search: ActivitySearch): FilterValues {
  return {
    org: search.org ?? '',
    project: search.project ?? '',
    person: search.person ?? '',
    from: search.from ?? '',
    to: search.to ?? '',
  }
}

function FilterForm({ search, options }: { search: ActivitySearch; options: FilterOptions }) {
  const { t } = useLingui()
  const navigate = route.useNavigate()
  const lang = useLangPrefix()
  const titleId = useId()
  const { register, handleSubmit, watch, setValue, getValues, reset, formState } = useForm<FilterValues>({
    defaultValues: valuesOf(search),
    resolver: useRulesResolver<FilterValues>(checkActivityFilters),
  })
  const { errors } = formState

  // Back, forward and "Clear filters" change the URL: the form follows it.
  const key = JSON.stringify(valuesOf(search))
  useEffect(() => reset(JSON.parse(key) as FilterValues), [key, reset])

  const organization = watch('org')
  const projects = organization
    ? options.projects.filter((project) => project.organization_id === organization)
    : options.projects
  const organizationName = new Map(options.organizations.map((o) => [o.id, o.name]))
  const staffLabel = t`Staff`

  const submit = handleSubmit((values) => {
    const next: ActivitySearch = {}
    if (values.org) next.org = values.org
    if (values.project) next.project = values.project
    if (values.person) next.person = values.person
    if (values.from) next.from = values.from
    if (values.to) next.to = values.to
    return navigate({ search: next })
  })

  return (
    <section aria-labelledby={titleId}>
      <form className={styles.filters} onSubmit={submit} noValidate>
        <h2 id={titleId} className={page.sectionTitle}>
          <Trans>Filters</Trans>
        </h2>
        <div className={styles.filterGrid}>
          <SelectField
            label={t`Organization`}
            options={[
              { value: '', label: t`All organizations` },
              ...options.organizations.map((o) => ({ value: o.id, label: o.name })),
            ]}
            {...register('org', {
              onChange: (event: { target: { value: string } }) => {
                const chosen = event.target.value
                const project = getValues('project')
                const fits = options.projects.some((p) => p.id === project && p.organization_id === chosen)
                if (project && chosen && !fits) setValue('project', '')
              },
            })}
          />
          <SelectField
            label={t`Project`}
            hint={organization ? undefined : <Trans>Choose an organization to see only its projects.</Trans>}
            options={[
              { value: '', label: t`All projects` },
              ...projects.map((p) => ({
                value: p.id,
                label: organization ? p.name : `${organizationName.get(p.organization_id) ?? ''} · ${p.name}`,
              })),
            ]}
            {...register('project')}
          />
          <SelectField
            label={t`Person`}
            options={[
              { value: '', label: t`Everyone` },
              ...options.people.map((person) => ({
                value: person.id,
                label: `${person.full_name || person.email || person.id} · ${
                  person.role === 'client'
                    ? (organizationName.get(person.organization_id ?? '') ?? t`Client`)
                    : staffLabel
                }`,
              })),
            ]}
            {...register('person')}
          />
          <Field label={t`From`} type="date" error={errors.from?.message} {...register('from')} />
          <Field label={t`To`} type="date" error={errors.to?.message} {...register('to')} />
        </div>
        <div className={layout.buttonRow}>
          <button type="submit" className={layout.buttonPrimary}>
            <Trans>Apply filters</Trans>
          </button>
          {hasFilters(filtersOf(search)) && (
            <Link to="/{-$lang}/admin/dashboard/activity" params={{ lang }} search={{}} className={page.smallButton}>
              <Trans>Clear filters</Trans>
            </Link>
          )}
        </div>
      </form>
    </section>
  )
}

function Results({
  filters,
  current,
  rows,
  total,
  names,
}: {
  filters: ActivityFilters
  current: number
  rows: Awaited<ReturnType<NonNullable<ReturnType<typeof activityPageQuery>['queryFn']>>>['rows']
  total: number
  names: Names
}) {
  const { t, i18n } = useLingui()
  const titleId = useId()
  const first = total === 0 ? 0 : (current - 1) * activityPageSize + 1
  const last = Math.min(total, current * activityPageSize)
  const pages = Math.max(1, Math.ceil(total / activityPageSize))
  const firstText = i18n.number(first)
  const lastText = i18n.number(last)
  const totalText = i18n.number(total)

  return (
    <section className={page.section} aria-labelledby={titleId}>
      <div className={styles.toolbar}>
        <div>
          <h2 id={titleId} className={page.sectionTitle}>
            <Trans>Entries</Trans>
          </h2>
          <p className={page.mutedText} role="status" data-testid="activity-count">
            {total === 0 ? (
              <Trans>No entries match these filters.</Trans>
            ) : (
              <Trans>
                Showing {firstText}–{lastText} of {totalText}
              </Trans>
            )}
          </p>
        </div>
        <ExportButton filters={filters} total={total} names={names} />
      </div>
      {rows.length > 0 && (
        <DataTable
          caption={<Trans>Activity log entries</Trans>}
          rows={rows}
          rowKey={(entry) => String(entry.id)}
          rowAttributes={(entry) => ({ 'data-entity': entry.entity_type })}
          columns={[
            {
              key: 'when',
              header: t`When`,
              nowrap: true,
              cell: (entry) => (
                <time dateTime={entry.occurred_at}>{formatDateTime(entry.occurred_at, i18n.locale)}</time>
              ),
            },
            { key: 'what', header: t`What happened`, cell: (entry) => describeActivity(i18n, entry) },
            { key: 'person', header: t`Person`, cell: (entry) => actorName(i18n, names, entry.actor_id) },
            {
              key: 'organization',
              header: t`Organization`,
              cell: (entry) => (entry.organization_id ? (names.organizations.get(entry.organization_id) ?? '') : ''),
            },
            {
              key: 'project',
              header: t`Project`,
              cell: (entry) => (entry.project_id ? (names.projects.get(entry.project_id) ?? '') : ''),
            },
          ]}
        />
      )}
      {pages > 1 && <Pager current={current} pages={pages} />}
    </section>
  )
}

function Pager({ current, pages }: { current: number; pages: number }) {
  const { t, i18n } = useLingui()
  const lang = useLangPrefix()
  const pageText = i18n.number(current)
  const pagesText = i18n.number(pages)
  const to = '/{-$lang}/admin/dashboard/activity' as const
  const pageSearch = (target: number) => (previous: ActivitySearch) => ({
    ...previous,
    page: target > 1 ? target : undefined,
  })
  return (
    <nav className={styles.pager} aria-label={t`Pages of the activity log`}>
      {current > 1 ? (
        <Link to={to} params={{ lang }} search={pageSearch(current - 1)} className={page.smallButton}>
          <Trans>Previous page</Trans>
        </Link>
      ) : (
        <span />
      )}
      <span>
        <Trans>
          Page {pageText} of {pagesText}
        </Trans>
      </span>
      {current < pages ? (
        <Link to={to} params={{ lang }} search={pageSearch(current + 1)} className={page.smallButton}>
          <Trans>Next page</Trans>
        </Link>
      ) : (
        <span />
      )}
    </nav>
  )
}

function ExportButton({ filters, total, names }: { filters: ActivityFilters; total: number; names: Names }) {
  const { i18n } = useLingui()
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle')
  const descriptionId = useId()
  const count = i18n.number(total)

  async function exportCsv() {
    setState('busy')
    try {
      const entries = await fetchAllActivity(filters)
      downloadText(activityCsv(i18n, entries, names), activityFileName())
      setState('idle')
    } catch (error) {
      console.warn('activity export failed', error)
      setState('failed')
    }
  }

  return (
    <div className={formStyles.field}>
      <div className={page.actions}>
        <button
          type="button"
          className={layout.buttonSecondary}
          disabled={total === 0 || state === 'busy'}
          aria-describedby={descriptionId}
          onClick={() => void exportCsv()}
        >
          {state === 'busy' ? <Trans>Preparing the CSV...</Trans> : <Trans>Export CSV</Trans>}
        </button>
      </div>
      <span id={descriptionId} className={formStyles.hint}>
        <Trans>Downloads all {count} matching entries, not only this page.</Trans>
      </span>
      {state === 'failed' && (
        <FormAlert>
          <Trans>The export could not be prepared. Check your connection and try again.</Trans>
        </FormAlert>
      )}
    </div>
  )
}
