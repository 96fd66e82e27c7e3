// The allowlist of dashboard hosts (decision 0039): the hosts a project dashboard's address may be
// on. Staff add a host (and a label saying which provider it is) and remove one no dashboard uses;
// the database enforces both the rule and the list.
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import { Field } from '@/components/form/field'
import { OutcomeAlert } from '@/components/form/form-alert'
import { useRulesForm } from '@/components/form/rules-form'
import { ConfirmButton } from '@/components/ui/confirm-button'
import { DataTable } from '@/components/ui/data-table'
import { useColumnKit } from '@/components/ui/columns'
import * as formLayout from '@/components/ui/form-layout.css'
import * as layout from '@/components/ui/layout.css'
import * as page from '@/components/ui/page.css'
import { PageHeader } from '@/components/ui/page-kit'
import { actionName } from '@/lib/action-name'
import { toFormFailure } from '@/lib/write-failure'
import { formatDateTime } from '@/lib/format'
import { addHost, dashboardKeys, dashboardHostsQuery, removeHost } from '../queries'
import { checkHost, hostFailures, type HostInput } from '../rules'

export function DashboardHostsPage() {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const hosts = useSuspenseQuery(dashboardHostsQuery()).data
  const kit = useColumnKit<(typeof hosts)[number]>()
  const refresh = () => queryClient.invalidateQueries({ queryKey: dashboardKeys.hosts() })
  const { register, handleSubmit, reset, outcome, setOutcome, save, errors, isSubmitting } = useRulesForm<HostInput>(
    checkHost,
    { defaultValues: { host: '', label: '' }, failures: hostFailures },
  )

  const remove = useMutation({
    mutationFn: (host: string) => removeHost(host),
    onSuccess: (_, host) => setOutcome({ tone: 'info', text: t`${host} is no longer allowed.` }),
    onError: (error) => setOutcome({ tone: 'error', text: i18n._(toFormFailure(error, hostFailures).message) }),
    onSettled: refresh,
  })

  const submit = handleSubmit(async (values) => {
    if (!(await save(() => addHost(values)))) return
    const host = values.host.trim().toLowerCase()
    reset({ host: '', label: '' })
    setOutcome({ tone: 'info', text: t`${host} is now allowed.` })
    await refresh()
  })

  return (
    <div className={page.page}>
      <PageHeader
        landmark
        title={<Trans>Allowed dashboard hosts</Trans>}
        lead={
          <>
            <Trans>
              A project dashboard's address must be https on one of these hosts. The site's security policy must also
              allow a new host to be shown inside the portal (DASHBOARD_FRAME_SOURCES); until it does, mark its
              dashboards as refusing to be framed, so that clients get a link instead of an empty frame.
            </Trans>
          </>
        }
      />
      <OutcomeAlert outcome={outcome} />
      <DataTable
        empty={<Trans>No host is allowed: no dashboard can be added.</Trans>}
        caption={t`Allowed hosts`}
        rows={hosts}
        rowKey={(row) => row.host}
        columns={[
          { key: 'host', header: t`Host`, rowHeader: true, breakWords: true, cell: (row) => row.host },
          { key: 'label', header: t`Label`, cell: (row) => row.label },
          {
            key: 'added',
            header: t`Added`,
            nowrap: true,
            cell: (row) => formatDateTime(row.created_at, i18n.locale),
          },
          kit.actions((row) => {
            const host = row.host
            return (
              <ConfirmButton
                label={<Trans>Remove</Trans>}
                name={actionName(i18n, t`Remove`, host)}
                question={<Trans>Stop allowing {host}?</Trans>}
                confirmLabel={<Trans>Remove the host</Trans>}
                busy={remove.isPending}
                onConfirm={() => {
                  setOutcome(null)
                  remove.mutate(host)
                }}
              />
            )
          }),
        ]}
      />
      <form className={formLayout.formPanel} onSubmit={(event) => void submit(event)} noValidate>
        <h2 className={page.sectionTitle}>
          <Trans>Allow a host</Trans>
        </h2>
        <div className={formLayout.formGrid}>
          <Field
            label={t`Host`}
            hint={t`As in the address, without https:// (bi.example.com).`}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            error={errors.host?.message}
            {...register('host')}
          />
          <Field
            label={t`Label`}
            hint={t`Which provider it is (optional).`}
            autoComplete="off"
            error={errors.label?.message}
            {...register('label')}
          />
        </div>
        <div className={page.actions}>
          <button type="submit" className={layout.buttonPrimary} disabled={isSubmitting}>
            {isSubmitting ? <Trans>Saving...</Trans> : <Trans>Allow the host</Trans>}
          </button>
        </div>
      </form>
    </div>
  )
}
