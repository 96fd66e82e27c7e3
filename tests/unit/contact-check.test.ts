// The contact form's whole check (what its resolver and the form posted without JavaScript run):
// every field's problem, in the form's order, and none for a complete form.
import { describe, expect, it } from 'vitest'
import {
  checkContact,
  emptyContact,
  fieldProblem,
  type ContactValues,
} from '../../src/features/site/contact-form/rules'

const valid: ContactValues = {
  ...emptyContact,
  name: 'Ana Pérez',
  email: 'ana@example.org',
  company: 'Conservas Pérez',
  interest: 'governance',
  message: 'Hola',
  privacy: true,
}

describe('checkContact', () => {
  it('allows a complete form (the phone and the news left out)', () => {
    expect(checkContact(valid).problems).toEqual([])
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
