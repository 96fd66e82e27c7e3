// Asymmetric signing keys for access tokens, as Supabase issues them now: a list of private JWKs
// (ES256 or RS256, each with a `kid`). The first one signs; every one verifies, so a rotation is
// "put the new key first, keep the old one until its tokens have expired, then remove it". A key
// given without its private part (`d`) only verifies. Only the public halves are ever published.
import { z } from 'zod'

export type SigningAlg = 'ES256' | 'RS256'

export interface SigningJwk {
  kty: 'EC' | 'RSA'
  kid: string
  alg: SigningAlg
  [member: string]: unknown
}

const ecKey = z.looseObject({
  kty: z.literal('EC'),
  crv: z.literal('P-256'),
  alg: z.literal('ES256').default('ES256'),
  kid: z.string().min(1).max(200),
  x: z.string().min(1),
  y: z.string().min(1),
  d: z.string().min(1).optional(),
})
const rsaKey = z.looseObject({
  kty: z.literal('RSA'),
  alg: z.literal('RS256').default('RS256'),
  kid: z.string().min(1).max(200),
  n: z.string().min(300, 'an RSA key of at least 2048 bits'),
  e: z.string().min(1),
  d: z.string().min(1).optional(),
})

/** JWT_SIGNING_KEYS: a JSON array of JWKs; the first must be private (it signs), kids unique. */
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
    if (!keys[0]?.d) ctx.addIssue({ code: 'custom', message: 'the first key signs, so it needs its private part (d)' })
    const kids = keys.map((key) => key.kid)
    if (new Set(kids).size !== kids.length) ctx.addIssue({ code: 'custom', message: 'every key needs its own kid' })
  })
  .transform((keys) => keys as SigningJwk[])

const publicMembers: Record<SigningJwk['kty'], readonly string[]> = {
  EC: ['kty', 'crv', 'x', 'y'],
  RSA: ['kty', 'n', 'e'],
}

/** The public half of a key, in the shape GoTrue's /.well-known/jwks.json lists it. */
export function publicJwk(key: SigningJwk): Record<string, unknown> {
  const members = Object.fromEntries(publicMembers[key.kty].map((name) => [name, key[name]]))
  return { ...members, kid: key.kid, alg: key.alg, use: 'sig', key_ops: ['verify'], ext: true }
}
