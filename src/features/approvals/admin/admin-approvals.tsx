// A project's approvals for staff: ask the organization's approvers to approve a shared document
// or a published report (with an optional message), follow the record of every request and
// answer, and download it as a CSV file. Approvers are chosen under Team access.
import { useId } from 'react'
import { Link } from '@tanstack/react-router'
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import { useProfile } from '@/lib/auth/use-auth'
import { useLangPrefix } from '@/lib/use-lang'
import { approvalKeys, approversQuery, projectApprovalsQuery } from '@/features/approvals/queries'
import { ApprovalRecord } from '@/features/approvals/approval-record'
import { SelectField, TextAreaField } from '@/components/form/field'
import * as form from '@/components/form/form.css'
import * as page from '@/components/ui/page.css'
import { downloadText } from '@/lib/csv'
import { requestApproval } from '@/features/approvals/admin/api'
import { approvalsCsv, approvalsFileName } from './approvals-csv'
import { useRulesForm } from '@/components/form/rules-form'
import {
  OutcomeMessage,
  Panel,
  SubmitButton,
  staffFormFailures,
  useInvalidateProject,
  type ProjectRef,
} from '@/components/form/project-form-kit'
import {
  approvalFailures,
  approvalRequestFields,
  checkApprovalRequest,
  toDeliverable,
  type ApprovalRequestInput,
} from '@/features/approvals/rules'

/** What can be put up for approval: the project's documents and reports (their features' lists). */
export interface Deliverables {
  documents: readonly { id: string; name: string; visible_to_client: boolean }[]
  reports: readonly { id: string; title: string; status: string }[]
}

/** The page composes the deliverables it reads (src/areas/admin). */
export function ApprovalsAdmin({ project, deliverables }: { project: ProjectRef; deliverables: Deliverables }) {
  const { i18n } = useLingui()
  const profile = useProfile()
  const { data: requests } = useSuspenseQuery(projectApprovalsQuery(profile.id, project.id))
  const projectName = project.name
  return (
    <>
      <RequestForm project={project} deliverables={deliverables} />
      <div className={page.actions}>
        <button
          type="button"
          className={page.smallButton}
          onClick={() => downloadText(approvalsCsv(i18n, projectName, requests), approvalsFileName(projectName))}
        >
          <Trans>Download the record (CSV)</Trans>
        </button>
      </div>
      <ApprovalRecord requests={requests} empty={<Trans>No approval has been requested in this project yet.</Trans>} />
    </>
  )
}

function RequestForm({
  project,
  deliverables: { documents, reports },
}: {
  project: ProjectRef
  deliverables: Deliverables
}) {
  const { t } = useLingui()
  const lang = useLangPrefix()
  const profile = useProfile()
  const queryClient = useQueryClient()
  const invalidateProject = useInvalidateProject(project.id)
  const { data: requests } = useSuspenseQuery(projectApprovalsQuery(profile.id, project.id))
  const { data: approvers } = useSuspenseQuery(approversQuery(profile.id, project.organization_id))
  const hintId = useId()

  const requested = new Set(requests.flatMap((request) => [request.document_id, request.report_id]))
  const options = [
    ...documents
      .filter((document) => document.visible_to_client && !requested.has(document.id))
      .map((document) => {
        const name = document.name
        return { value: `document:${document.id}`, label: t`Document: ${name}` }
      }),
    ...reports
      .filter((report) => report.status === 'published' && !requested.has(report.id))
      .map((report) => {
        const name = report.title
        return { value: `report:${report.id}`, label: t`Report: ${name}` }
      }),
  ]

  const { register, handleSubmit, reset, outcome, setOutcome, save, errors } = useRulesForm(
    (values: ApprovalRequestInput) => checkApprovalRequest(values),
    {
      defaultValues: { deliverable: '', message: '' },
      failures: staffFormFailures(approvalRequestFields, approvalFailures),
    },
  )

  const submit = useMutation({
    mutationFn: (values: ApprovalRequestInput) =>
      requestApproval(toDeliverable(values.deliverable), values.message.trim() || null),
    onSuccess: () => {
      reset()
      setOutcome({
        tone: 'info',
        text: t`The approvers have been asked. They are notified in the portal and by e-mail.`,
      })
    },
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: approvalKeys.all(profile.id) }), invalidateProject()]),
  })

  const teamLink = (
    <Link to="/{-$lang}/admin/dashboard/projects/$projectId/team" params={{ lang, projectId: project.id }}>
      <Trans>Team access</Trans>
    </Link>
  )

  return (
    <Panel title={<Trans>Ask for approval</Trans>} testId="request-approval">
      {approvers.length === 0 ? (
        <p className={page.text}>
          <Trans>This organization has no approver yet. Choose who approves under {teamLink}.</Trans>
        </p>
      ) : options.length === 0 ? (
        <p className={page.text}>
          <Trans>
            Every shared document and published report is already up for approval, or there is none yet. Share a
            document or publish a report first; a new version of one reopens its request.
          </Trans>
        </p>
      ) : (
        <form
          className={form.form}
          noValidate
          aria-busy={submit.isPending}
          onSubmit={handleSubmit((values) => save(() => submit.mutateAsync(values)))}
        >
          <p id={hintId} className={page.mutedText}>
            <Trans>
              The organization’s approvers are asked to approve the current version; they can approve it or ask for
              changes.
            </Trans>
          </p>
          <SelectField
            label={<Trans>Deliverable</Trans>}
            aria-describedby={hintId}
            error={errors.deliverable?.message}
            options={[{ value: '', label: t`Choose a document or report` }, ...options]}
            {...register('deliverable')}
          />
          <TextAreaField
            label={<Trans>Message to the approvers (optional)</Trans>}
            rows={3}
            maxLength={2000}
            error={errors.message?.message}
            {...register('message')}
          />
          <div className={page.actions}>
            <SubmitButton busy={submit.isPending} busyLabel={<Trans>Sending...</Trans>}>
              <Trans>Ask for approval</Trans>
            </SubmitButton>
          </div>
        </form>
      )}
      <OutcomeMessage outcome={outcome} />
    </Panel>
  )
}
