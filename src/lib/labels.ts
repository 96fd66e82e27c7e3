// Translated names for the codes stored in the tables that several concepts show (the statuses of
// projects, tasks, reports and approvals, and their badges' tones; the services), and labelOf for
// every concept's own labels (features/<concept>/labels.ts). Service names use the same source
// strings as the public pages, so they share one translation. Unknown codes fall back to the code
// itself rather than failing.
import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'

export const projectStatusLabels: Record<string, MessageDescriptor> = {
  planning: msg`Planning`,
  in_progress: msg`In progress`,
  on_hold: msg`On hold`,
  completed: msg`Completed`,
  cancelled: msg`Cancelled`,
}

export const taskStatusLabels: Record<string, MessageDescriptor> = {
  todo: msg`To do`,
  in_progress: msg`In progress`,
  blocked: msg`Blocked`,
  done: msg`Done`,
}

/** Service and specialization names, as the public pages name them. */
export const serviceLabels: Record<string, MessageDescriptor> = {
  'business-intelligence': msg`Business intelligence`,
  'data-architecture': msg`Data architecture`,
  'data-engineering': msg`Data engineering`,
  governance: msg`Data governance`,
  'financial-intelligence': msg`Financial intelligence`,
  'customer-intelligence': msg`Customer intelligence`,
}

/** The translated label of a code, or the code itself when it is not known. */
export function labelOf(i18n: I18n, labels: Record<string, MessageDescriptor>, code: string): string {
  const descriptor = labels[code]
  return descriptor ? i18n._(descriptor) : code
}

export const reportStatusLabels: Record<string, MessageDescriptor> = {
  draft: msg`Draft`,
  published: msg`Published`,
}

export const approvalStatusLabels: Record<string, MessageDescriptor> = {
  pending: msg`Awaiting approval`,
  approved: msg`Approved`,
  changes_requested: msg`Changes requested`,
}

export type BadgeTone = 'neutral' | 'active' | 'done' | 'alert' | 'warning' | 'muted'

/** Colour tone of a status badge; the badge's text always names the status. */
export const projectStatusTone: Record<string, BadgeTone> = {
  planning: 'neutral',
  in_progress: 'active',
  on_hold: 'muted',
  completed: 'done',
  cancelled: 'muted',
}

export const taskStatusTone: Record<string, BadgeTone> = {
  todo: 'neutral',
  in_progress: 'active',
  blocked: 'alert',
  done: 'done',
}

export const approvalStatusTone: Record<string, BadgeTone> = {
  // Waiting for the client is the normal course of things, not an error: amber, not red.
  pending: 'warning',
  approved: 'done',
  changes_requested: 'muted',
}
