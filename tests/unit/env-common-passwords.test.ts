// AUTH_COMMON_PASSWORDS: a ranked list's length, or 0 to turn the list off (issue 27's deliberate
// difference made optional); anything in between is refused at start-up with the reason.
import { describe, expect, it } from 'vitest'
import { readEnv } from '../../supabase/server/env'

describe('AUTH_COMMON_PASSWORDS', () => {
  it('takes 0 (off) and the list lengths from 100000 to 999999', () => {
    expect(readEnv({ AUTH_COMMON_PASSWORDS: '0' }).AUTH_COMMON_PASSWORDS).toBe(0)
    expect(readEnv({ AUTH_COMMON_PASSWORDS: '100000' }).AUTH_COMMON_PASSWORDS).toBe(100_000)
    expect(readEnv({}).AUTH_COMMON_PASSWORDS).toBe(200_000)
  })

  it('refuses a length in between, saying what it takes', () => {
    expect(() => readEnv({ AUTH_COMMON_PASSWORDS: '5000' })).toThrow(/0 \(off\) or from 100000 to 999999/)
    expect(() => readEnv({ AUTH_COMMON_PASSWORDS: '1000000' })).toThrow(/0 \(off\) or from 100000 to 999999/)
  })
})
