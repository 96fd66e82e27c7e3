// Asymmetric signing keys for access tokens, as Supabase issues them now: a list of private JWKs
// (ES256 or RS256, each with a `kid`). The first one signs; every one verifies, so a rotation is
// "put the new key first, keep the old one until its tokens have expired, then remove it". A key
// given without its private part (`d`) only verifies. Only the public halves are ever published.
// Keys are taken as `supabase gen signing-key` writes them (`use`, `key_ops`, `ext`, coordinates
// without their leading zero bytes), and one that cannot do its job is refused at start-up.
import { createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto'
import { z } from 'zod'

export type SigningAlg = 'ES256' | 'RS256'

export interface SigningJwk {
  kty: 'EC' | 'RSA'
  kid: string
  alg: SigningAlg
  [member: string]: unknown
}

/**
 * The Go CLI writes P-256 coordinates as big integers, so about one key in a hundred has a member
 * shorter than the 32 bytes RFC 7518 asks for, which Node and WebCrypto refuse: pad it back.
 */
const p256Member = z
  .string()
  .min(1)
  .transform((value) => {
    const bytes = Buffer.from(value, 'base64url')
    return bytes.length > 0 && bytes.length < 32
      ? Buffer.concat([Buffer.alloc(32 - bytes.length), bytes]).toString('base64url')
      : value
  })

/** What Supabase writes beside the key itself; `use` and `key_ops` are checked below. */
const supabaseMembers = {
  use: z.string().optional(),
  key_ops: z.array(z.string()).optional(),
}

const ecKey = z.looseObject({
  kty: z.literal('EC'),
  crv: z.literal('P-256'),
  alg: z.literal('ES256').default('ES256'),
  kid: z.string().min(1).max(200),
  x: p256Member,
  y: p256Member,
  d: p256Member.optional(),
  ...supabaseMembers,
})
const rsaKey = z.looseObject({
  kty: z.literal('RSA'),
  alg: z.literal('RS256').default('RS256'),
  kid: z.string().min(1).max(200),
  n: z.string().min(300, 'an RSA key of at least 2048 bits'),
  e: z.string().min(1),
  d: z.string().min(1).optional(),
  ...supabaseMembers,
})

type ParsedKey = z.infer<typeof ecKey> | z.infer<typeof rsaKey>

/** JWT_SIGNING_KEYS: a JSON array of JWKs; the first must be able to sign, kids unique. */
export const signingKeysSchema = z
  .string()
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be a JSON array of JWKs' })
      return z.NEVER
    }
  })
  .pipe(z.array(z.discriminatedUnion('kty', [ecKey, rsaKey])).min(1, 'needs at least one key'))
  .superRefine((keys, ctx) => {
    keys.forEach((key, index) => {
      const problem = keyProblem(key, index === 0)
      if (problem) ctx.addIssue({ code: 'custom', path: [index], message: `key "${key.kid}" ${problem}` })
    })
    const kids = keys.map((key) => key.kid)
    if (new Set(kids).size !== kids.length) ctx.addIssue({ code: 'custom', message: 'every key needs its own kid' })
  })
  .transform((keys) => keys as SigningJwk[])

/** Why a key cannot take its place in the list (the first signs, every one verifies), if it cannot. */
function keyProblem(key: ParsedKey, signs: boolean): string | undefined {
  if (key.use !== undefined && key.use !== 'sig') return `has use "${key.use}"; a signing key has use "sig"`
  if (key.key_ops && !key.key_ops.includes('verify'))
    return `has key_ops ${JSON.stringify(key.key_ops)} without "verify"; every key verifies tokens`
  if (signs) {
    const why = 'the first key signs access tokens (put a key that can sign first)'
    if (!key.d) return `has no private part (d): ${why}`
    if (key.key_ops && !key.key_ops.includes('sign'))
      return `has key_ops ${JSON.stringify(key.key_ops)} without "sign": ${why}`
  }
  let publicKey: KeyObject
  try {
    publicKey = createPublicKey({ key: publicMembersOf(key), format: 'jwk' })
  } catch {
    return 'is not a valid public key'
  }
  if (!signs) return undefined
  // A trial signature: a private part that does not import, or does not match the public one,
  // would otherwise surface as a 500 on the first sign-in, or as tokens nobody can verify.
  const probe = Buffer.from('cauce signing-key check')
  const options = key.kty === 'EC' ? { dsaEncoding: 'ieee-p1363' as const } : {}
  try {
    const privateKey = createPrivateKey({ key: key as { kty: string }, format: 'jwk' })
    const signature = sign('sha256', probe, { key: privateKey, ...options })
    if (verify('sha256', probe, { key: publicKey, ...options }, signature)) return undefined
  } catch {
    // reported below
  }
  return 'cannot sign: its private part is not a valid key for its public part'
}

const publicMembers: Record<SigningJwk['kty'], readonly string[]> = {
  EC: ['kty', 'crv', 'x', 'y'],
  RSA: ['kty', 'n', 'e'],
}

function publicMembersOf(key: { kty: SigningJwk['kty'] } & Record<string, unknown>) {
  return Object.fromEntries(publicMembers[key.kty].map((name) => [name, key[name]])) as { kty: string }
}

/** The public half of a key, in the shape GoTrue's /.well-known/jwks.json lists it. */
export function publicJwk(key: SigningJwk): Record<string, unknown> {
  return { ...publicMembersOf(key), kid: key.kid, alg: key.alg, use: 'sig', key_ops: ['verify'], ext: true }
}

/**
 * The private key as it is imported to sign: Supabase's `key_ops` name both operations of the key
 * pair, which a private key alone cannot do (WebCrypto refuses to import it), so it is told to sign.
 */
export function privateJwk(key: SigningJwk): Record<string, unknown> {
  return { ...key, key_ops: ['sign'], ext: false }
}
