// The preview's access token, signed the way Supabase Auth signs its own: with an asymmetric
// signing key the project trusts (ES256 or RS256, a private JWK with its kid), which the function
// gets as the secret VIEW_AS_SIGNING_KEY. On Supabase that is a key imported into the project and
// in use (Supabase verifies it as its own); on our server, its own first key of JWT_SIGNING_KEYS.
import { SignJWT, importJWK, type CryptoKey, type JWK } from 'jose'
import { z } from 'zod'

const member = z.string().min(1).max(2000)

/** base64url of a byte string, and back (atob/btoa exist on Deno and Node alike). */
const fromBase64Url = (value: string) => atob(value.replace(/-/g, '+').replace(/_/g, '/'))
const toBase64Url = (bytes: string) => btoa(bytes).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')

/**
 * `supabase gen signing-key` writes P-256 members as big integers, so about one key in a hundred
 * has one shorter than the 32 bytes WebCrypto requires: pad it back with leading zero bytes.
 */
const p256Member = member.transform((value, ctx) => {
  let bytes: string
  try {
    bytes = fromBase64Url(value)
  } catch {
    ctx.addIssue({ code: 'custom', message: 'is not base64url' })
    return z.NEVER
  }
  return bytes.length < 32 ? toBase64Url('\0'.repeat(32 - bytes.length) + bytes) : value
})

const kid = z.string().min(1).max(200)
const ecKey = z.looseObject({
  kty: z.literal('EC'),
  crv: z.literal('P-256'),
  alg: z.literal('ES256').default('ES256'),
  kid,
  x: p256Member,
  y: p256Member,
  d: p256Member,
})
const rsaKey = z.looseObject({
  kty: z.literal('RSA'),
  alg: z.literal('RS256').default('RS256'),
  kid,
  n: member,
  e: member,
  d: member,
})
const privateKey = z.discriminatedUnion('kty', [ecKey, rsaKey])

/** The key as Supabase's CLI writes it: one JWK, or an array of them (the first with a private part). */
const signingKeySetting = z
  .string()
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be a private JWK (JSON)' })
      return z.NEVER
    }
  })
  .transform((value) =>
    Array.isArray(value)
      ? (value.find((key) => typeof key === 'object' && key !== null && 'd' in key) ?? value[0])
      : value,
  )
  .pipe(privateKey)

export interface TokenSigner {
  kid: string
  /** False when the key does not import (a private part that is not a key): the feature is then off. */
  usable(): Promise<boolean>
  sign(claims: Record<string, unknown>): Promise<string>
}

/**
 * The signer for VIEW_AS_SIGNING_KEY, or null when it is not set (the feature is then off). A key
 * that is set but unusable stops the function at start, naming the setting.
 */
export function tokenSigner(setting: string | undefined): TokenSigner | null {
  if (setting === undefined || setting.trim() === '') return null
  const parsed = signingKeySetting.safeParse(setting)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw new Error(
      `VIEW_AS_SIGNING_KEY ${issue?.path.join('.') ?? ''} ${issue?.message ?? 'is not a signing key'}`.trim(),
    )
  }
  const jwk = parsed.data
  // Supabase's key_ops name both halves' operations, which a private key alone cannot do.
  const key: Promise<CryptoKey | Uint8Array> = importJWK({ ...jwk, key_ops: ['sign'], ext: false } as JWK, jwk.alg)
  const usable = key.then(
    () => true,
    () => false,
  )
  return {
    kid: jwk.kid,
    usable: () => usable,
    async sign(claims) {
      return new SignJWT(claims).setProtectedHeader({ alg: jwk.alg, kid: jwk.kid, typ: 'JWT' }).sign(await key)
    },
  }
}

/** VIEW_AS_EXPIRY: the preview's lifetime in seconds (60 to 7200, 1200 when unset). */
export function previewLifetime(setting: string | undefined): number {
  if (setting === undefined || setting.trim() === '') return 1200
  const seconds = Number(setting)
  if (!Number.isInteger(seconds) || seconds < 60 || seconds > 7200)
    throw new Error('VIEW_AS_EXPIRY must be a whole number of seconds from 60 to 7200')
  return seconds
}

/** The claims of a JWT, unverified: only for tokens the database has just accepted, or to refuse. */
export function unverifiedClaims(token: string): Record<string, unknown> {
  try {
    const payload = token.split('.')[1] ?? ''
    const text = new TextDecoder().decode(Uint8Array.from(fromBase64Url(payload), (c) => c.charCodeAt(0)))
    const claims = JSON.parse(text) as unknown
    return typeof claims === 'object' && claims !== null && !Array.isArray(claims)
      ? (claims as Record<string, unknown>)
      : {}
  } catch {
    return {}
  }
}
