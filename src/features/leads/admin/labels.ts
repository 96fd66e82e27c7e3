// Names and badge tones of the lead statuses, and the names of what a lead can ask about.
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { serviceLabels, type BadgeTone } from '@/lib/labels'
import type { LeadStatus } from './search'

export const leadStatusLabels: Record<LeadStatus, MessageDescriptor> = {
  new: msg`New`,
  in_progress: msg`In progress`,
  closed: msg`Closed`,
}

export const leadStatusTone: Record<LeadStatus, BadgeTone> = {
  new: 'alert',
  in_progress: 'active',
  closed: 'done',
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
