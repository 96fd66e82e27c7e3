// A project's approvals for the client: the record of every request and answer, and, for the
// organization's approvers, the answer to a request that waits: approve the version shown, or ask
// for changes saying what should change. The database checks who answers and for which version;
// a refusal (already answered, a newer version shared meanwhile) is said in words.
import { useState } from 'react'
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import { useProfile } from '@/auth/use-auth'
import { supabase } from '@/lib/supabase'
import { approvalKeys, approversQuery, projectApprovalsQuery, type ApprovalRequest } from '@/lib/approvals'
import type { ApprovalDecisionCode } from '@/lib/vocabularies'
import { ApprovalRecord } from '@/components/approvals/approval-record'
import { FormAlert, TextAreaField } from '@/components/form/field'
import * as form from '@/components/form/form.css'
import * as styles from '@/components/ui/page.css'
import { projectKeys } from './queries'
import { activePreview } from '@/lib/view-as'
import { PreviewNote } from '@/components/ui/preview-note'

const COMMENT_MAX = 2000

export function ApprovalsSection({ projectId, organizationId }: { projectId: string; organizationId: string }) {
  const profile = useProfile()
  const { data: requests } = useSuspenseQuery(projectApprovalsQuery(profile.id, projectId))
  const { data: approvers } = useSuspenseQuery(approversQuery(profile.id, organizationId))
  const isApprover = approvers.includes(profile.id)
  return (
    <>
      {!isApprover && requests.some((request) => request.status === 'pending') && (
        <p className={styles.mutedText}>
          <Trans>Your organization’s approvers answer these requests.</Trans>
        </p>
      )}
      <ApprovalRecord
        requests={requests}
        empty={<Trans>Nothing in this project awaits your approval.</Trans>}
        actions={(request) =>
          isApprover && request.status === 'pending' ? (
            activePreview() ? (
              <PreviewNote />
            ) : (
              <AnswerForm request={request} projectId={projectId} />
            )
          ) : null
        }
      />
    </>
  )
}

type Failure = 'answered' | 'version' | 'denied' | 'other'

function failureOf(error: { code?: string; message: string }): Failure {
  if (error.code === '42501') return 'denied'
  if (error.message.includes('already been answered')) return 'answered'
  if (error.message.includes('newer version')) return 'version'
  return 'other'
}

class AnswerError extends Error {
  constructor(readonly failure: Failure) {
    super(failure)
  }
}

function AnswerForm({ request, projectId }: { request: ApprovalRequest; projectId: string }) {
  const { t } = useLingui()
  const profile = useProfile()
  const queryClient = useQueryClient()
  const [comment, setComment] = useState('')
  const [commentError, setCommentError] = useState<string | undefined>()
  const title = request.deliverable_title
  const version = request.version
  const answer = useMutation({
    mutationFn: async (decision: ApprovalDecisionCode) => {
      const { error } = await supabase.from('approval_decisions').insert({
        request_id: request.id,
        version: request.version,
        decision,
        comment: comment.trim() || null,
        // The record's copies (organization, project, title, name) are filled in by the database.
      } as never)
      if (error) throw new AnswerError(failureOf(error))
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: approvalKeys.all(profile.id) }),
        queryClient.invalidateQueries({ queryKey: projectKeys.activity(profile.id, projectId) }),
      ]),
  })
  const failure = answer.error instanceof AnswerError ? answer.error.failure : answer.error ? 'other' : null
  const failureText = {
    answered: t`This request has already been answered; the record above shows the answer.`,
    version: t`A newer version has been shared meanwhile. Review it before answering.`,
    denied: t`Only your organization’s approvers can answer this request.`,
    other: t`Your answer could not be saved. Please try again.`,
  }

  function askForChanges() {
    const text = comment.trim()
    if (!text) return setCommentError(t`Say what should change.`)
    if (text.length > COMMENT_MAX) return setCommentError(t`A comment has at most 2,000 characters.`)
    setCommentError(undefined)
    answer.mutate('changes_requested')
  }

  return (
    <form
      className={form.form}
      aria-label={t`Your answer on “${title}”`}
      aria-busy={answer.isPending}
      onSubmit={(event) => event.preventDefault()}
    >
      {failure && <FormAlert>{failureText[failure]}</FormAlert>}
      <TextAreaField
        label={<Trans>Comment (needed to ask for changes)</Trans>}
        value={comment}
        rows={3}
        maxLength={COMMENT_MAX}
        error={commentError}
        onChange={(event) => setComment(event.target.value)}
      />
      <div className={styles.actions}>
        <button
          type="button"
          className={styles.smallButton}
          aria-disabled={answer.isPending || undefined}
          onClick={() => {
            if (!answer.isPending) answer.mutate('approved')
          }}
        >
          <Trans>Approve version {version}</Trans>
        </button>
        <button
          type="button"
          className={styles.smallButton}
          aria-disabled={answer.isPending || undefined}
          onClick={() => {
            if (!answer.isPending) askForChanges()
          }}
        >
          <Trans>Ask for changes</Trans>
        </button>
      </div>
    </form>
  )
}
