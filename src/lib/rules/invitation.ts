// An invitation, as the staff form reads it: the fields' one set of rules
// (supabase/functions/_shared/invitation-fields.ts, which the admin-users function checks too)
// with the form's message for each rule, and the function's refusals of a field mapped back to
// the same messages.
import { z } from 'zod'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { checkWith, text } from './check'
import { inviteEmail, inviteFullName, inviteLocale, inviteStaffRole } from '@functions/_shared/invitation-fields'

export const invitationMessages = {
  emailMissing: msg`Enter the person's e-mail address.`,
  emailLength: msg`An e-mail address has at most 254 characters.`,
  emailFormat: msg`Enter an e-mail address like name@company.com.`,
  nameMissing: msg`Enter the person's name.`,
  nameLength: msg`A name has at most 200 characters.`,
  locale: msg`Choose Spanish or English.`,
  role: msg`Choose a staff role.`,
} satisfies Record<string, MessageDescriptor>

export type InvitationRule = keyof typeof invitationMessages

export const invitationFields = ['email', 'fullName', 'locale', 'role'] as const

export type InvitationField = (typeof invitationFields)[number]

export interface InvitationInput {
  email: string
  fullName: string
  locale: string
  role: string
}

/** `staff`: the role is asked for; a client's invitation has none. */
export function checkInvitation(input: Partial<InvitationInput>, staff: boolean) {
  const schema = z.object({
    email: inviteEmail,
    fullName: inviteFullName,
    locale: inviteLocale,
    role: staff ? inviteStaffRole : text,
  })
  return checkWith(schema, invitationFields, invitationMessages, input)
}

/** The function's field names, as the form's. */
const formField: Record<string, InvitationField> = {
  email: 'email',
  full_name: 'fullName',
  locale: 'locale',
  role: 'role',
}

/** A `validation_failed` answer of the function (the field, and the rule it names), for the form. */
export function invitationRefusal(
  field: string | undefined,
  rule: string | undefined,
): { field: InvitationField; message: MessageDescriptor } | undefined {
  const name = field ? formField[field] : undefined
  if (!name || !rule || !(rule in invitationMessages)) return undefined
  return { field: name, message: invitationMessages[rule as InvitationRule] }
}
