// Password hashing (argon2id, memory-hard, OWASP parameters) and the strength rules shared by
// sign-up, password change and the admin API: a minimum length (AUTH_PASSWORD_MIN_LENGTH), not one
// of the most common passwords (AUTH_COMMON_PASSWORDS of them), and not containing the name part
// of the account's e-mail address.
import { hash, verify } from '@node-rs/argon2'
import { randomBytes } from 'node:crypto'
import { errors } from './errors'
import { commonPasswords } from './common-passwords'
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

export interface PasswordRules {
  minLength: number
  /** How many of the most common passwords are refused. */
  commonPasswords: number
}

/** The name part of an address, when long enough to mean something (`ana@…` is not checked). */
function localPart(email: string | null | undefined): string | undefined {
  const name = email?.split('@')[0]?.toLowerCase()
  return name && name.length >= 3 ? name : undefined
}

/**
 * Throws the contract's 422 weak_password (or 400 for an over-long one). Reasons as GoTrue names
 * them ('length'; 'pwned' for a known password), plus 'email' for one that contains the address.
 */
export async function requireStrongPassword(password: string, rules: PasswordRules, email?: string | null) {
  if (Buffer.byteLength(password) > authPolicy.maxPasswordLength)
    throw errors.validation(`Password cannot be longer than ${authPolicy.maxPasswordLength} characters`)
  if (weaknessOf(password, rules.minLength).length > 0)
    throw errors.weakPassword(weakPasswordMessage(rules.minLength), ['length'])
  const lower = password.toLowerCase()
  // 0: the list is off, as on a Supabase project that checks no list (README: where our server differs from Supabase).
  if (rules.commonPasswords > 0 && (await commonPasswords(rules.commonPasswords)).has(lower))
    throw errors.weakPassword('Password is known to be weak and easy to guess, please choose a different one.', [
      'pwned',
    ])
  const name = localPart(email)
  if (name && lower.includes(name))
    throw errors.weakPassword('Password must not contain the name part of the e-mail address.', ['email'])
}
