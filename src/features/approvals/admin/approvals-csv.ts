// A project's approval record as a CSV file, in the reader's language: one row per answer (who,
// when, which version, the comment) and one per request still waiting. Names, titles and
// comments come from other people, so every cell goes through csvCell's formula guard.
import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { ApprovalRequest } from '@/features/approvals/queries'
import { approvalDecisionLabels } from '@/features/approvals/labels'
import { approvalStatusLabels, labelOf } from '@/lib/labels'
import { fileSlug, localTimestamp, toCsv } from '@/lib/csv'

export function approvalsCsv(i18n: I18n, projectName: string, requests: ApprovalRequest[]): string {
  const header = [
    i18n._(msg`Project`),
    i18n._(msg`Deliverable`),
    i18n._(msg`Type`),
    i18n._(msg`Version`),
    i18n._(msg`Answer`),
    i18n._(msg`Person`),
    i18n._(msg`Date and time`),
    i18n._(msg`Comment`),
  ]
  const type = (request: ApprovalRequest) =>
    request.deliverable_type === 'report' ? i18n._(msg`Report`) : i18n._(msg`Document`)
  const rows = requests.flatMap((request) => [
    ...request.decisions.map((decision) => [
      projectName,
      decision.deliverable_title ?? request.deliverable_title,
      type(request),
      decision.version,
      labelOf(i18n, approvalDecisionLabels, decision.decision),
      decision.decided_by_name,
      localTimestamp(decision.decided_at),
      decision.comment ?? '',
    ]),
    ...(request.status === 'pending'
      ? [
          [
            projectName,
            request.deliverable_title,
            type(request),
            request.version,
            labelOf(i18n, approvalStatusLabels, 'pending'),
            '',
            localTimestamp(request.pending_since),
            '',
          ],
        ]
      : []),
  ])
  return toCsv([header, ...rows])
}

/** `approvals-<project>-2026-11-24.csv`, the project's name reduced to safe characters. */
export function approvalsFileName(projectName: string, now: Date = new Date()): string {
  const slug = fileSlug(projectName)
  return `approvals-${slug}-${localTimestamp(now).slice(0, 10)}.csv`
}
