// What a failed second-factor code tells the person: a code that has just been used says to wait
// for the next one, apart from a wrong code.
import { describe, expect, it } from 'vitest'
import { toFailure } from '../../src/lib/auth/failure'
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

describe('a locked account', () => {
  const lockedBy = (status: number, code: string) =>
    toFailure(
      Object.assign(new Error('Too many failed attempts for this account. Try again after 2026-12-02T11:15:00.000Z'), {
        status,
        code,
      }),
    )

  it('reads the time to try again from the hooks’ rejections and the e-mailed codes’ 429', () => {
    for (const [status, code] of [
      [400, 'invalid_credentials'],
      [403, 'mfa_verification_rejected'],
      [429, 'over_request_rate_limit'],
    ] as const) {
      const failure = lockedBy(status, code)
      expect(failure.retryAt, code).toBe('2026-12-02T11:15:00.000Z')
      expect(authFailureMessage(failure).message, code).toContain('try again at')
    }
  })

  it('keeps a wrong password a wrong password, and a rejection without a time says to sign in later', () => {
    const wrong = toFailure(
      Object.assign(new Error('Invalid login credentials'), { status: 400, code: 'invalid_credentials' }),
    )
    expect(wrong.retryAt).toBeUndefined()
    expect(authFailureMessage(wrong).message).toBe('The e-mail or password is not correct.')
    const rejected = toFailure(
      Object.assign(new Error('Further MFA verification attempts will be rejected.'), {
        status: 403,
        code: 'mfa_verification_rejected',
      }),
    )
    expect(authFailureMessage(rejected).message).toContain('Sign in again')
  })
})
