// Who on the client's side reaches this project, as the data model has it: access is per
// organization, so every active client user of the project's organization sees the project while
// it is visible to the client. Staff choose here who approves for the organization; people are
// invited, deactivated and moved on the organization's page.
import { useState } from 'react'
import { Link } from '@tanstack/react-router'
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import { useProfile } from '@/lib/auth/use-auth'
import { useLangPrefix } from '@/lib/use-lang'
import { approvalKeys, approversQuery } from '@/features/approvals/queries'
import * as page from '@/components/ui/page.css'
import { DataTable } from '@/components/ui/data-table'
import { Switch } from '@/components/ui/switch'
import { setApprover } from '@/features/approvals/admin/api'
import { OutcomeMessage, useFailureText, type ProjectRef } from '@/components/form/project-form-kit'
import type { Outcome } from '@/components/form/form-alert'
import { organizationClientsQuery } from '@/features/approvals/admin/queries'
import { approvalFailures } from '@/features/approvals/rules'

export function TeamAccessAdmin({ project }: { project: ProjectRef }) {
  const { t } = useLingui()
  const lang = useLangPrefix()
  const profile = useProfile()
  const queryClient = useQueryClient()
  const failureText = useFailureText(approvalFailures)
  const organizationName = project.organization?.name ?? ''
  const { data: clients } = useSuspenseQuery(organizationClientsQuery(project.organization_id))
  const { data: approvers } = useSuspenseQuery(approversQuery(profile.id, project.organization_id))
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  const toggle = useMutation({
    mutationFn: ({ id, approver }: { id: string; name: string; approver: boolean }) =>
      setApprover(project.organization_id, id, approver),
    onSuccess: (_, { name, approver }) =>
      setOutcome({
        tone: 'info',
        text: approver
          ? t`${name} now approves for ${organizationName}.`
          : t`${name} no longer approves for ${organizationName}.`,
      }),
    onError: (error) => setOutcome({ tone: 'error', text: failureText(error) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: approvalKeys.all(profile.id) }),
  })
  const organizationLink = (
    <Link
      to="/{-$lang}/admin/dashboard/organizations/$organizationId"
      params={{ lang, organizationId: project.organization_id }}
    >
      {organizationName}
    </Link>
  )

  return (
    <>
      <p className={page.text}>
        {project.visible_to_client ? (
          <Trans>
            Access is per organization: every active client user of {organizationLink} sees this project and what is
            shared in it. Invite, deactivate or remove people on the organization’s page.
          </Trans>
        ) : (
          <Trans>
            This project is hidden from the client: nobody at {organizationLink} sees it until it is made visible.
            Invite, deactivate or remove people on the organization’s page.
          </Trans>
        )}
      </p>
      <p className={page.mutedText}>
        <Trans>Approvers answer the organization’s approval requests, for every project of the organization.</Trans>
      </p>
      <OutcomeMessage outcome={outcome} />
      {clients.length === 0 ? (
        <p className={page.panel}>
          <Trans>{organizationName} has no client users yet.</Trans>
        </p>
      ) : (
        <DataTable
          caption={<Trans>Client users of {organizationName}</Trans>}
          rows={clients}
          keyAttribute="data-person-id"
          columns={[
            { key: 'name', header: t`Name`, rowHeader: true, cell: (client) => client.full_name },
            { key: 'email', header: t`E-mail`, breakWords: true, cell: (client) => client.email },
            {
              key: 'sees',
              header: t`Sees this project`,
              cell: (client) =>
                !client.is_active ? (
                  <Trans>No: account deactivated</Trans>
                ) : project.visible_to_client ? (
                  <Trans>Yes</Trans>
                ) : (
                  <Trans>No: project hidden</Trans>
                ),
            },
            {
              key: 'approver',
              header: t`Approver`,
              actions: true,
              cell: (client) => {
                const approver = approvers.includes(client.id)
                const name = client.full_name
                const busy = toggle.isPending && toggle.variables?.id === client.id
                return (
                  <Switch
                    checked={approver}
                    label={approver ? t`${name} approves` : t`${name} does not approve`}
                    onText={t`Approves`}
                    offText={t`Does not approve`}
                    busy={busy}
                    onChange={(on) => toggle.mutate({ id: client.id, name, approver: on })}
                  />
                )
              },
            },
          ]}
        />
      )}
    </>
  )
}
