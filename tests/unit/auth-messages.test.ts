// What a failed second-factor code tells the person: a code that has just been used says to wait
// for the next one, apart from a wrong code.
import { describe, expect, it } from 'vitest'
import { authFailureMessage } from '../../src/lib/auth/messages'

describe('a refused authenticator code', () => {
  const wrong = authFailureMessage({
    code: 'mfa_verification_failed',
    message: 'Invalid TOTP code entered',
    status: 422,
    retryable: false,
  })
  const reused = authFailureMessage({
    code: 'mfa_verification_failed',
    message: 'TOTP code already used: wait for the next code and enter it',
    status: 422,
    retryable: false,
  })

  it('says a just-used code was used and to wait for the next one', () => {
    expect(reused.message).toBe(
      'This code has just been used. Wait until your app shows the next one (a new code appears every 30 seconds) and enter it.',
    )
  })

  it('keeps the general message for a wrong code', () => {
    expect(wrong.id).not.toBe(reused.id)
    expect(wrong.message).toContain('not valid')
  })
})
