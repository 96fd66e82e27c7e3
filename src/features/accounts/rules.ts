// A person's own profile (public.profiles, migration 20261121220100): what the account page's
// form checks before saving, written once as the table's check constraints hold it (a name of at
// most 200 characters, a job title of at most 120, the phone's pattern profiles_phone_format),
// and what a refused save means. tests/integration/schema/entity-rules.test.ts holds the two
// together. The credential forms (sign-in, codes, a new password) keep validation.ts: the auth
// server decides those, and the forms only catch typing slips (decision 0052).
import { z } from 'zod'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { checkWith, optionalText, problem, requiredText, text } from '@/lib/rules/check'
import { failuresOf, saveFailures, withFailures, type Failure } from '@/lib/write-failure'

export const profileMessages = {
  nameMissing: msg`Enter your name.`,
  nameLength: msg`A name has at most 200 characters.`,
  jobTitleLength: msg`A job title has at most 120 characters.`,
  phone: msg`Enter a phone number with digits, spaces and an optional + at the start.`,
} satisfies Record<string, MessageDescriptor>

export type ProfileRule = keyof typeof profileMessages

export const profileFields = ['fullName', 'jobTitle', 'phone'] as const
export type ProfileField = (typeof profileFields)[number]

export interface ProfileInput {
  fullName: string
  jobTitle: string
  phone: string
}

/** The phone's pattern: the same text as the check constraint profiles_phone_format. */
export const phonePattern = /^\+?[0-9][0-9 ().-]{5,38}$/

export const profileSchema = z.object({
  fullName: requiredText(200, 'nameMissing', 'nameLength'),
  jobTitle: optionalText(120, 'jobTitleLength'),
  phone: text
    .pipe(z.string().refine((value) => !value || phonePattern.test(value), problem('phone')))
    .transform((value) => value || null),
})

export function checkProfile(input: Partial<ProfileInput>) {
  return checkWith(profileSchema, profileFields, profileMessages, input)
}

/** The columns a person changes on their own row; an empty optional field is none. */
export function toProfileRow(values: ProfileInput) {
  return {
    full_name: values.fullName.trim(),
    job_title: values.jobTitle.trim() || null,
    phone: values.phone.trim() || null,
  }
}

/** Each check constraint of the columns the form writes, as the field and rule it guards. */
export const profileConstraints: Record<string, { field: ProfileField; rule: ProfileRule }> = {
  profiles_full_name_length: { field: 'fullName', rule: 'nameLength' },
  profiles_job_title_length: { field: 'jobTitle', rule: 'jobTitleLength' },
  profiles_phone_format: { field: 'phone', rule: 'phone' },
}

/** What a refused save means: a constraint on its field, the default catalog for the rest. */
export const profileFailures = withFailures<Failure<ProfileField>>(saveFailures, {
  constraints: failuresOf(profileConstraints, profileMessages),
})
