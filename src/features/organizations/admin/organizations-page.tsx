// The client organizations: a searchable table with their users, projects and whether they are
// active, and the form that creates a new one (which then opens, ready for inviting its users).
import { useDeferredValue, useId, useState } from 'react'
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { Field } from '@/components/form/field'
import { useLangPrefix } from '@/lib/use-lang'
import * as page from '@/components/ui/page.css'
import { PageHeader } from '@/components/ui/page-kit'
import { adminKeys } from '@/lib/query-keys'
import { createOrganization, type OrganizationFields } from './api'
import { languageName } from './labels'
import { OrganizationForm } from './organization-form'
import { ActiveBadge } from './user-status'
import { clientKeys, organizationsQuery, type OrganizationListItem } from './queries'
import * as styles from './clients.css'
import { DataTable } from '@/components/ui/data-table'
import { useColumnKit } from '@/components/ui/columns'

function matches(organization: OrganizationListItem, term: string): boolean {
  if (!term) return true
  const haystack = [
    organization.name,
    organization.slug,
    organization.legal_name,
    organization.tax_id,
    organization.industry,
  ]
    .filter(Boolean)
    .join(' ')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
  return haystack.includes(term)
}

export function OrganizationsPage() {
  const { t, i18n } = useLingui()
  const lang = useLangPrefix()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const { data: organizations } = useSuspenseQuery(organizationsQuery())
  const [search, setSearch] = useState('')
  const deferred = useDeferredValue(search)
  const term = deferred
    .trim()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
  const shown = organizations.filter((organization) => matches(organization, term))
  const kit = useColumnKit<(typeof shown)[number]>()
  const countId = useId()
  const country = (code: string | null) => {
    if (!code) return '—'
    try {
      return new Intl.DisplayNames([i18n.locale], { type: 'region' }).of(code) ?? code
    } catch {
      return code
    }
  }

  const create = useMutation({
    mutationFn: (fields: OrganizationFields) => createOrganization(fields),
    onSuccess: async (organization) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: clientKeys.all() }),
        queryClient.invalidateQueries({ queryKey: adminKeys.overview() }),
      ])
      await navigate({
        to: '/{-$lang}/admin/dashboard/organizations/$organizationId',
        params: { lang, organizationId: organization.id },
      })
    },
  })

  const total = shown.length
  return (
    <div className={page.page}>
      <PageHeader
        landmark
        title={<Trans>Clients</Trans>}
        lead={<Trans>The client organizations, their portal users and their projects.</Trans>}
      />

      <section className={page.section} aria-labelledby="organizations-title">
        <div className={styles.toolbar}>
          <h2 id="organizations-title" className={page.sectionTitle}>
            <Trans>Organizations</Trans>
          </h2>
          <div className={styles.search}>
            <Field
              label={t`Search organizations`}
              type="search"
              autoComplete="off"
              value={search}
              aria-describedby={countId}
              onChange={(event) => setSearch(event.target.value)}
            />
          </div>
        </div>
        <p id={countId} className={page.mutedText} role="status">
          {deferred.trim() ? (
            <Plural value={total} one="# matching organization" other="# matching organizations" />
          ) : (
            <Plural value={total} one="# organization" other="# organizations" />
          )}
        </p>
        {shown.length === 0 ? (
          <p className={page.panel}>
            {organizations.length === 0 ? (
              <Trans>There are no client organizations yet. Create the first one below.</Trans>
            ) : (
              <Trans>No organization matches this search.</Trans>
            )}
          </p>
        ) : (
          <DataTable
            labelledBy="organizations-title"
            rows={shown}
            columns={[
              kit.name((organization) => (
                <>
                  <Link
                    to="/{-$lang}/admin/dashboard/organizations/$organizationId"
                    params={{ lang, organizationId: organization.id }}
                    className={styles.nameCell}
                  >
                    {organization.name}
                  </Link>
                  {organization.industry && <span className={page.meta}>{organization.industry}</span>}
                </>
              )),
              {
                key: 'users',
                header: t`Users`,
                numeric: true,
                cell: (organization) => i18n.number(organization.users),
              },
              {
                key: 'projects',
                header: t`Projects`,
                numeric: true,
                cell: (organization) => i18n.number(organization.projects),
              },
              {
                key: 'status',
                header: t`Status`,
                cell: (organization) => <ActiveBadge active={organization.is_active} />,
              },
              { key: 'country', header: t`Country`, cell: (organization) => country(organization.country_code) },
              {
                key: 'language',
                header: t`Language`,
                cell: (organization) => languageName(i18n, organization.default_locale),
              },
            ]}
          />
        )}
      </section>

      <section className={page.section} aria-labelledby="new-organization-title">
        <h2 id="new-organization-title" className={page.sectionTitle}>
          <Trans>New organization</Trans>
        </h2>
        <p className={page.mutedText}>
          <Trans>Once it is created, its page opens so you can invite its users.</Trans>
        </p>
        <OrganizationForm
          organization={null}
          labelledBy="new-organization-title"
          onSave={(fields) => create.mutateAsync(fields)}
        />
      </section>
    </div>
  )
}
