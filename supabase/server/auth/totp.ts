// TOTP as every authenticator app expects it (RFC 6238: SHA1, 6 digits, 30 s steps), with one
// step of clock skew either way.
import { Secret, TOTP } from 'otpauth'

const parameters = { algorithm: 'SHA1', digits: 6, period: 30 } as const

export function newTotp(issuer: string, account: string): { secret: string; uri: string } {
  const secret = new Secret({ size: 20 })
  const totp = new TOTP({ issuer, label: account, secret, ...parameters })
  return { secret: secret.base32, uri: totp.toString() }
}

/** The time step the code belongs to, or null when it is not valid at `nowMs` (±1 step). */
export function totpStep(secret: string, code: string, nowMs: number): number | null {
  if (!/^\d{6}$/.test(code)) return null
  let delta: number | null
  try {
    delta = TOTP.validate({
      token: code,
      secret: Secret.fromBase32(secret),
      timestamp: nowMs,
      window: 1,
      ...parameters,
    })
  } catch {
    return null
  }
  return delta === null ? null : TOTP.counter({ period: parameters.period, timestamp: nowMs }) + delta
}
