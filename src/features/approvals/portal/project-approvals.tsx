// A project's approvals for the client: the record of every request and answer; the exact version
// put up for approval, to open before answering (a document's file, or the report on this page);
// and, for the organization's approvers, the answer to a request that waits: approve the version
// shown (after a confirmation naming it: the answer is permanent), or ask for changes saying what
// should change. The database checks who answers and for which version; a refusal (already
// answered, a newer version shared meanwhile) is said in words. The answer's react-hook-form and
// rules load when the approver turns to the form (form-on-demand.tsx): most visits only read.
import { useEffect, useRef, useState } from 'react'
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import { useProfile } from '@/lib/auth/use-auth'
import { supabase } from '@/lib/supabase'
import {
  approvalKeys,
  approvalVersionFile,
  approversQuery,
  projectApprovalsQuery,
  VersionFileError,
  type ApprovalRequest,
} from '@/features/approvals/queries'
import { actionName } from '@/lib/action-name'
import { useOpenDocument } from '@/lib/storage/use-open-document'
import type { ApprovalDecisionCode } from '@/features/approvals/vocabulary'
import { ApprovalRecord } from '@/features/approvals/approval-record'
import { TextAreaField } from '@/components/form/field'
import { FormAlert } from '@/components/form/form-alert'
import { useFormOnDemand } from '@/components/form/form-on-demand'
import type { ApprovalAnswerInput } from '@/features/approvals/rules'
import { answerFailures } from '@/features/approvals/answer-failures'
import { readFailure } from '@/lib/write-failure'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import * as form from '@/components/form/form.css'
import * as layout from '@/components/ui/layout.css'
import * as styles from '@/components/ui/page.css'
import { projectKeys } from '@/lib/query-keys'
import { activePreview } from '@/lib/auth/view-as'
import { PreviewNote } from '@/components/ui/preview-note'
import { PendingButton } from '@/components/ui/pending-button'

interface Answered {
  decision: ApprovalDecisionCode
  title: string
  version: number
}

/**
 * `shownReports`: the reports the page shows (published, shared), each with a card a request can
 * link to; the page composes them from the reports feature's list (src/areas/portal).
 */
export function ApprovalsSection({
  projectId,
  organizationId,
  shownReports,
}: {
  projectId: string
  organizationId: string
  shownReports: ReadonlySet<string>
}) {
  const profile = useProfile()
  const { data: requests } = useSuspenseQuery(projectApprovalsQuery(profile.id, projectId))
  const { data: approvers } = useSuspenseQuery(approversQuery(profile.id, organizationId))
  const isApprover = approvers.includes(profile.id)
  // The answered request's form goes away with its buttons: the outcome takes the focus instead.
  const [answered, setAnswered] = useState<Answered | null>(null)
  const outcomeRef = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (answered) outcomeRef.current?.focus()
  }, [answered])
  return (
    <>
      {!isApprover && requests.some((request) => request.status === 'pending') && (
        <p className={styles.mutedText}>
          <Trans>Your organization’s approvers answer these requests.</Trans>
        </p>
      )}
      <div ref={outcomeRef} tabIndex={-1} role="status">
        {answered && <AnswerOutcome answered={answered} />}
      </div>
      <ApprovalRecord
        requests={requests}
        empty={<Trans>Nothing in this project awaits your approval.</Trans>}
        deliverable={(request) => <OpenVersion request={request} shownReports={shownReports} />}
        actions={(request) =>
          isApprover && request.status === 'pending' ? (
            activePreview() ? (
              <PreviewNote />
            ) : (
              <AnswerForm request={request} projectId={projectId} onAnswered={setAnswered} />
            )
          ) : null
        }
      />
    </>
  )
}

function AnswerOutcome({ answered: { decision, title, version } }: { answered: Answered }) {
  return (
    <p className={styles.text}>
      {decision === 'approved' ? (
        <Trans>
          You approved “{title}”, version {version}. Your answer is kept in the record below.
        </Trans>
      ) : (
        <Trans>
          You asked for changes to “{title}”, version {version}. The project team has been told.
        </Trans>
      )}
    </p>
  )
}

/**
 * The version under approval, to open: a document's file as it is at that version (checked when
 * it is opened), or the report's card in this page's Reports section.
 */
function OpenVersion({ request, shownReports }: { request: ApprovalRequest; shownReports: ReadonlySet<string> }) {
  if (request.deliverable_type === 'report')
    return request.report_id && shownReports.has(request.report_id) ? (
      <ReportLink request={request} reportId={request.report_id} />
    ) : null
  return request.document_id ? <DocumentVersion request={request} documentId={request.document_id} /> : null
}

