// Signed download URLs: a JWT `{url: "<bucket>/<key>", scope: "download"}` signed with the
// server's key. Holding it is the authorization, so fetching the URL needs no other credential.
import type { JwtKeys } from '../lib/jwt'
import { storageErrors } from './errors'

const SCOPE = 'download'
const MAX_EXPIRES_IN = 2 ** 31 - 1

/** Throws unless `expiresIn` is a whole number of seconds, at least 1. */
export function requireExpiresIn(value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > MAX_EXPIRES_IN) {
    throw storageErrors.invalidRequest('expiresIn must be an integer number of seconds, at least 1')
  }
  return value
}

/** The relative URL storage-js appends to its base: it must already carry `?token=`. */
export async function signedObjectUrl(keys: JwtKeys, bucket: string, key: string, expiresIn: number) {
  const token = await keys.sign({ url: `${bucket}/${key}`, scope: SCOPE }, expiresIn)
  return `/object/sign/${bucket}/${key}?token=${token}`
}

/** Throws the error Storage gives for a missing, broken, expired or misdirected token. */
export async function requireSignedToken(keys: JwtKeys, token: string | undefined, bucket: string, key: string) {
  if (!token) throw storageErrors.invalidRequest("querystring must have required property 'token'")
  const result = await keys.verify(token)
  if (!result.ok) {
    if (result.reason === 'expired') throw storageErrors.expiredToken()
    throw storageErrors.invalidJwt(result.message)
  }
  const { url, scope, exp } = result.payload
  // Access tokens are signed with the same key: only our own URL tokens, with an expiry, count.
  if (url !== `${bucket}/${key}` || scope !== SCOPE || typeof exp !== 'number') throw storageErrors.invalidSignature()
}
