// The one reading of a failed write (src/lib/write-failure.ts, decision 0052): the default
// catalog, a concept's catalog over it (its constraints on their fields, its codes), and the
// catalogs of the screens that read failures into their own closed lists. Each entry is checked,
// and what falls through to the catalog's network and fallback answers.
import { describe, expect, it } from 'vitest'
import type { MessageDescriptor } from '@lingui/core'
import { FunctionsFetchError, FunctionsRelayError } from '@supabase/supabase-js'
import {
  constraintOf,
  describeFailure,
  readFailure,
  saveFailureMessage,
  saveFailures,
  staffFailures,
  withFailures,
  WriteError,
  type Catalog,
  type Failure,
} from '../../src/lib/write-failure'
import { networkFailure, previewReadOnlyMessage, unexpectedFailure } from '../../src/lib/auth/messages'
import {
  dashboardConstraints,
  dashboardFailures,
  dashboardMessages,
  hostFailures,
  hostMessages,
} from '../../src/features/dashboards/rules'
import { preferenceConstraints, preferenceFailures, preferenceMessages } from '../../src/features/notifications/rules'
import { organizationFailures } from '../../src/features/organizations/rules'
import { accountFailure } from '../../src/features/organizations/admin/api'
import { roleFailure } from '../../src/features/organizations/admin/team-queries'
import { answerFailures } from '../../src/features/approvals/answer-failures'
import { invitationFailureMessage, leadFailure } from '../../src/features/leads/admin/queries'
import { documentWriteFailure } from '../../src/features/documents/portal/own-uploads'

const text = (failure: { message: MessageDescriptor }) => failure.message.message
const refusedBy = (constraint: string, code = '23514') => ({
  code,
  message: `new row for relation "x" violates check constraint "${constraint}"`,
})
const offline = new TypeError('Failed to fetch')
const postgrestOffline = { code: '', message: 'TypeError: Failed to fetch', details: '', hint: '' }

describe('the default catalog (saveFailureMessage)', () => {
  it('says what each code it knows means', () => {
    expect(saveFailureMessage({ code: 'view_as_read_only', message: 'read only' })).toBe(previewReadOnlyMessage)
    expect(text({ message: saveFailureMessage(refusedBy('anything')) })).toBe(
      'The server did not accept these values. Please check them and try again.',
    )
    expect(text({ message: saveFailureMessage({ code: '42501', message: 'permission denied' }) })).toMatch(
      /did not accept these values/,
    )
  })

  it('reads a request that got no answer as the network, in every way supabase-js reports it', () => {
    for (const error of [
      offline,
      postgrestOffline,
      new FunctionsFetchError(offline),
      new FunctionsRelayError(new Response()),
    ])
      expect(saveFailureMessage(error)).toBe(networkFailure)
  })

  it('says “something went wrong” for anything else: another code, a server error, a thrown value', () => {
    expect(saveFailureMessage({ code: '23505', message: 'duplicate key' })).toBe(unexpectedFailure)
    expect(saveFailureMessage(Object.assign(new Error('Bad gateway'), { status: 502 }))).toBe(unexpectedFailure)
    expect(saveFailureMessage(new WriteError('The server returned no rows'))).toBe(unexpectedFailure)
    expect(saveFailureMessage('boom')).toBe(unexpectedFailure)
    expect(saveFailureMessage(null)).toBe(unexpectedFailure)
  })
})

