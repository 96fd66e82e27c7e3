// What a failed write means, in words for the form: the database's check constraints and
// trigger errors (supabase/migrations) map to a field and a translated message; anything else
// becomes a form-level message. The forms validate first, so these mostly catch races and rules
// only the database can see (e.g. a value already recorded for that period).
import { msg } from '@lingui/core/macro'
import {
  constraintOf as namedConstraintOf,
  namedConstraints,
  toFormFailure,
  type Failure,
  type FailureCatalog,
} from '@/components/form/failure'
import { documentConstraints, documentMessages } from '@/lib/rules/document'
import { metricConstraints, metricMessages } from '@/lib/rules/metric'
import { projectConstraints, projectMessages } from '@/lib/rules/project'
import { reportConstraints, reportMessages } from '@/lib/rules/report'
import { taskConstraints, taskMessages } from '@/lib/rules/task'

export type FieldFailure = Failure

const constraintMessages: Record<string, FieldFailure> = {
  ...namedConstraints(projectConstraints, projectMessages),
  ...namedConstraints(documentConstraints, documentMessages),
  documents_mime_type_format: {
    field: 'file',
    message: msg`This type of file is not accepted. Upload a PDF, Office document, CSV, text, JSON, ZIP or image file.`,
  },
  documents_size_range: { field: 'file', message: msg`The file is too large: the limit is 50 MB.` },
  ...namedConstraints(reportConstraints, reportMessages),
  ...namedConstraints(metricConstraints, metricMessages),
  ...namedConstraints(taskConstraints, taskMessages),
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
}

/** Trigger errors carry their constraint name in the error, but PostgREST only passes the message on. */
const triggerMessages: [RegExp, string][] = [
  [/internal task cannot be assigned to a client/i, 'tasks_internal_not_for_clients'],
  [/only be assigned to a client of the project/i, 'tasks_assignee_in_organization'],
  [/share the document|publish the report|hidden from the client/i, 'approval_requests_deliverable_shared'],
  [/has no approver yet/i, 'approval_requests_has_approvers'],
  [/must be a client user of the organization/i, 'organization_approvers_client_of_organization'],
]

export const genericSaveFailure = msg`The changes could not be saved. Please try again.`
export const networkFailure = msg`The server could not be reached. Check your connection and try again.`
export const deniedFailure = msg`You do not have permission to make this change.`

/** The constraint a PostgREST error names ('… violates check constraint "x"'), or the trigger's, if any. */
export function constraintOf(error: unknown): string | null {
  const named = namedConstraintOf(error)
  if (named) return named
  const message = error && typeof error === 'object' ? String((error as { message?: unknown }).message ?? '') : ''
  for (const [pattern, constraint] of triggerMessages) if (pattern.test(message)) return constraint
  return null
}

const catalog: FailureCatalog = {
  constraintOf,
  constraints: constraintMessages,
  codes: { '42501': deniedFailure },
  network: networkFailure,
  fallback: genericSaveFailure,
}

/** A failed write as a field message (when the database names a rule) or a form message. */
export function describeFailure(error: unknown): FieldFailure {
  return toFormFailure(error, catalog)
}

/** A PostgREST error object thrown as is, so describeFailure can read its code and message. */
export class WriteError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message)
    this.name = 'WriteError'
  }
}

type Result<T> = { data: T | null; error: { message: string; code?: string } | null }

/** The rows a write returned; throws the PostgREST error as a WriteError. */
export function check<R extends Result<unknown>>(result: R): NonNullable<R['data']> {
  if (result.error) throw new WriteError(result.error.message, result.error.code)
  if (result.data === null || result.data === undefined) throw new WriteError('The server returned no rows')
  return result.data as NonNullable<R['data']>
}

/** For writes that return nothing (deletes). */
export function checkOk(result: Result<unknown>): void {
  if (result.error) throw new WriteError(result.error.message, result.error.code)
}
