// What a failed write means, in words for the form: the database's check constraints and
// trigger errors (supabase/migrations) map to a field and a translated message; anything else
// becomes a form-level message. The forms validate first, so these mostly catch races and rules
// only the database can see (e.g. a value already recorded for that period).
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { isNetworkFailure } from '@/lib/network-failure'
import { documentConstraints, documentMessages } from '@/lib/rules/document'
import { metricConstraints, metricMessages } from '@/lib/rules/metric'
import { projectConstraints, projectMessages } from '@/lib/rules/project'
import { reportConstraints, reportMessages } from '@/lib/rules/report'
import { taskConstraints, taskMessages } from '@/lib/rules/task'

export interface FieldFailure {
  /** The form field the message belongs to; null for the form as a whole. */
  field: string | null
  message: MessageDescriptor
}

/** An entity's constraints (src/lib/rules) with their rules' messages. */
function named<R extends string>(
  constraints: Record<string, { field: string; rule: R }>,
  messages: Record<R, MessageDescriptor>,
): Record<string, FieldFailure> {
  return Object.fromEntries(
    Object.entries(constraints).map(([name, { field, rule }]) => [name, { field, message: messages[rule] }]),
  )
}

const constraintMessages: Record<string, FieldFailure> = {
  ...named(projectConstraints, projectMessages),
  ...named(documentConstraints, documentMessages),
  documents_mime_type_format: {
    field: 'file',
    message: msg`This type of file is not accepted. Upload a PDF, Office document, CSV, text, JSON, ZIP or image file.`,
  },
  documents_size_range: { field: 'file', message: msg`The file is too large: the limit is 50 MB.` },
  ...named(reportConstraints, reportMessages),
  ...named(metricConstraints, metricMessages),
  ...named(taskConstraints, taskMessages),
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

interface ErrorLike {
  code?: string
  message?: string
}

/** The constraint a PostgREST error names ('… violates check constraint "x"'), if any. */
export function constraintOf(error: unknown): string | null {
  if (!error || typeof error !== 'object') return null
  const { message = '' } = error as ErrorLike
  const named = /constraint "([^"]+)"/.exec(message)
  if (named) return named[1] ?? null
  for (const [pattern, constraint] of triggerMessages) if (pattern.test(message)) return constraint
  return null
}

/** A failed write as a field message (when the database names a rule) or a form message. */
export function describeFailure(error: unknown): FieldFailure {
  if (isNetworkFailure(error)) return { field: null, message: networkFailure }
  const constraint = constraintOf(error)
  if (constraint && constraintMessages[constraint]) return constraintMessages[constraint]
  const code = error && typeof error === 'object' ? (error as ErrorLike).code : undefined
  if (code === '42501') return { field: null, message: deniedFailure }
  return { field: null, message: genericSaveFailure }
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