describe('a catalog extended with a concept’s entries', () => {
  type Kind = 'name' | 'trigger' | 'pattern' | 'code' | 'network' | 'none' | 'fallback' | 'own'
  const base: Catalog<Kind> = { codes: { '23514': 'code' }, network: 'network', fallback: 'fallback' }
  const catalog = withFailures(base, {
    read: (error) => (error instanceof WriteError && error.refused?.field === 'x' ? 'own' : undefined),
    constraints: { things_name_length: 'name', things_guard: 'trigger' },
    triggers: [[/only a guard says this/i, 'things_guard']],
    patterns: [[/text alone/, 'pattern']],
    codeless: 'none',
  })

  it('tries the catalog’s own reading, then the constraint, the trigger, the text, the code', () => {
    expect(readFailure(new WriteError('refused', 'validation_failed', { field: 'x' }), catalog)).toBe('own')
    expect(readFailure(refusedBy('things_name_length'), catalog)).toBe('name')
    expect(readFailure({ code: '23503', message: 'refused', details: 'things_name_length' }, catalog)).toBe('name')
    expect(readFailure({ code: 'P0001', message: 'Only a guard says this' }, catalog)).toBe('trigger')
    expect(readFailure({ code: 'P0001', message: 'the text alone' }, catalog)).toBe('pattern')
    expect(readFailure(refusedBy('another_constraint'), catalog)).toBe('code')
  })

  it('keeps the base’s codes and answers, and reads an error without a code as `codeless`', () => {
    expect(readFailure(offline, catalog)).toBe('network')
    expect(readFailure({ message: 'no code at all' }, catalog)).toBe('none')
    expect(readFailure({ code: 'PGRST116', message: 'no rows' }, catalog)).toBe('fallback')
    expect(readFailure(undefined, catalog)).toBe('fallback')
  })

  it('finds the constraint a PostgREST error names, or a trigger’s by its text', () => {
    expect(constraintOf(refusedBy('a_b'))).toBe('a_b')
    expect(constraintOf({ message: 'the assignee went away' }, [[/assignee/, 'a_assignee']])).toBe('a_assignee')
    expect(constraintOf({ message: 'nothing named' })).toBeNull()
    expect(constraintOf('not an error')).toBeNull()
  })
})

describe('the staff forms’ catalog (describeFailure)', () => {
  it('says “not allowed”, its network sentence and “could not be saved”', () => {
    expect(describeFailure({ code: '42501', message: 'denied' })).toEqual(staffFailures.codes!['42501'])
    expect(text(describeFailure(offline))).toBe('The server could not be reached. Check your connection and try again.')
    expect(text(describeFailure(refusedBy('unknown_constraint')))).toBe(
      'The changes could not be saved. Please try again.',
    )
  })
})

