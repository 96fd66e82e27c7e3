// A person's own profile, as the account page's form checks it (src/features/accounts/rules.ts):
// what it allows and what it refuses, with the message the form shows, and the same words when
// the table's constraint refuses a value. Then the activity log's one filter rule.
import { describe, expect, it } from 'vitest'
import {
  checkProfile,
  phonePattern,
  profileConstraints,
  profileFailures,
  profileMessages,
  toProfileRow,
} from '../../src/features/accounts/rules'
import { checkActivityFilters } from '../../src/features/activity/rules'
import { factorNameRules } from '../../src/features/accounts/validation'
import { readFailure } from '../../src/lib/write-failure'
import { networkFailure } from '../../src/lib/auth/messages'

const person = { fullName: 'Lucía Pérez', jobTitle: '', phone: '' }

describe('a person’s profile', () => {
  it('allows a name of up to 200 characters, a job title of up to 120, a phone like the constraint’s', () => {
    const allowed = [
      person,
      { ...person, fullName: ` ${'a'.repeat(200)} ` },
      { ...person, jobTitle: 'b'.repeat(120) },
      { ...person, phone: '+34 600 123 456' },
      { ...person, phone: '91 (555) 12-34.56' },
      { ...person, phone: ' 600123 ' },
      { ...person, phone: `+1${'2'.repeat(38)}` },
    ]
    for (const values of allowed) expect(checkProfile(values).problems, JSON.stringify(values)).toEqual([])
  })

  it('refuses each value on its field, with its message', () => {
    const refused = [
      [{ fullName: '' }, 'fullName', 'nameMissing'],
      [{ fullName: '   ' }, 'fullName', 'nameMissing'],
      [{ fullName: 'a'.repeat(201) }, 'fullName', 'nameLength'],
      [{ jobTitle: 'b'.repeat(121) }, 'jobTitle', 'jobTitleLength'],
      [{ phone: '12345' }, 'phone', 'phone'],
      [{ phone: '+34 600 abc' }, 'phone', 'phone'],
      [{ phone: '++34600123456' }, 'phone', 'phone'],
      [{ phone: '(91) 555-12.34' }, 'phone', 'phone'],
      [{ phone: ' 600 123 456' + '7'.repeat(30) }, 'phone', 'phone'],
    ] as const
    for (const [change, field, rule] of refused)
      expect(checkProfile({ ...person, ...change }).problems, JSON.stringify(change)).toEqual([
        { field, rule, message: profileMessages[rule] },
      ])
  })

  it('writes the constraint’s pattern once, and stores trimmed values, an empty one as none', () => {
    expect(phonePattern.source).toBe('^\\+?[0-9][0-9 ().-]{5,38}$')
    expect(toProfileRow({ fullName: ' Ana ', jobTitle: ' ', phone: ' +34 600 123 456 ' })).toEqual({
      full_name: 'Ana',
      job_title: null,
      phone: '+34 600 123 456',
    })
  })

  it('puts a refusal the table names on its field, in the form’s words; the rest by the default catalog', () => {
    for (const [constraint, { field, rule }] of Object.entries(profileConstraints))
      expect(
        readFailure({ code: '23514', message: `violates check constraint "${constraint}"` }, profileFailures),
      ).toEqual({ field, message: profileMessages[rule] })
    expect(readFailure(new TypeError('Failed to fetch'), profileFailures)).toEqual({
      field: null,
      message: networkFailure,
    })
  })
})

describe('the activity log’s filters', () => {
  it('allows any day alone, or an end on or after the start', () => {
    for (const days of [
      { from: '', to: '' },
      { from: '2026-03-01', to: '' },
      { from: '', to: '2026-03-01' },
      { from: '2026-03-01', to: '2026-03-01' },
      { from: '2026-03-01', to: '2026-12-31' },
    ])
      expect(checkActivityFilters(days).problems).toEqual([])
  })

  it('refuses an end before the start, on the end', () => {
    expect(checkActivityFilters({ from: '2026-03-02', to: '2026-03-01' }).problems).toMatchObject([
      { field: 'to', rule: 'dayOrder' },
    ])
  })
})

describe("a second factor's name (factorNameRules: a passkey's, an authenticator's)", () => {
  const validate = factorNameRules({ missing: 'missing', tooLong: 'too long' }).validate as (value: string) => unknown
  it('needs a name of at most 60 characters once trimmed', () => {
    expect(validate('Blue security key')).toBe(true)
    expect(validate(`  ${'a'.repeat(60)}  `)).toBe(true)
    expect(validate('   ')).toBe('missing')
    expect(validate('a'.repeat(61))).toBe('too long')
  })
})
