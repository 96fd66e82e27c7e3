// Notification preferences (public.notification_preferences, migration 20261205100000): one
// choice per kind of notification (its e-mail at once, in the digest, or none) and the digest's
// frequency, as the settings form reads and saves them. The defaults are the table's column
// defaults, which are also what the outbox does for a person with no row (decision 0035);
// tests/integration/schema/notification-preferences.test.ts holds the two together.
import { z } from 'zod'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { checkWith, oneOf } from '@/lib/rules/check'
import { failuresOf, saveFailures, withFailures, type Failure } from '@/lib/write-failure'

/** The kinds a person chooses for, in the order the form shows them (the table's columns). */
export const preferenceKinds = ['messages', 'mentions', 'documents', 'reports', 'approvals', 'tasks', 'plan'] as const
export type PreferenceKind = (typeof preferenceKinds)[number]

export const emailChoices = ['immediately', 'digest', 'off'] as const
export type EmailChoice = (typeof emailChoices)[number]

export const digestFrequencies = ['soon', 'hourly', 'daily', 'weekly'] as const
export type DigestFrequency = (typeof digestFrequencies)[number]

export type PreferencesInput = Record<PreferenceKind, EmailChoice> & { digestFrequency: DigestFrequency }

export const defaultPreferences: PreferencesInput = {
  messages: 'digest',
  mentions: 'immediately',
  documents: 'digest',
  reports: 'digest',
  approvals: 'digest',
  tasks: 'digest',
  plan: 'digest',
  digestFrequency: 'soon',
}

export const preferenceMessages = {
  choice: msg`Choose how this kind of notification reaches you by e-mail.`,
  frequency: msg`Choose how often the digest may come.`,
} satisfies Record<string, MessageDescriptor>

export type PreferenceRule = keyof typeof preferenceMessages
export const preferenceFields = [...preferenceKinds, 'digestFrequency'] as const
export type PreferenceField = (typeof preferenceFields)[number]

const choice = oneOf(emailChoices, 'choice')

export const preferencesSchema = z.object({
  messages: choice,
  mentions: choice,
  documents: choice,
  reports: choice,
  approvals: choice,
  tasks: choice,
  plan: choice,
  digestFrequency: oneOf(digestFrequencies, 'frequency'),
})

export function checkPreferences(values: PreferencesInput) {
  return checkWith<PreferencesInput, PreferenceField, PreferenceRule>(
    preferencesSchema,
    preferenceFields,
    preferenceMessages,
    values,
  )
}

/** A stored row as the form's values (no row: the defaults). */
export function preferencesOf(
  row: Partial<Record<PreferenceKind | 'digest_frequency', string>> | null,
): PreferencesInput {
  if (!row) return { ...defaultPreferences }
  const parsed = preferencesSchema.safeParse({ ...defaultPreferences, ...row, digestFrequency: row.digest_frequency })
  return parsed.success ? parsed.data : { ...defaultPreferences }
}

/** The columns the form's values are stored in. */
export function toPreferencesRow(personId: string, values: PreferencesInput) {
  return {
    person_id: personId,
    messages: values.messages,
    mentions: values.mentions,
    documents: values.documents,
    reports: values.reports,
    approvals: values.approvals,
    tasks: values.tasks,
    plan: values.plan,
    digest_frequency: values.digestFrequency,
  }
}

/** Each check constraint of the table, as the field and rule it guards. */
export const preferenceConstraints: Record<string, { field: PreferenceField; rule: PreferenceRule }> = {
  ...Object.fromEntries(
    preferenceKinds.map((kind) => [`notification_preferences_${kind}`, { field: kind, rule: 'choice' as const }]),
  ),
  notification_preferences_digest_frequency: { field: 'digestFrequency', rule: 'frequency' },
}

/** What a refused save means: the table's constraints on their fields, the default catalog for the rest. */
export const preferenceFailures = withFailures<Failure<PreferenceField>>(saveFailures, {
  constraints: failuresOf(preferenceConstraints, preferenceMessages),
})
