// auth.users as data: finding and creating accounts (with their e-mail identity), metadata
// merges, bans and the user's e-mail language.
import { randomUUID } from 'node:crypto'
import type { Queryable } from '../db/database'
import { metadataLocale, pageLocale } from '../../functions/_shared/mail/locale.ts'

export type Json = Record<string, unknown>
type Timestamp = Date | string | null

export interface UserRow {
  id: string
  aud: string | null
  role: string | null
  email: string | null
  encrypted_password: string | null
  email_confirmed_at: Timestamp
  invited_at: Timestamp
  confirmation_sent_at: Timestamp
  recovery_sent_at: Timestamp
  email_change?: string | null
  email_change_sent_at?: Timestamp
  reauthentication_sent_at?: Timestamp
  last_sign_in_at: Timestamp
  raw_app_meta_data: Json | null
  raw_user_meta_data: Json | null
  created_at: Timestamp
  updated_at: Timestamp
  phone: string | null
  phone_confirmed_at: Timestamp
  banned_until: Timestamp
  deleted_at: Timestamp
  is_anonymous: boolean
}

export function iso(value: Timestamp | undefined): string | undefined {
  if (value === null || value === undefined) return undefined
  return (value instanceof Date ? value : new Date(value)).toISOString()
}

export async function findUserById(q: Queryable, id: string, forUpdate = false): Promise<UserRow | undefined> {
  const { rows } = await q.query<UserRow>(`select * from auth.users where id = $1${forUpdate ? ' for update' : ''}`, [
    id,
  ])
  return rows[0]
}

export async function findUserByEmail(q: Queryable, email: string): Promise<UserRow | undefined> {
  const { rows } = await q.query<UserRow>(
    'select * from auth.users where lower(email) = lower($1) and deleted_at is null',
    [email],
  )
  return rows[0]
}

export interface NewUser {
  /** Chosen by the caller when the answer names it before the row exists (sign-up). */
  id?: string
  email: string
  passwordHash: string | null
  userMetadata: Json
  appMetadata?: Json
  confirmedAt: Date | null
  invitedAt?: Date | null
  role?: string
  now: Date
  /**
   * Sign-up and invitation copy the identity's keys (sub, email, *_verified) into the metadata,
   * as GoTrue does; the admin API stores the metadata it was given and nothing else.
   */
  identityKeysInMetadata?: boolean
}

/** Inserts the user and its e-mail identity. */
export async function insertUser(q: Queryable, user: NewUser): Promise<string> {
  const id = user.id ?? randomUUID()
  const identityData =
    user.identityKeysInMetadata === false
      ? user.userMetadata
      : { ...user.userMetadata, sub: id, email: user.email, email_verified: !!user.confirmedAt, phone_verified: false }
  const appMetadata = { ...user.appMetadata, provider: 'email', providers: ['email'] }
  await q.query(
    `insert into auth.users (id, aud, role, email, encrypted_password, email_confirmed_at, invited_at,
        raw_app_meta_data, raw_user_meta_data, created_at, updated_at, is_anonymous)
     values ($1, 'authenticated', $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb, $9, $9, false)`,
    [
      id,
      user.role ?? 'authenticated',
      user.email,
      user.passwordHash,
      user.confirmedAt,
      user.invitedAt ?? null,
      JSON.stringify(appMetadata),
      JSON.stringify(identityData),
      user.now,
    ],
  )
  await q.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
     values ($1, $2, $3::jsonb, 'email', $4, $4)`,
    [
      id,
      id,
      JSON.stringify({ sub: id, email: user.email, email_verified: !!user.confirmedAt, phone_verified: false }),
      user.now,
    ],
  )
  return id
}

/** GoTrue's metadata update: keys are merged, a null value removes the key. */
export function mergeMetadata(current: Json | null, changes: Json): Json {
  const merged: Json = { ...current }
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) delete merged[key]
    else merged[key] = value
  }
  return merged
}

export function isBanned(user: UserRow, now: number): boolean {
  return user.banned_until !== null && new Date(user.banned_until).getTime() > now
}

/**
 * The language of the user's e-mails: `user_metadata.locale` (kept equal to the profile's by a
 * trigger) when it names one, else `fallback` (the language of the page that asked), else Spanish.
 */
export function localeOf(metadata: Json | null | undefined, fallback?: 'es' | 'en'): 'es' | 'en' {
  return metadataLocale(metadata) ?? fallback ?? 'es'
}

export { pageLocale }
