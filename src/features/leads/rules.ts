// A lead in the pipeline (public.contact_messages' staff fields, migration 20261206100000;
// decision 0038), its internal notes and its conversion, as the staff forms and the database-error
// map read them: one zod schema per thing, one message per rule, and the constraints (and trigger
// errors) named by the field and rule they guard. A lost lead needs a reason here as in the table.
// tests/integration/schema/lead-pipeline.test.ts holds the schemas and the table to the same rules.
import { z } from 'zod'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { checkWith, oneOf, optionalDay, optionalText, problem, requiredText, text, trimmed } from '@/lib/rules/check'
import { isCalendarDate } from '@/lib/rules/values'
import { leadStatuses } from '@/features/leads/vocabulary'

export const leadMessages = {
  status: msg`Choose a status from the list.`,
  lostReasonMissing: msg`Say why the lead was lost.`,
  lostReasonLength: msg`A reason has at most 500 characters.`,
  assignee: msg`A lead can only be assigned to a staff member.`,
  date: msg`Enter a valid date.`,
  noteMissing: msg`Write the note first.`,
  noteLength: msg`A note has at most 5,000 characters.`,
  organizationName: msg`Enter a name of 2 to 200 characters.`,
} satisfies Record<string, MessageDescriptor>

export type LeadRule = keyof typeof leadMessages

export const leadFields = ['status', 'lostReason', 'assigneeId', 'followUpOn'] as const
export type LeadField = (typeof leadFields)[number]

export interface LeadInput {
  status: string
  lostReason: string
  assigneeId: string
  followUpOn: string
}

export const leadSchema = z.object({
  status: oneOf(leadStatuses, 'status'),
  lostReason: optionalText(500, 'lostReasonLength'),
  assigneeId: text.transform((value) => value || null),
  followUpOn: optionalDay(isCalendarDate, 'date'),
})

/**
 * The lead's pipeline fields; `staff` (the ids of active staff) checks the assignee as the
 * database's trigger does (contact_messages_assignee_staff). A lost lead says why.
 */
export function checkLead(input: Partial<LeadInput>, staff?: ReadonlySet<string>) {
  const across: { field: LeadField; rule: LeadRule }[] = []
  if (input.status === 'lost' && !trimmed(input.lostReason))
    across.push({ field: 'lostReason', rule: 'lostReasonMissing' })
  const assignee = trimmed(input.assigneeId)
  if (staff && assignee && !staff.has(assignee)) across.push({ field: 'assigneeId', rule: 'assignee' })
  return checkWith(leadSchema, leadFields, leadMessages, input, across)
}

/** The columns the fields are stored in (the reason only while lost: the table clears it too). */
export function toLeadRow(values: LeadInput) {
  return {
    status: values.status,
    lost_reason: values.status === 'lost' ? values.lostReason.trim() || null : null,
    assignee_id: values.assigneeId || null,
    follow_up_on: values.followUpOn.trim() || null,
  }
}

export const noteFields = ['body'] as const
export type NoteField = (typeof noteFields)[number]
export interface NoteInput {
  body: string
}

export const noteSchema = z.object({ body: requiredText(5000, 'noteMissing', 'noteLength') })

export function checkNote(input: Partial<NoteInput>) {
  return checkWith(noteSchema, noteFields, leadMessages, input)
}

export const conversionFields = ['organizationName'] as const
export type ConversionField = (typeof conversionFields)[number]
export interface ConversionInput {
  organizationName: string
}

/** The new organization's name: the table's 2 to 200 characters after trimming. */
export const conversionSchema = z.object({
  organizationName: text.pipe(z.string().min(2, problem('organizationName')).max(200, problem('organizationName'))),
})

export function checkConversion(input: Partial<ConversionInput>) {
  return checkWith(conversionSchema, conversionFields, leadMessages, input)
}

/** Each constraint of the tables (and the trigger's error) as the field and rule it guards. */
export const leadConstraints: Record<string, { field: LeadField | NoteField | ConversionField; rule: LeadRule }> = {
  contact_messages_status_check: { field: 'status', rule: 'status' },
  contact_messages_lost_reason_required: { field: 'lostReason', rule: 'lostReasonMissing' },
  contact_messages_lost_reason_length: { field: 'lostReason', rule: 'lostReasonLength' },
  contact_messages_assignee_staff: { field: 'assigneeId', rule: 'assignee' },
  contact_messages_assignee_id_fkey: { field: 'assigneeId', rule: 'assignee' },
  lead_notes_body_length: { field: 'body', rule: 'noteLength' },
  organizations_name_length: { field: 'organizationName', rule: 'organizationName' },
}

/** Trigger errors carry their constraint only in the message PostgREST passes on. */
export const leadTriggers: [RegExp, string][] = [
  [/assignee of a lead must be an active staff member/i, 'contact_messages_assignee_staff'],
]
