// The contact page's hidden "started" field: when the server sent the form, signed so that a
// client cannot forge it. A form posted without JavaScript must carry one the server issued, and
// is refused as stale after a day (the person is told and the form is shown again).
import { createHmac, timingSafeEqual } from 'node:crypto'

const maxAgeMs = 24 * 60 * 60 * 1000

function signature(secret: string, issuedAt: number): string {
  return createHmac('sha256', `contact-form:${secret}`).update(String(issuedAt)).digest('base64url')
}

export function issueFormToken(secret: string, now = Date.now()): string {
  return `${now}.${signature(secret, now)}`
}

/** How long ago the form was sent, or undefined for a missing, forged or stale token. */
export function formTokenAge(secret: string, token: string | null, now = Date.now()): number | undefined {
  const [issued, mac] = (token ?? '').split('.')
  const issuedAt = Number(issued)
  if (!Number.isSafeInteger(issuedAt) || !mac) return undefined
  const expected = Buffer.from(signature(secret, issuedAt))
  const given = Buffer.from(mac)
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined
  const age = now - issuedAt
  return age >= 0 && age <= maxAgeMs ? age : undefined
}
