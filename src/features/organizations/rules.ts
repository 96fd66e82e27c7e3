// A client organization (a row of organizations), as the staff form and the database-error map
// read it: one zod schema over the form's values, one message per rule, and the table's
// constraints (supabase/migrations/20261121220100_organizations_and_profiles.sql) named by the
// field and rule they guard. tests/integration/schema/entity-rules.test.ts checks the schema and
// the table refuse the same values. Below, the invitations of people into an organization.
import { z } from 'zod'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { checkbox, checkWith, oneOf, optionalText, problem, text } from '@/lib/rules/check'
import { locales } from '@/lib/vocabularies'
import { deniedFailure, failuresOf, formFailure, saveFailures, withFailures, type Failure } from '@/lib/write-failure'
import { inviteEmail, inviteFullName, inviteLocale, inviteStaffRole } from '@functions/_shared/invitation-fields'

export const organizationMessages = {
  nameMissing: msg`Enter the organization's name.`,
  nameLength: msg`A name has between 2 and 200 characters.`,
  slugMissing: msg`Enter a short name.`,
  slugFormat: msg`Use lowercase letters, digits and single hyphens, at most 80 characters.`,
  slugTaken: msg`Another organization already uses this short name. Choose a different one.`,
  legalName: msg`A legal name has at most 200 characters.`,
  taxId: msg`A tax ID has at most 40 characters.`,
  countryCode: msg`Enter the two-letter country code, for example ES.`,
  industry: msg`An industry has at most 100 characters.`,
  website: msg`Enter a web address such as example.com or https://example.com, at most 300 characters.`,
  locale: msg`Choose Spanish or English.`,
} satisfies Record<string, MessageDescriptor>

export type OrganizationRule = keyof typeof organizationMessages

/** The fields a person fills, in the order the form shows them. */
export const organizationFields = [
  'name',
  'slug',
  'legalName',
  'taxId',
  'countryCode',
  'industry',
  'website',
  'defaultLocale',
  'isActive',
] as const

export type OrganizationField = (typeof organizationFields)[number]

/** The form's values: text as typed, and the checkbox. */
export interface OrganizationInput {
  name: string
  slug: string
  legalName: string
  taxId: string
  countryCode: string
  industry: string
  website: string
  defaultLocale: string
  isActive: boolean
}

export const emptyOrganizationInput: OrganizationInput = {
  name: '',
  slug: '',
  legalName: '',
  taxId: '',
  countryCode: '',
  industry: '',
  website: '',
  defaultLocale: 'es',
  isActive: true,
}

/**
 * A web address as people type it: without a scheme ("example.com") it is an https one. Anything
 * that starts with a scheme and a slash is kept as written, for the rule below to judge. The
 * database adds the scheme by the same rule (migration 20261130140000, trigger
 * organizations_website_scheme), so an address sent through the API is stored alike.
 */
export function withWebScheme(address: string): string {
  return !address || /^[a-z][a-z0-9+.-]*:\//i.test(address) ? address : `https://${address}`
}

export const organizationSchema = z.object({
  name: text.pipe(
    z.string().min(1, problem('nameMissing')).min(2, problem('nameLength')).max(200, problem('nameLength')),
  ),
  slug: text.pipe(
    z
      .string()
      .min(1, problem('slugMissing'))
      .max(80, problem('slugFormat'))
      .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, problem('slugFormat')),
  ),
  legalName: optionalText(200, 'legalName'),
  taxId: optionalText(40, 'taxId'),
  // Typed in either case; stored in capitals.
  countryCode: text.pipe(
    z
      .string()
      .refine((value) => !value || /^[A-Za-z]{2}$/.test(value), problem('countryCode'))
      .transform((value) => value.toUpperCase() || null),
  ),
  industry: optionalText(100, 'industry'),
  website: text.pipe(
    z
      .string()
      .transform(withWebScheme)
      .refine((value) => !value || (value.length <= 300 && /^https?:\/\/\S+$/.test(value)), problem('website'))
      .transform((value) => value || null),
  ),
  defaultLocale: oneOf(locales, 'locale'),
  isActive: checkbox,
})

export function checkOrganization(input: Partial<OrganizationInput>) {
  return checkWith(organizationSchema, organizationFields, organizationMessages, input)
}

/** The columns an organization's fields are stored in. */
export function toOrganizationRow(values: OrganizationInput) {
  const optional = (value: string) => value.trim() || null
  return {
    name: values.name.trim(),
    slug: values.slug.trim(),
    legal_name: optional(values.legalName),
    tax_id: optional(values.taxId),
    country_code: optional(values.countryCode)?.toUpperCase() ?? null,
    industry: optional(values.industry),
    website: withWebScheme(values.website.trim()) || null,
    default_locale: values.defaultLocale,
    is_active: values.isActive,
  }
}

/** The table's constraints, as the field and rule each one guards. */
export const organizationConstraints: Record<string, { field: OrganizationField; rule: OrganizationRule }> = {
  organizations_slug_key: { field: 'slug', rule: 'slugTaken' },
  organizations_name_length: { field: 'name', rule: 'nameLength' },
  organizations_slug_format: { field: 'slug', rule: 'slugFormat' },
  organizations_legal_name_length: { field: 'legalName', rule: 'legalName' },
  organizations_tax_id_length: { field: 'taxId', rule: 'taxId' },
  organizations_country_code_format: { field: 'countryCode', rule: 'countryCode' },
  organizations_industry_length: { field: 'industry', rule: 'industry' },
  organizations_website_format: { field: 'website', rule: 'website' },
  organizations_default_locale_check: { field: 'defaultLocale', rule: 'locale' },
}

/**
 * What a refused write of an organization means: a constraint on its field, in the form's words;
 * row-level security's refusal (42501, or no row to change: PGRST116) as "not allowed"; the
 * default catalog for the rest.
 */
export const organizationFailures = withFailures<Failure<OrganizationField>>(saveFailures, {
  constraints: failuresOf(organizationConstraints, organizationMessages),
  codes: { '42501': formFailure(deniedFailure), PGRST116: formFailure(deniedFailure) },
})

// ─── Invitations ─────────────────────────────────────────────────────────────────────────────
// An invitation, as the staff form reads it: the fields' one set of rules
// (supabase/functions/_shared/invitation-fields.ts, which the admin-users function checks too)
// with the form's message for each rule, and the function's refusals of a field mapped back to
// the same messages.

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
