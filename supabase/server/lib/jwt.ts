// Signing and checking the JWTs that carry a request's role. Access tokens are signed with the
// first asymmetric key (ES256/RS256, with its `kid`), which any client can check against
// /auth/v1/.well-known/jwks.json; the legacy HS256 secret still verifies the anon and service-role
// keys and tokens minted with it. Never `alg: none`, never a public key taken as an HMAC secret
// (the algorithm decides which key is looked at).
//
// A signed Storage URL's token is not an access token: it is signed with a key of its own (derived
// from the secret, never accepted as a bearer) and a `typ` of its own, and `verify` refuses any
// token that looks like one, so a download or upload link opens its one object and nothing else.
import { createHmac } from 'node:crypto'
import {
  SignJWT,
  decodeProtectedHeader,
  errors,
  importJWK,
  jwtVerify,
  type CryptoKey,
  type JWTHeaderParameters,
} from 'jose'
import type { DbRole } from '../db/request-context'
import { privateJwk, publicJwk, type SigningJwk } from './signing-keys'
import { livenessKey } from './view-as'

export type JwtPayload = Record<string, unknown> & { role?: string; sub?: string; exp?: number }

export type TokenCheck =
  | { ok: true; role: DbRole; claims: Readonly<JwtPayload>; token: string | null }
  | { ok: false; reason: 'invalid' | 'expired' | 'role' | 'revoked'; message: string }

const apiRoles: readonly DbRole[] = ['anon', 'authenticated', 'service_role']

/** The `typ` of a signed Storage URL's token; an access token's is `JWT` (or none, as API keys). */
const urlTokenType = 'storage-url+jwt'
/** Claims that only URL tokens carry (also those signed with the access key before they had their own). */
const urlTokenClaims = ['url', 'scope'] as const

/**
 * Whether a verified token is an access token or an API key, and nothing else: the standard `typ`
 * (or none) and none of a URL token's claims. (Its session is asked in `checkRequest`.)
 */
function isAccessToken(header: JWTHeaderParameters, payload: JwtPayload): boolean {
  if (header.typ !== undefined && header.typ.toUpperCase() !== 'JWT') return false
  return !urlTokenClaims.some((claim) => claim in payload)
}

/** Verified tokens kept at most; the oldest is dropped first. */
const maxCachedTokens = 10_000

const invalidToken = {
  ok: false,
  reason: 'invalid',
  message: 'invalid JWT: unable to parse or verify signature',
} as const

export class JwtKeys {
  private readonly secret: Uint8Array
  /** Signs and verifies URL tokens only (HS256): derived from the secret, so it is never a bearer key. */
  private readonly urlKey: Uint8Array
  private readonly signer: SigningJwk
  private readonly imported = new Map<string, Promise<CryptoKey | Uint8Array>>()
  // A signature check costs more than the rest of a small REST read, and a client sends the same
  // access token for up to an hour: a verified token is remembered until it expires.
  private readonly verified = new Map<string, Readonly<JwtPayload>>()

  constructor(
    secret: string,
    /** JWT_SIGNING_KEYS, parsed: the first signs, all verify. */
    private readonly signingKeys: readonly SigningJwk[],
    /**
     * Whether a user token's session (or a preview's own id) still stands (lib/session-check.ts),
     * synchronously when the answer is remembered; without it, never asked.
     */
    private readonly sessionLive?: (id: string) => boolean | Promise<boolean>,
  ) {
    this.secret = new TextEncoder().encode(secret)
    this.urlKey = new Uint8Array(createHmac('sha256', this.secret).update('cauce-data storage URL tokens').digest())
    const signer = signingKeys[0]
    if (!signer?.d) throw new Error('The first signing key needs its private part')
    this.signer = signer
  }

  /** The public keys, as /auth/v1/.well-known/jwks.json publishes them. */
  jwks(): { keys: Record<string, unknown>[] } {
    return { keys: this.signingKeys.map(publicJwk) }
  }

  async sign(payload: JwtPayload, expiresInSeconds?: number): Promise<string> {
    const { alg, kid } = this.signer
    const jwt = new SignJWT(payload).setProtectedHeader({ alg, kid, typ: 'JWT' })
    // An access token names its own issue time (the auth clock's), so exp - iat is exactly its lifetime.
    if (payload.iat === undefined) jwt.setIssuedAt()
    if (expiresInSeconds !== undefined) jwt.setExpirationTime(Math.floor(Date.now() / 1000) + expiresInSeconds)
    return jwt.sign(await this.keyFor(this.signer, true))
  }

  private keyFor(jwk: SigningJwk, privatePart: boolean): Promise<CryptoKey | Uint8Array> {
    const id = `${privatePart ? 'private' : 'public'}:${jwk.kid}`
    let key = this.imported.get(id)
    if (!key) {
      key = importJWK(privatePart ? privateJwk(jwk) : publicJwk(jwk), jwk.alg)
      this.imported.set(id, key)
    }
    return key
  }

