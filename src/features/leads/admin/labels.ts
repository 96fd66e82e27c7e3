// Names and badge tones of the lead statuses, and the names of what a lead can ask about.
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { serviceLabels, type BadgeTone } from '@/lib/labels'
import type { LeadStatus } from './search'

export const leadStatusLabels: Record<LeadStatus, MessageDescriptor> = {
  new: msg`New`,
  contacted: msg`Contacted`,
  qualified: msg`Qualified`,
  won: msg`Won`,
  lost: msg`Lost`,
}

export const leadStatusTone: Record<LeadStatus, BadgeTone> = {
  new: 'alert',
  contacted: 'active',
  qualified: 'warning',
  won: 'done',
  lost: 'muted',
}

/** The contact form's interests: the services and specializations, or "Other". */
export const interestLabels: Record<string, MessageDescriptor> = {
  ...serviceLabels,
  other: msg`Other`,
}

export const localeNames: Record<string, MessageDescriptor> = {
  es: msg`Spanish`,
  en: msg`English`,
}