function DocumentVersion({ request, documentId }: { request: ApprovalRequest; documentId: string }) {
  const { t, i18n } = useLingui()
  const profile = useProfile()
  const queryClient = useQueryClient()
  const download = useOpenDocument()
  const [failure, setFailure] = useState<string | null>(null)
  const [checking, setChecking] = useState(false)
  const title = request.deliverable_title
  const version = request.version
  const busy = checking || download.pending !== null
  const open = async () => {
    setFailure(null)
    setChecking(true)
    try {
      const file = await approvalVersionFile(documentId, version)
      setChecking(false)
      await download.open(documentId, file.storagePath, file.name)
    } catch (error) {
      setChecking(false)
      const kind = error instanceof VersionFileError ? error.kind : 'network'
      if (kind === 'newer') void queryClient.invalidateQueries({ queryKey: approvalKeys.all(profile.id) })
      setFailure(
        kind === 'newer'
          ? t`A newer version has been shared meanwhile; the request now shows it.`
          : kind === 'gone'
            ? t`This document is not shared with you any more. Please contact the project team.`
            : t`The download could not start: check your connection and try again.`,
      )
    }
  }
  const error = failure ?? download.error
  return (
    <div className={styles.actions}>
      <PendingButton
        className={styles.smallButton}
        pending={busy}
        aria-label={actionName(i18n, busy ? t`Preparing...` : t`Download version ${version}`, title)}
        onClick={() => void open()}
      >
        {busy ? <Trans>Preparing...</Trans> : <Trans>Download version {version}</Trans>}
      </PendingButton>
      {error && (
        <p className={styles.inlineError} role="alert">
          {error}
        </p>
      )}
    </div>
  )
}

/** Only a report this page shows (published, shared) has a card to go to. */
function ReportLink({ request, reportId }: { request: ApprovalRequest; reportId: string }) {
  const { t, i18n } = useLingui()
  const version = request.version
  return (
    <p className={styles.actions}>
      <a
        className={styles.smallButton}
        href={`#report-${reportId}`}
        aria-label={actionName(i18n, t`See the report, version ${version}`, request.deliverable_title)}
      >
        <Trans>See the report, version {version}</Trans>
      </a>
    </p>
  )
}

/** An answer's rules, loaded with react-hook-form when the approver turns to the form. */
const loadAnswerCheck = () => import('@/features/approvals/rules').then((rules) => rules.checkApprovalAnswer)

function AnswerForm({
  request,
  projectId,
  onAnswered,
}: {
  request: ApprovalRequest
  projectId: string
  onAnswered: (answered: Answered) => void
}) {
  const { t, i18n } = useLingui()
  const profile = useProfile()
  const queryClient = useQueryClient()
  const [confirming, setConfirming] = useState(false)
  const title = request.deliverable_title
  const version = request.version
  const fields = useFormOnDemand<ApprovalAnswerInput>(loadAnswerCheck)
  const answer = useMutation({
    mutationFn: async ({ decision, comment }: ApprovalAnswerInput) => {
      const { error } = await supabase.from('approval_decisions').insert({
        request_id: request.id,
        version: request.version,
        decision,
        comment: comment.trim() || null,
        // The record's copies (organization, project, title, name) are filled in by the database.
      } as never)
      if (error) throw error
    },
    onSuccess: (_done, { decision }) => onAnswered({ decision, title, version }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: approvalKeys.all(profile.id) }),
        queryClient.invalidateQueries({ queryKey: projectKeys.activity(profile.id, projectId) }),
      ]),
  })
  const failure = answer.error ? readFailure(answer.error, answerFailures) : null

  // The decision is the button pressed: the comment's rules depend on it (needed to ask for changes).
  function send(decision: ApprovalDecisionCode) {
    fields.submit((values) => answer.mutate(values), { decision })
  }

  return (
    <form
      ref={fields.formRef}
      className={form.form}
      aria-label={t`Your answer on “${title}”`}
      aria-busy={answer.isPending}
      onSubmit={(event) => event.preventDefault()}
    >
      {failure && <FormAlert>{i18n._(failure)}</FormAlert>}
      <TextAreaField
        label={<Trans>Comment (needed to ask for changes)</Trans>}
        rows={3}
        maxLength={2000}
        error={fields.errors.comment?.message}
        {...fields.register('comment')}
      />
      <div className={styles.actions}>
        <PendingButton className={layout.buttonPrimary} pending={answer.isPending} onClick={() => setConfirming(true)}>
          <Trans>Approve version {version}</Trans>
        </PendingButton>
        <PendingButton
          className={layout.buttonSecondary}
          pending={answer.isPending}
          onClick={() => send('changes_requested')}
        >
          <Trans>Ask for changes</Trans>
        </PendingButton>
      </div>
      <ConfirmDialog
        open={confirming}
        title={
          <Trans>
            Approve “{title}”, version {version}?
          </Trans>
        }
        confirmLabel={<Trans>Yes, approve version {version}</Trans>}
        onClose={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false)
          send('approved')
        }}
      >
        <p>
          <Trans>
            Your approval is kept in the project’s record with your name and the date, and cannot be changed afterwards.
            If a new version is shared, you will be asked again.
          </Trans>
        </p>
        {fields.text('comment').trim() && (
          <p>
            <Trans>Your comment is kept with it.</Trans>
          </p>
        )}
      </ConfirmDialog>
      {fields.host}
    </form>
  )
}
