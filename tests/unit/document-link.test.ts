import { describe, expect, it } from 'vitest'
import { downloadRecordFailure } from '@/lib/storage/document-link'

describe('downloadRecordFailure', () => {
  it('says what a refused download record means to the person', () => {
    // No code: the request never got an answer.
    expect(downloadRecordFailure({})).toBe('network')
    expect(downloadRecordFailure({ code: '' })).toBe('network')
    // Gone, or not the caller's to read: one answer for both.
    expect(downloadRecordFailure({ code: 'PT404' })).toBe('missing')
    expect(downloadRecordFailure({ code: 'PT429' })).toBe('busy')
    expect(downloadRecordFailure({ code: '22P02' })).toBe('unknown')
    expect(downloadRecordFailure({ code: '42501' })).toBe('unknown')
  })
})
