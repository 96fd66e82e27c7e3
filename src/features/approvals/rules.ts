// What a refused request for approval, or a refused choice of approver, means: the constraints and
// trigger errors of supabase/migrations/20261126110100_approvals.sql mapped to the staff form's field and a
// translated message (src/lib/write-failure.ts).
import { msg } from '@lingui/core/macro'
import type { Failures } from '@/lib/write-failure'

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
    approval_requests_message_length: { field: 'message', message: msg`A message has at most 2,000 characters.` },
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