  /** The key that may have signed a token with this header, or an error (jose then fails the check). */
  private verificationKey = (header: JWTHeaderParameters): Promise<CryptoKey | Uint8Array> => {
    if (header.alg === 'HS256') return Promise.resolve(this.secret)
    const jwk = this.signingKeys.find((key) => key.kid === header.kid && key.alg === header.alg)
    if (!jwk) return Promise.reject(new errors.JWSSignatureVerificationFailed('unknown signing key'))
    return this.keyFor(jwk, false)
  }

  /** Whether a token names a key this server does not hold (for GoTrue's wording of the failure). */
  unknownKey(token: string): boolean {
    try {
      const { alg, kid } = decodeProtectedHeader(token)
      return alg !== 'HS256' && !this.signingKeys.some((key) => key.kid === kid && key.alg === alg)
    } catch {
      return false
    }
  }

  /**
   * The one check of a bearer (every API and the Realtime join come here): a valid signature by an
   * access key, not expired, and an access token or API key (never a URL token).
   */
  async verify(
    token: string,
  ): Promise<{ ok: true; payload: JwtPayload } | { ok: false; reason: 'invalid' | 'expired'; message: string }> {
    const cached = this.stillValid(token)
    if (cached) return { ok: true, payload: { ...cached } }
    try {
      const { payload, protectedHeader } = await jwtVerify(token, this.verificationKey, {
        algorithms: ['HS256', 'ES256', 'RS256'],
      })
      // The same answer as any bad token: holding a URL token tells a caller nothing more.
      if (!isAccessToken(protectedHeader, payload as JwtPayload)) return invalidToken
      this.remember(token, payload as JwtPayload)
      return { ok: true, payload: { ...(payload as JwtPayload) } }
    } catch (error) {
      if (error instanceof errors.JWTExpired) return { ok: false, reason: 'expired', message: 'JWT expired' }
      return invalidToken
    }
  }

  /** A URL token (`/object/sign/...?token=`) naming `payload`, good for `expiresInSeconds`. */
  signUrlToken(payload: JwtPayload, expiresInSeconds: number): Promise<string> {
    return new SignJWT(payload)
      .setProtectedHeader({ alg: 'HS256', typ: urlTokenType })
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + expiresInSeconds)
      .sign(this.urlKey)
  }

  /** The payload of a URL token this server signed, or why not; never accepts an access token. */
  async verifyUrlToken(
    token: string,
  ): Promise<{ ok: true; payload: JwtPayload } | { ok: false; reason: 'invalid' | 'expired'; message: string }> {
    try {
      const { payload } = await jwtVerify(token, this.urlKey, { algorithms: ['HS256'], typ: urlTokenType })
      if (typeof payload.exp !== 'number') return invalidToken
      return { ok: true, payload: payload as JwtPayload }
    } catch (error) {
      if (error instanceof errors.JWTExpired) return { ok: false, reason: 'expired', message: 'JWT expired' }
      return invalidToken
    }
  }

  /** The remembered payload of a token verified before and not expired since. */
  private stillValid(token: string): Readonly<JwtPayload> | undefined {
    const cached = this.verified.get(token)
    if (!cached) return undefined
    if (cached.exp === undefined || cached.exp > Date.now() / 1000) return cached
    this.verified.delete(token)
    return undefined
  }

  private remember(token: string, payload: JwtPayload) {
    if (this.verified.size >= maxCachedTokens) {
      const oldest = this.verified.keys().next().value
      if (oldest !== undefined) this.verified.delete(oldest)
    }
    this.verified.set(token, Object.freeze(payload))
  }

  /**
   * Whether verified claims still stand: their session exists (or, for a preview, the preview is
   * open); true for a token with neither (API keys), or when this server checks no sessions.
   */
  isLive(claims: Readonly<JwtPayload>): boolean | Promise<boolean> {
    const key = livenessKey(claims)
    return key === null || !this.sessionLive ? true : this.sessionLive(key)
  }

  /**
   * The role and claims of a request, from `Authorization: Bearer` or else the `apikey` header.
   * No token at all means anon, as PostgREST treats it.
   */
  async checkRequest(headers: { authorization?: string | null; apikey?: string | null }): Promise<TokenCheck> {
    const bearer = headers.authorization?.match(/^Bearer\s+(\S+)$/i)?.[1] ?? null
    const token = bearer ?? headers.apikey ?? null
    if (!token) return { ok: true, role: 'anon', claims: { role: 'anon' }, token: null }
    // Every request of a signed-in client passes here with the token it sent before: the remembered
    // payload (frozen) is read in place, with no copy and no await, and is itself the claims when it
    // names its role, so that its JSON can be remembered too (db/request-context.ts).
    let payload = this.stillValid(token)
    if (!payload) {
      const result = await this.verify(token)
      if (!result.ok) return result
      payload = result.payload
    }
    const role = payload.role ?? 'anon'
    if (!apiRoles.includes(role as DbRole))
      return { ok: false, reason: 'role', message: `role "${role}" does not exist` }
    // A signed-out (revoked) session's tokens, or an ended preview's, stop here, for every API that asks this.
    const live = this.isLive(payload)
    if (!(typeof live === 'boolean' ? live : await live))
      return { ok: false, reason: 'revoked', message: 'Session from session_id claim in JWT does not exist' }
    return { ok: true, role: role as DbRole, claims: payload.role === role ? payload : { ...payload, role }, token }
  }
}
