// Names and badge tones of account states, staff roles and languages on the clients and team pages.
import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { BadgeTone } from '@/lib/labels'
import type { UserStatus } from './queries'
import { staffRoles } from '@functions/_shared/invitation-fields'

export const userStatusLabels: Record<UserStatus, MessageDescriptor> = {
  invited: msg`Invited, not accepted yet`,
  active: msg`Active`,
  deactivated: msg`Deactivated`,
}

export const userStatusTone: Record<UserStatus, BadgeTone> = {
  invited: 'neutral',
  active: 'done',
  deactivated: 'muted',
}

export const roleLabels: Record<string, MessageDescriptor> = {
  client: msg`Client`,
  admin: msg`Admin`,
  super_admin: msg`Super admin`,
}

export const languageNames: Record<string, MessageDescriptor> = {
  es: msg`Spanish`,
  en: msg`English`,
}

/** A language's name in the active language; Spanish for an unknown code. */
export function languageName(i18n: I18n, code: string): string {
  return i18n._(languageNames[code] ?? languageNames.es!)
}

// The staff roles are the invitation's rule (supabase/functions/_shared/invitation-fields.ts).
export { staffRoles }
export type StaffRole = (typeof staffRoles)[number]
