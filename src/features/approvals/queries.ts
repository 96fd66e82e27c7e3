// What both areas read about approvals (decision 0017): a project's requests with their record of
// answers, the pending requests of the signed-in person (client: their organization's; staff:
// all), and who approves for an organization. Row-level security decides what comes back; every
// key carries the viewer, so one person's cached rows never answer another's query.
import { queryOptions } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { unwrapList } from '@/lib/query-utils'

export const approvalKeys = {
  all: (viewerId: string) => ['approvals', viewerId] as const,
  project: (viewerId: string, projectId: string) => ['approvals', viewerId, 'project', projectId] as const,
  pending: (viewerId: string) => ['approvals', viewerId, 'pending'] as const,
  approvers: (viewerId: string, organizationId: string) =>
    ['approvals', viewerId, 'approvers', organizationId] as const,
}

const REQUEST_COLUMNS =
  'id, project_id, organization_id, deliverable_type, document_id, report_id, deliverable_title, version, status, message, requested_by, requested_at, pending_since, answered_at, decisions:approval_decisions(id, version, deliverable_title, decision, comment, decided_by, decided_by_name, decided_at)' as const

export const projectApprovalsQuery = (viewerId: string, projectId: string) =>
  queryOptions({
    queryKey: approvalKeys.project(viewerId, projectId),
    queryFn: async () => {
      const rows = unwrapList(
        await supabase
          .from('approval_requests')
          .select(REQUEST_COLUMNS)
          .eq('project_id', projectId)
          .order('pending_since', { ascending: false }),
      )
      // The record reads oldest answer first.
      return rows.map((row) => ({
        ...row,
        decisions: [...(row.decisions ?? [])].sort((a, b) => a.decided_at.localeCompare(b.decided_at)),
      }))
    },
  })

export type ApprovalRequest = Awaited<
  ReturnType<NonNullable<ReturnType<typeof projectApprovalsQuery>['queryFn']>>
>[number]
export type ApprovalDecision = ApprovalRequest['decisions'][number]

/** Requests waiting for an answer, oldest first, with their project's name. */
export const pendingApprovalsQuery = (viewerId: string, limit = 20) =>
  queryOptions({
    queryKey: approvalKeys.pending(viewerId),
    queryFn: async () =>
      unwrapList(
        await supabase
          .from('approval_requests')
          .select('id, project_id, deliverable_title, deliverable_type, version, pending_since, project:projects(name)')
          .eq('status', 'pending')
          .order('pending_since', { ascending: true })
          .limit(limit),
      ),
  })

export type PendingApproval = Awaited<
  ReturnType<NonNullable<ReturnType<typeof pendingApprovalsQuery>['queryFn']>>
>[number]

/** The ids of an organization's approvers. */
export const approversQuery = (viewerId: string, organizationId: string) =>
  queryOptions({
    queryKey: approvalKeys.approvers(viewerId, organizationId),
    queryFn: async () =>
      unwrapList(
        await supabase.from('organization_approvers').select('profile_id').eq('organization_id', organizationId),
      ).map((row) => row.profile_id),
  })

export type VersionFileFailure = 'newer' | 'gone' | 'network'

export class VersionFileError extends Error {
  constructor(readonly kind: VersionFileFailure) {
    super(kind)
    this.name = 'VersionFileError'
  }
}

/**
 * The stored file of a document at the version put up for approval: read afresh when the person
 * opens it, so what they download is what they would approve. A newer version (its request has
 * been reopened meanwhile) or a document they can no longer see is refused in words, not opened.
 */
export async function approvalVersionFile(
  documentId: string,
  version: number,
): Promise<{ storagePath: string; name: string }> {
  let result
  try {
    result = await supabase.from('documents').select('storage_path, name, version').eq('id', documentId).maybeSingle()
  } catch {
    throw new VersionFileError('network')
  }
  if (result.error) throw new VersionFileError(result.error.code ? 'gone' : 'network')
  if (!result.data) throw new VersionFileError('gone')
  if (result.data.version !== version) throw new VersionFileError('newer')
  return { storagePath: result.data.storage_path, name: result.data.name }
}
