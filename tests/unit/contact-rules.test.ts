// The contact form's rules mirror the database's check constraints, and a refusal the database
// still sends back (by constraint name, or the rate limit's PT429) maps to the right message. The
// form's whole check (what its resolver and the form posted without JavaScript run) names every
// field's problem, in the form's order, and none for a complete form.
import { describe, expect, it } from 'vitest'
import {
  checkContact,
  constraintField,
  contactFields,
  emptyContact,
  fieldProblem,
  toRow,
  type ContactValues,
} from '../../src/features/site/contact-form/rules'
import { classifyFailure } from '../../src/features/site/contact-form/send'

const valid: ContactValues = {
  ...emptyContact,
  name: 'Ana Pérez',
  email: 'ana@example.org',
  company: 'Conservas Pérez',
  phone: '+34 (600) 123-456',
  interest: 'governance',
  message: 'Hola',
  privacy: true,
}

const problem = (field: Parameters<typeof fieldProblem>[0], values: Partial<ContactValues>) =>
  fieldProblem(field, { ...valid, ...values })?.message

describe('contact form rules', () => {
  it('accepts a complete form, with the optional phone empty', () => {
    for (const field of contactFields) expect(fieldProblem(field, valid), field).toBeUndefined()
    expect(problem('phone', { phone: '' })).toBeUndefined()
  })

  it('refuses what the constraints refuse, counting characters as PostgreSQL does', () => {
    expect(problem('name', { name: ' \n ' })).toBe('Enter your name.')
    expect(problem('name', { name: 'n'.repeat(121) })).toBe('A name has at most 120 characters.')
    expect(problem('name', { name: '😀'.repeat(120) })).toBeUndefined()
    expect(problem('email', { email: 'ana@example' })).toBe('Enter an e-mail address like name@company.com.')
    // A link's or a header's syntax is not an address (security issue 6).
    expect(problem('email', { email: 'mallory@evil.example?bcc=spy%40attacker.example&subject=hi' })).toBe(
      'Enter an e-mail address like name@company.com.',
    )
    expect(problem('email', { email: `${'a'.repeat(243)}@example.org` })).toBe(
      'An e-mail address has at most 254 characters.',
    )
    expect(problem('company', { company: '' })).toBe('Enter the name of your company or organization.')
    expect(problem('company', { company: 'c'.repeat(161) })).toBe('A company name has at most 160 characters.')
    expect(problem('phone', { phone: '1'.repeat(41) })).toBe('A phone number has at most 40 characters.')
    expect(problem('phone', { phone: '600 123 ext. 4' })).toMatch(/^A phone number may contain only/)
    expect(problem('interest', { interest: '' })).toBe('Choose what your enquiry is about, or Other.')
    expect(problem('message', { message: '\t' })).toBe('Write your message.')
    expect(problem('message', { message: 'm'.repeat(5001) })).toMatch(/^A message has at most 5,000/)
    expect(problem('privacy', { privacy: false })).toBe('Confirm that you have read the data protection information.')
  })

  it('sends trimmed text, empty optional fields as null, and the language', () => {
    expect(toRow({ ...valid, name: '  Ana  ', phone: '   ', marketing: true }, 'en')).toEqual({
      name: 'Ana',
      email: 'ana@example.org',
      company: 'Conservas Pérez',
      phone: null,
      interest: 'governance',
      message: 'Hola',
      privacy_accepted: true,
      marketing_opt_in: true,
      locale: 'en',
    })
  })

  it('maps refusals from the database', () => {
    const violation = (name: string) => `new row for relation "contact_messages" violates check constraint "${name}"`
    expect(constraintField(violation('contact_messages_email_format'))).toBe('email')
    expect(constraintField(violation('contact_messages_message_not_blank'))).toBe('message')
    expect(constraintField(violation('contact_messages_locale_check'))).toBeUndefined()
    expect(classifyFailure({ code: '23514', message: violation('contact_messages_phone_format') }, 400)).toEqual({
      kind: 'invalid',
      field: 'phone',
    })
    expect(classifyFailure({ code: 'PT429', message: 'Too many' }, 429)).toEqual({ kind: 'rateLimited' })
    expect(classifyFailure({ code: '', message: 'TypeError: Failed to fetch' }, 0)).toEqual({ kind: 'failed' })
    expect(classifyFailure({ code: '23514', message: violation('contact_messages_locale_check') }, 400)).toEqual({
      kind: 'failed',
    })
  })
})

describe('checkContact', () => {
  it('allows a complete form (the phone and the news left out)', () => {
    expect(checkContact({ ...valid, phone: '' }).problems).toEqual([])
  })

  it('names every field the empty form is missing, in the form’s order, with each field’s own message', () => {
    const { problems } = checkContact(emptyContact)
    expect(problems.map((problem) => problem.field)).toEqual([
      'name',
      'email',
      'company',
      'interest',
      'message',
      'privacy',
    ])
    for (const problem of problems) expect(problem.message).toEqual(fieldProblem(problem.field, emptyContact))
  })

  it('refuses one wrong field alone', () => {
    expect(checkContact({ ...valid, phone: 'call me' }).problems.map((problem) => problem.field)).toEqual(['phone'])
  })
})
