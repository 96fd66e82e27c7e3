// Signed download URLs: a JWT `{url: "<bucket>/<key>", scope: "download"}` signed with the
// server's key, that also names who signed it. Holding it is the authorization, so fetching the
// URL needs no other credential; but the object must still be readable by the signer when it is
// fetched, so un-sharing a document (or deactivating its reader) ends the links made for it.
// Beyond Supabase Storage, which checks only the token (decision 0012, README).
import type { DbRole } from '../db/request-context'
import type { JwtKeys } from '../lib/jwt'
import type { Caller } from './caller'
import { storageErrors } from './errors'

const SCOPE = 'download'
const ROLES: readonly DbRole[] = ['anon', 'authenticated', 'service_role']

/** Throws unless `expiresIn` is a whole number of seconds from 1 to `max` (a setting). */
export function requireExpiresIn(value: unknown, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > max) {
    throw storageErrors.invalidRequest(`expiresIn must be an integer number of seconds from 1 to ${max}`)
  }
  return value
}

/** The relative URL storage-js appends to its base: it must already carry `?token=`. */
export async function signedObjectUrl(keys: JwtKeys, signer: Caller, bucket: string, key: string, expiresIn: number) {
  // What the storage policies read of the signer: who, as which role, at which assurance level.
  const { sub, aal } = signer.claims
  const token = await keys.sign({ url: `${bucket}/${key}`, scope: SCOPE, role: signer.role, sub, aal }, expiresIn)
  return `/object/sign/${bucket}/${key}?token=${token}`
}

/** The signer a valid token names; throws the error Storage gives for a missing, broken, expired or misdirected token. */
export async function requireSignedToken(
  keys: JwtKeys,
  token: string | undefined,
  bucket: string,
  key: string,
): Promise<Caller> {
  if (!token) throw storageErrors.invalidRequest("querystring must have required property 'token'")
  const result = await keys.verify(token)
  if (!result.ok) {
    if (result.reason === 'expired') throw storageErrors.expiredToken()
    throw storageErrors.invalidJwt(result.message)
  }
  const { url, scope, exp, role, sub, aal } = result.payload
  // Access tokens are signed with the same key: only our own URL tokens, with an expiry and a
  // signer, count (tokens made before signers were recorded are no longer honoured).
  if (url !== `${bucket}/${key}` || scope !== SCOPE || typeof exp !== 'number' || !ROLES.includes(role as DbRole))
    throw storageErrors.invalidSignature()
  const subject = typeof sub === 'string' && sub !== '' ? sub : null
  const claims = { role: role as DbRole, ...(subject ? { sub: subject } : {}), ...(aal ? { aal } : {}) }
  return { role: role as DbRole, claims, owner: null, ownerId: subject }
}