describe('the concepts’ catalogs', () => {
  const everyConstraint = <F extends string, R extends string>(
    constraints: Record<string, { field: F; rule: R }>,
    messages: Record<R, unknown>,
    read: (error: unknown) => Failure,
  ) => {
    for (const [constraint, { field, rule }] of Object.entries(constraints))
      expect(read(refusedBy(constraint)), constraint).toEqual({ field, message: messages[rule] })
  }

  it('dashboards: each constraint on its field, the rest by the default catalog', () => {
    everyConstraint(dashboardConstraints, dashboardMessages, (error) => readFailure(error, dashboardFailures))
    expect(readFailure(offline, dashboardFailures).message).toBe(networkFailure)
    expect(readFailure({ code: 'view_as_read_only', message: '' }, dashboardFailures).message).toBe(
      previewReadOnlyMessage,
    )
  })

  it('dashboard hosts: taken, not a host name, a long label, and a host a dashboard uses', () => {
    const read = (error: unknown) => readFailure(error, hostFailures)
    const duplicate = {
      code: '23505',
      message: 'duplicate key value violates unique constraint "dashboard_hosts_pkey"',
      details: 'Key (host)=(bi.example.com) already exists.',
    }
    expect(read(duplicate)).toEqual({ field: 'host', message: hostMessages.taken })
    expect(read(refusedBy('dashboard_hosts_host'))).toEqual({ field: 'host', message: hostMessages.host })
    expect(read(refusedBy('dashboard_hosts_label'))).toEqual({ field: 'label', message: hostMessages.label })
    const inUse = {
      code: '23503',
      message: 'A dashboard uses this host; remove or change it first',
      details: 'dashboard_hosts_in_use',
    }
    expect(read(inUse)).toEqual({ field: null, message: hostMessages.inUse })
    expect(read({ code: '23503', message: 'A dashboard uses this host' })).toEqual({
      field: null,
      message: hostMessages.inUse,
    })
    expect(read({ code: '42501', message: 'denied' }).field).toBeNull()
    expect(read(offline).message).toBe(networkFailure)
  })

  it('notification preferences: each constraint on its field', () => {
    everyConstraint(preferenceConstraints, preferenceMessages, (error) => readFailure(error, preferenceFailures))
    expect(readFailure({ code: '23514', message: 'no name' }, preferenceFailures).field).toBeNull()
  })

  it('organizations: not allowed (42501, PGRST116), the network, the rest unexpected', () => {
    const denied = 'You do not have permission to make this change.'
    expect(text(readFailure({ code: '42501', message: 'rls' }, organizationFailures))).toBe(denied)
    expect(text(readFailure({ code: 'PGRST116', message: 'no rows' }, organizationFailures))).toBe(denied)
    expect(readFailure(postgrestOffline, organizationFailures)).toEqual({ field: null, message: networkFailure })
    expect(readFailure({ code: '22001', message: 'too long' }, organizationFailures)).toEqual({
      field: null,
      message: unexpectedFailure,
    })
  })

  it('role changes: only a super admin (42501, PGRST116), the network, the rest unexpected', () => {
    for (const code of ['42501', 'PGRST116'])
      expect(text(roleFailure({ code, message: 'refused' }))).toBe(
        'Only a super admin can change roles, and never their own.',
      )
    expect(roleFailure(offline).message).toBe(networkFailure)
    expect(roleFailure({ code: 'XX000', message: 'internal' }).message).toBe(unexpectedFailure)
  })

  it('the admin-users function: its codes (some on a field), a field refused by rule, the network', () => {
    expect(accountFailure(new WriteError('exists', 'email_exists'))).toMatchObject({ field: 'email' })
    expect(text(accountFailure(new WriteError('gone', 'user_not_found')))).toBe('This account no longer exists.')
    expect(text(accountFailure(new WriteError('forbidden', 'forbidden')))).toBe(
      'You do not have permission to make this change.',
    )
    const tooLong = new WriteError('refused', 'validation_failed', { field: 'full_name', rule: 'nameLength' })
    expect(accountFailure(tooLong)).toMatchObject({ field: 'full_name' })
    expect(text(accountFailure(tooLong))).toBe('A name has at most 200 characters.')
    const unknownRule = new WriteError('refused', 'validation_failed', { field: 'full_name', rule: 'other' })
    expect(accountFailure(unknownRule)).toEqual({ field: null, message: unexpectedFailure })
    expect(accountFailure(new WriteError('Edge Function returned a non-2xx status code'))).toEqual({
      field: null,
      message: unexpectedFailure,
    })
    expect(accountFailure(new FunctionsFetchError(offline)).message).toBe(networkFailure)
  })

  it('the lead’s invitation: its codes, the network, and “could not be sent”', () => {
    expect(text({ message: invitationFailureMessage(new WriteError('x', 'already_member')) })).toBe(
      'This person already belongs to this organization.',
    )
    expect(invitationFailureMessage(new FunctionsFetchError(offline))).toBe(networkFailure)
    expect(text({ message: invitationFailureMessage(new WriteError('x', 'weird')) })).toMatch(/could not be sent/)
  })

  it('leads: a trigger’s text on its field, their own codes', () => {
    expect(
      leadFailure({ code: 'P0001', message: 'The assignee of a lead must be an active staff member' }),
    ).toMatchObject({ field: 'assigneeId' })
    expect(text(leadFailure({ code: 'PGRST116', message: 'no rows' }))).toMatch(/no longer exists/)
    expect(leadFailure(offline).message).toBe(networkFailure)
  })

  it('the approver’s answer: answered meanwhile, a newer version, not an approver, not saved', () => {
    const read = (error: unknown) => text({ message: readFailure(error, answerFailures) })
    expect(read({ code: 'P0001', message: 'This request has already been answered' })).toMatch(/already been answered/)
    expect(read({ code: 'P0001', message: 'A newer version is awaiting approval: version 3' })).toMatch(
      /newer version has been shared/,
    )
    expect(read({ code: '42501', message: 'new row violates row-level security policy' })).toMatch(/approvers/)
    expect(read(offline)).toBe('Your answer could not be saved. Please try again.')
    expect(read({ code: '23514', message: 'comment' })).toBe('Your answer could not be saved. Please try again.')
  })

  it('a client’s document row: no answer, too many, denied, unknown', () => {
    expect(documentWriteFailure({})).toBe('network')
    expect(documentWriteFailure({ code: '' })).toBe('network')
    expect(documentWriteFailure({ code: 'PT429' })).toBe('too-many')
    expect(documentWriteFailure({ code: '42501' })).toBe('denied')
    expect(documentWriteFailure({ code: '23514' })).toBe('unknown')
  })
})

it('the base catalogs are not changed by extending them', () => {
  const before = JSON.stringify(saveFailures)
  withFailures<Failure>(saveFailures, { codes: { x: { field: null, message: networkFailure } } })
  expect(JSON.stringify(saveFailures)).toBe(before)
})
