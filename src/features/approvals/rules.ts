// The rules of a request for approval (staff) and of an answer to one (the client's approvers), as
// their forms check them before saving: one zod schema each, one message per rule, the same as the
// constraints of supabase/migrations/20261126110100_approvals.sql. Then what a refused request, or
// a refused choice of approver, means: the constraints and trigger errors mapped to the staff
// form's field and a translated message (src/lib/write-failure.ts).
import { z } from 'zod'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { checkWith, optionalText, problem, text, trimmed } from '@/lib/rules/check'
import type { Failures } from '@/lib/write-failure'
import type { ApprovalDecisionCode } from './vocabulary'

/** The longest message to the approvers, and the longest comment of an answer (both constraints). */
const TEXT_MAX = 2000

export const approvalRequestMessages = {
  deliverable: msg`Choose what to put up for approval.`,
  messageLength: msg`A message has at most 2,000 characters.`,
} satisfies Record<string, MessageDescriptor>

export const approvalRequestFields = ['deliverable', 'message'] as const

export interface ApprovalRequestInput {
  /** `document:<id>` or `report:<id>`, as the form's select gives it; '' when nothing is chosen. */
  deliverable: string
  message: string
}

export const approvalRequestSchema = z.object({
  deliverable: text.pipe(z.string().regex(/^(document|report):./, problem('deliverable'))),
  message: optionalText(TEXT_MAX, 'messageLength'),
})

export function checkApprovalRequest(input: Partial<ApprovalRequestInput>) {
  return checkWith(approvalRequestSchema, approvalRequestFields, approvalRequestMessages, input)
}

/** The deliverable a checked choice names, as the request's column. */
export function toDeliverable(choice: string): { document_id: string } | { report_id: string } {
  const [kind, id = ''] = choice.trim().split(':')
  return kind === 'report' ? { report_id: id } : { document_id: id }
}

export const approvalAnswerMessages = {
  commentMissing: msg`Say what should change.`,
  commentLength: msg`A comment has at most 2,000 characters.`,
} satisfies Record<string, MessageDescriptor>

export const approvalAnswerFields = ['comment'] as const

export interface ApprovalAnswerInput {
  decision: ApprovalDecisionCode
  comment: string
}

export const approvalAnswerSchema = z.object({ comment: optionalText(TEXT_MAX, 'commentLength') })

/** An answer's comment: at most 2,000 characters, and needed to ask for changes (approval_decisions_*). */
export function checkApprovalAnswer(input: Partial<ApprovalAnswerInput>) {
  const across =
    input.decision === 'changes_requested' && !trimmed(input.comment)
      ? [{ field: 'comment' as const, rule: 'commentMissing' as const }]
      : []
  return checkWith(approvalAnswerSchema, approvalAnswerFields, approvalAnswerMessages, input, across)
}

export const approvalFailures: Failures = {
  constraints: {
    approval_requests_deliverable_shared: {
      field: 'deliverable',
      message: msg`Only a document shared with the client or a published report, in a project the client can see, can be put up for approval.`,
    },
    approval_requests_has_approvers: {
      field: 'deliverable',
      message: msg`This organization has no approver yet: choose one under Team access first.`,
    },
    approval_requests_document_key: {
      field: 'deliverable',
      message: msg`Approval of this document has already been requested. A new version reopens the request.`,
    },
    approval_requests_report_key: {
      field: 'deliverable',
      message: msg`Approval of this report has already been requested. A new version reopens the request.`,
    },
    approval_requests_message_length: { field: 'message', message: approvalRequestMessages.messageLength },
    organization_approvers_client_of_organization: {
      field: null,
      message: msg`Only a client user of this organization can approve for it.`,
    },
    organization_approvers_pkey: { field: null, message: msg`This person already approves for the organization.` },
  },
  triggers: [
    [/share the document|publish the report|hidden from the client/i, 'approval_requests_deliverable_shared'],
    [/has no approver yet/i, 'approval_requests_has_approvers'],
    [/must be a client user of the organization/i, 'organization_approvers_client_of_organization'],
  ],
}
