// The contact form's fields and their rules, mirroring the constraints of public.contact_messages
// (supabase/migrations/20261121221200_contact_messages.sql, 20261122004000_contact_rate_limit.sql,
// 20261129120000_contact_email_address.sql), so the browser says what the database would refuse,
// in the visitor's language. A refusal that still comes back from the database names its
// constraint; constraintField() maps it to the field.
import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { isEmailAddress } from '@/lib/email-address'
import { serviceSlugs, specializationSlugs } from '@/lib/pages'

export const interestValues = [...serviceSlugs, ...specializationSlugs, 'other'] as const
export type Interest = (typeof interestValues)[number]

export interface ContactValues {
  name: string
  email: string
  company: string
  phone: string
  /** '' until the visitor chooses. */
  interest: Interest | ''
  message: string
  privacy: boolean
  marketing: boolean
  /** The honeypot: people never see it; a bot that fills it gets a confirmation and sends nothing. */
  website: string
}

export type ContactField = Exclude<keyof ContactValues, 'website' | 'marketing'>

/** In the order the form shows them (the error summary lists them in this order too). */
export const contactFields: readonly ContactField[] = [
  'name',
  'email',
  'company',
  'phone',
  'interest',
  'message',
  'privacy',
]

/** Whether `name` is one of the form's fields (the submission machine hands back a plain name). */
export function isContactField(name: string): name is ContactField {
  return (contactFields as readonly string[]).includes(name)
}

export const emptyContact: ContactValues = {
  name: '',
  email: '',
  company: '',
  phone: '',
  interest: '',
  message: '',
  privacy: false,
  marketing: false,
  website: '',
}

export const limits = { name: 120, email: 254, company: 160, phone: 40, message: 5000 } as const

// The same expressions as the check constraints contact_messages_email_format and _phone_format.
const phonePattern = /^[0-9+() -]*$/

/** Characters as PostgreSQL's char_length counts them (code points, not UTF-16 units). */
export function charCount(value: string): number {
  return [...value].length
}

const blank = (value: string) => value.trim() === ''

/** The problem with one field's value, or undefined when the database would accept it. */
export function fieldProblem(field: ContactField, values: ContactValues): MessageDescriptor | undefined {
  switch (field) {
    case 'name':
      if (blank(values.name)) return msg`Enter your name.`
      if (charCount(values.name.trim()) > limits.name) return msg`A name has at most 120 characters.`
      return undefined
    case 'email': {
      const email = values.email.trim()
      if (email === '') return msg`Enter your e-mail address.`
      if (charCount(email) > limits.email) return msg`An e-mail address has at most 254 characters.`
      if (!isEmailAddress(email)) return msg`Enter an e-mail address like name@company.com.`
      return undefined
    }
    case 'company':
      if (blank(values.company)) return msg`Enter the name of your company or organization.`
      if (charCount(values.company.trim()) > limits.company) return msg`A company name has at most 160 characters.`
      return undefined
    case 'phone': {
      const phone = values.phone.trim()
      if (charCount(phone) > limits.phone) return msg`A phone number has at most 40 characters.`
      if (!phonePattern.test(phone))
        return msg`A phone number may contain only digits, spaces, plus signs, brackets and hyphens.`
      return undefined
    }
    case 'interest':
      if (!(interestValues as readonly string[]).includes(values.interest))
        return msg`Choose what your enquiry is about, or Other.`
      return undefined
    case 'message':
      if (blank(values.message)) return msg`Write your message.`
      if (charCount(values.message.trim()) > limits.message)
        return msg`A message has at most 5,000 characters; please shorten yours.`
      return undefined
    case 'privacy':
      return values.privacy ? undefined : msg`Confirm that you have read the data protection information.`
  }
}

/** Every field's problem, in the form's order: what the form's resolver and the no-JS post both check. */
export function checkContact(values: ContactValues): {
  problems: { field: ContactField; message: MessageDescriptor }[]
} {
  return {
    problems: contactFields.flatMap((field) => {
      const message = fieldProblem(field, values)
      return message ? [{ field, message }] : []
    }),
  }
}

const constraintFields: Record<string, ContactField> = {
  contact_messages_name_length: 'name',
  contact_messages_name_not_blank: 'name',
  contact_messages_email_length: 'email',
  contact_messages_email_format: 'email',
  contact_messages_company_length: 'company',
  contact_messages_phone_length: 'phone',
  contact_messages_phone_format: 'phone',
  contact_messages_interest_check: 'interest',
  contact_messages_message_length: 'message',
  contact_messages_message_not_blank: 'message',
  contact_messages_privacy_accepted: 'privacy',
}

/** The field a check-constraint violation (SQLSTATE 23514) is about, read from the error's message. */
export function constraintField(message: string | undefined): ContactField | undefined {
  const name = /constraint "([a-z_]+)"/.exec(message ?? '')?.[1]
  return name ? constraintFields[name] : undefined
}

/** What the database was refused for a field whose value looked fine here. */
export const fallbackProblems: Record<ContactField, MessageDescriptor> = {
  name: msg`Enter your name, up to 120 characters.`,
  email: msg`Enter an e-mail address like name@company.com.`,
  company: msg`A company name has at most 160 characters.`,
  phone: msg`A phone number may contain only digits, spaces, plus signs, brackets and hyphens.`,
  interest: msg`Choose what your enquiry is about, or Other.`,
  message: msg`Write your message, up to 5,000 characters.`,
  privacy: msg`Confirm that you have read the data protection information.`,
}

/** The row the form inserts: trimmed text, empty optional fields as null, the page's language. */
export function toRow(values: ContactValues, locale: 'es' | 'en') {
  const optional = (value: string) => (value.trim() === '' ? null : value.trim())
  return {
    name: values.name.trim(),
    email: values.email.trim(),
    company: optional(values.company),
    phone: optional(values.phone),
    interest: values.interest === '' ? null : values.interest,
    message: values.message.trim(),
    privacy_accepted: values.privacy,
    marketing_opt_in: values.marketing,
    locale,
  }
}
