// Passkey settings: off unless set (on by default only in development), and a relying party that
// defaults to SITE_URL and refuses origins a browser would not use its passkeys from.
import { describe, expect, it } from 'vitest'
import { readEnv, webAuthnRelyingParty } from '../../supabase/server/env'

describe('passkey settings', () => {
  it('are off unless set, except in development', () => {
    const test = readEnv({ NODE_ENV: 'test' })
    expect([test.AUTH_MFA_WEB_AUTHN_ENROLL_ENABLED, test.AUTH_MFA_WEB_AUTHN_VERIFY_ENABLED]).toEqual([false, false])
    const development = readEnv({})
    expect([development.AUTH_MFA_WEB_AUTHN_ENROLL_ENABLED, development.AUTH_MFA_WEB_AUTHN_VERIFY_ENABLED]).toEqual([
      true,
      true,
    ])
    const optedOut = readEnv({ AUTH_MFA_WEB_AUTHN_ENROLL_ENABLED: 'false' })
    expect(optedOut.AUTH_MFA_WEB_AUTHN_ENROLL_ENABLED).toBe(false)
    expect(
      readEnv({ NODE_ENV: 'test', AUTH_MFA_WEB_AUTHN_VERIFY_ENABLED: 'true' }).AUTH_MFA_WEB_AUTHN_VERIFY_ENABLED,
    ).toBe(true)
  })

  it('take the relying party from SITE_URL unless named', () => {
    expect(webAuthnRelyingParty(readEnv({ SITE_URL: 'https://www.caucedata.com/' }))).toEqual({
      id: 'www.caucedata.com',
      origins: ['https://www.caucedata.com'],
    })
    const named = readEnv({
      SITE_URL: 'https://www.caucedata.com',
      AUTH_WEBAUTHN_RP_ID: 'caucedata.com',
      AUTH_WEBAUTHN_RP_ORIGINS: 'https://www.caucedata.com, https://caucedata.com/',
    })
    expect(webAuthnRelyingParty(named)).toEqual({
      id: 'caucedata.com',
      origins: ['https://www.caucedata.com', 'https://caucedata.com'],
    })
  })

  it('refuse origins that are not on the RP ID, and RP IDs that are not host names', () => {
    expect(() =>
      readEnv({ AUTH_WEBAUTHN_RP_ID: 'caucedata.com', AUTH_WEBAUTHN_RP_ORIGINS: 'https://evil.example' }),
    ).toThrow(/https:\/\/evil\.example is not on the relying party caucedata\.com/)
    expect(() => readEnv({ AUTH_WEBAUTHN_RP_ID: 'caucedata.com' })).toThrow(/is not on the relying party/)
    expect(() => readEnv({ AUTH_WEBAUTHN_RP_ID: 'https://caucedata.com' })).toThrow(/AUTH_WEBAUTHN_RP_ID/)
    expect(() => readEnv({ AUTH_WEBAUTHN_RP_ORIGINS: 'not a url' })).toThrow(/AUTH_WEBAUTHN_RP_ORIGINS/)
    expect(() => readEnv({ SITE_URL: 'not a url' })).toThrow(/SITE_URL/)
  })
})
