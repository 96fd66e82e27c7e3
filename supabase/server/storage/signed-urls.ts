// Signed download URLs: a JWT `{url: "<bucket>/<key>", scope: "download"}` signed with the
// server's URL-token key (never an access token: lib/jwt.ts), that also names who signed it. Holding it is the authorization, so fetching the
// URL needs no other credential; but the object must still be readable by the signer when it is
// fetched, so un-sharing a document (or deactivating its reader) ends the links made for it.
// Beyond Supabase Storage, which checks only the token (decision 0012, README).
import { isViewAs } from '../lib/view-as'
import type { DbRole } from '../db/request-context'
import type { JwtKeys } from '../lib/jwt'
import type { Caller } from './caller'
import { storageErrors } from './errors'
import { isUuid } from '../../functions/_shared/uuid.ts'

const SCOPE = 'download'
const UPLOAD_SCOPE = 'upload'
const ROLES: readonly DbRole[] = ['anon', 'authenticated', 'service_role']

/** Throws unless `expiresIn` is a whole number of seconds from 1 to `max` (a setting). */
export function requireExpiresIn(value: unknown, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > max) {
    throw storageErrors.invalidRequest(`expiresIn must be an integer number of seconds from 1 to ${max}`)
  }
  return value
}

/** The relative URL storage-js appends to its base: it must already carry `?token=`. */
export async function signedObjectUrl(
  keys: JwtKeys,
  signer: Caller,
  bucket: string,
  key: string,
  expiresIn: number,
  transform?: SignedTransform,
) {
  // What the storage policies read of the signer: who, as which role, at which assurance level,
  // and whether a staff member's preview asked (is_view_as() answers the same when it is fetched,
  // 0022), and which one: the policies let a preview read only while it is open, so its links end
  // when it does.
  const { sub, aal, view_as, view_as_id } = signer.claims
  const preview = isViewAs(signer.claims) ? { view_as, view_as_id } : {}
  // As Storage: a transformation travels in the token, and makes the URL a render URL.
  const render = transform?.transformations ? transform : undefined
  const token = await keys.signUrlToken(
    { url: `${bucket}/${key}`, scope: SCOPE, role: signer.role, sub, aal, ...preview, ...render },
    expiresIn,
  )
  return `/${render ? 'render/image' : 'object'}/sign/${bucket}/${key}?token=${token}`
}

/** What a signed render URL's token carries: Storage's `transformations` list and the `format` asked. */
export interface SignedTransform {
  transformations: string
  format?: string
}

/**
 * A signed upload URL (`createSignedUploadUrl`): `{url, token}` as Supabase Storage answers, the
 * token naming the path, whether it may replace, and its signer, as whom the upload is written
 * (so the policies decide again when it arrives; Supabase writes it as the service role).
 */
export async function signedUploadUrl(
  keys: JwtKeys,
  signer: Caller,
  bucket: string,
  key: string,
  upsert: boolean,
  expiresIn: number,
) {
  const { sub, aal } = signer.claims
  const token = await keys.signUrlToken(
    { url: `${bucket}/${key}`, scope: UPLOAD_SCOPE, upsert, role: signer.role, sub, aal },
    expiresIn,
  )
  return { url: `/object/upload/sign/${bucket}/${key}?token=${token}`, token }
}

/** The signer and upsert choice of a valid upload token for exactly this path. */
export async function requireSignedUploadToken(keys: JwtKeys, token: string | undefined, bucket: string, key: string) {
  const { caller, payload } = await verifiedSigner(keys, token, bucket, key, UPLOAD_SCOPE)
  return { caller, upsert: payload.upsert === true }
}

/** The signer a valid token names; throws the error Storage gives for a missing, broken, expired or misdirected token. */
export async function requireSignedToken(
  keys: JwtKeys,
  token: string | undefined,
  bucket: string,
  key: string,
): Promise<Caller> {
  return (await verifiedSigner(keys, token, bucket, key, SCOPE)).caller
}

/** The signer and the payload (its `transformations`, its expiry) of a valid download token for this path. */
export function requireSignedRenderToken(keys: JwtKeys, token: string | undefined, bucket: string, key: string) {
  return verifiedSigner(keys, token, bucket, key, SCOPE)
}

async function verifiedSigner(keys: JwtKeys, token: string | undefined, bucket: string, key: string, scope: string) {
  if (!token) throw storageErrors.invalidRequest("querystring must have required property 'token'")
  const result = await keys.verifyUrlToken(token)
  if (!result.ok) {
    if (result.reason === 'expired') throw storageErrors.expiredToken()
    throw storageErrors.invalidJwt(result.message)
  }
  const { url, exp, role, sub, aal, view_as, view_as_id } = result.payload
  // Only a URL token of this scope (a download token cannot upload), for exactly this object, with
  // an expiry and a signer, counts.
  if (scope === UPLOAD_SCOPE && result.payload.scope !== scope)
    throw storageErrors.invalidSignature('Token is not scoped for upload')
  if (
    url !== `${bucket}/${key}` ||
    result.payload.scope !== scope ||
    typeof exp !== 'number' ||
    !ROLES.includes(role as DbRole)
  )
    throw storageErrors.invalidSignature()
  const subject = typeof sub === 'string' && sub !== '' ? sub : null
  const claims = {
    role: role as DbRole,
    ...(subject ? { sub: subject } : {}),
    ...(aal ? { aal } : {}),
    ...(isViewAs(result.payload) ? { view_as, view_as_id } : {}),
  }
  const caller: Caller = { role: role as DbRole, claims, owner: isUuid(subject) ? subject : null, ownerId: subject }
  return { caller, payload: result.payload }
}
