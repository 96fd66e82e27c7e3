// A user row as GoTrue's User JSON: identities always present, MFA factors only when there are
// some, empty optional timestamps left out (Go's omitempty).
import type { Queryable } from '../db/database'
import { factorJson, factorsOf } from './mfa-data'
import { iso, type Json, type UserRow } from './users'

type Timestamp = Date | string | null

interface IdentityRow {
  id: string
  provider_id: string
  user_id: string
  identity_data: Json
  provider: string
  last_sign_in_at: Timestamp
  created_at: Timestamp
  updated_at: Timestamp
  email: string | null
}

/** GoTrue omits empty optional timestamps (`omitempty`). */
function presentTimestamps(entries: Record<string, Timestamp>): Record<string, string> {
  const present: Record<string, string> = {}
  for (const [key, value] of Object.entries(entries)) {
    const text = iso(value)
    if (text) present[key] = text
  }
  return present
}

/** The User object exactly as GoTrue serialises it (empty optional fields left out). */
export async function userJson(q: Queryable, user: UserRow): Promise<Json> {
  const identities = await q.query<IdentityRow>(
    'select * from auth.identities where user_id = $1 order by created_at',
    [user.id],
  )
  const factors = await factorsOf(q, user.id)
  return {
    id: user.id,
    aud: user.aud ?? 'authenticated',
    role: user.role ?? 'authenticated',
    email: user.email ?? '',
    phone: user.phone ?? '',
    // A pending e-mail change (secure change: confirmed from both addresses before it applies).
    ...(user.email_change ? { new_email: user.email_change } : {}),
    ...presentTimestamps({
      email_change_sent_at: user.email_change ? (user.email_change_sent_at ?? null) : null,
      email_confirmed_at: user.email_confirmed_at,
      phone_confirmed_at: user.phone_confirmed_at,
      confirmed_at: user.email_confirmed_at ?? user.phone_confirmed_at,
      confirmation_sent_at: user.confirmation_sent_at,
      recovery_sent_at: user.recovery_sent_at,
      invited_at: user.invited_at,
      last_sign_in_at: user.last_sign_in_at,
    }),
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    identities: identities.rows.map((identity) => ({
      identity_id: identity.id,
      id: identity.provider_id,
      user_id: identity.user_id,
      identity_data: identity.identity_data,
      provider: identity.provider,
      last_sign_in_at: iso(identity.last_sign_in_at),
      created_at: iso(identity.created_at),
      updated_at: iso(identity.updated_at),
      email: identity.email ?? undefined,
    })),
    ...(factors.length > 0 && { factors: factors.map(factorJson) }),
    created_at: iso(user.created_at),
    updated_at: iso(user.updated_at),
    ...presentTimestamps({ banned_until: user.banned_until, deleted_at: user.deleted_at }),
    is_anonymous: user.is_anonymous,
  }
}
