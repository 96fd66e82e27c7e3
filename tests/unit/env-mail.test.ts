// The server's e-mail settings are the send-notifications function's (one definition), and
// production needs a destination for MAIL_TRANSPORT: SMTP's, or the HTTP e-mail API's URL and key.
import { describe, expect, it } from 'vitest'
import { readEnv } from '../../supabase/server/env'

// Secret values of the right shapes, so only the mail settings decide.
const production = {
  NODE_ENV: 'production',
  SITE_URL: 'https://caucedata.example',
  JWT_SECRET: 'a-production-secret-of-at-least-32-characters',
  JWT_SIGNING_KEYS: JSON.stringify([
    {
      kty: 'EC',
      crv: 'P-256',
      alg: 'ES256',
      kid: 'production-test-key',
      x: 'f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU',
      y: 'x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0',
      d: 'jpsQnnGQmL-YBIffH1136cspYG6-0iY7X1fCE9-E9LI',
    },
  ]),
  ANON_KEY: 'a-production-anon-key-value',
  SERVICE_ROLE_KEY: 'a-production-service-role-key-value',
}

describe('mail settings of the server', () => {
  it('default to SMTP, every minute, with the outbox defaults', () => {
    const env = readEnv({})
    expect(env).toMatchObject({
      MAIL_TRANSPORT: 'smtp',
      NOTIFICATION_MAIL_INTERVAL_MS: 60_000,
      MAIL_LEASE_SECONDS: 300,
      MAIL_RUN_SECONDS: 60,
    })
  })

  it('refuse to start in production without a destination for MAIL_TRANSPORT, naming what is missing', () => {
    expect(() => readEnv(production)).toThrow(
      'MAIL_TRANSPORT: MAIL_TRANSPORT=smtp needs SMTP_URL or SMTP_HOST in production',
    )
    expect(() =>
      readEnv({ ...production, MAIL_TRANSPORT: 'http', MAIL_API_URL: 'https://api.example/emails' }),
    ).toThrow('MAIL_TRANSPORT=http needs MAIL_API_URL and MAIL_API_KEY in production')
    expect(readEnv({ ...production, SMTP_HOST: 'smtp.example.com' }).SMTP_HOST).toBe('smtp.example.com')
    expect(
      readEnv({ ...production, MAIL_TRANSPORT: 'http', MAIL_API_URL: 'https://api.example/emails', MAIL_API_KEY: 'k' })
        .MAIL_TRANSPORT,
    ).toBe('http')
  })
})
