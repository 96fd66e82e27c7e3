// Password hashing (argon2id, memory-hard, OWASP parameters) and the strength rule shared by
// sign-up, password change and the admin API.
import { hash, verify } from '@node-rs/argon2'
import { randomBytes } from 'node:crypto'
import { errors } from './errors'
import { authPolicy } from './runtime'

// @node-rs/argon2 defaults to argon2id; the cost is spelled out so a library change cannot lower it.
const options = { memoryCost: 19456, timeCost: 2, parallelism: 1 }

export function hashPassword(password: string): Promise<string> {
  return hash(password, options)
}

// Verified against when the account does not exist, so a wrong address costs as long as a wrong password.
let decoy: Promise<string> | undefined

/** True when `password` matches `stored`; a missing or foreign hash never matches. */
export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  if (!stored || !stored.startsWith('$argon2')) {
    decoy ??= hashPassword(randomBytes(16).toString('hex'))
    await verify(await decoy, password).catch(() => false)
    return false
  }
  return verify(stored, password).catch(() => false)
}

/** The reasons a password is too weak, GoTrue's way ('length'); empty when it is fine. */
export function weaknessOf(password: string, minLength: number): string[] {
  return [...password].length < minLength ? ['length'] : []
}

export const weakPasswordMessage = (minLength: number) => `Password should be at least ${minLength} characters.`

/** Throws the contract's 422 weak_password (or 400 for an over-long one). */
export function requireStrongPassword(password: string, minLength: number): void {
  if (Buffer.byteLength(password) > authPolicy.maxPasswordLength)
    throw errors.validation(`Password cannot be longer than ${authPolicy.maxPasswordLength} characters`)
  const reasons = weaknessOf(password, minLength)
  if (reasons.length > 0) throw errors.weakPassword(weakPasswordMessage(minLength), reasons)
}
