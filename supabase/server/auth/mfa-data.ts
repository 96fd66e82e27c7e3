// auth.mfa_factors and auth.mfa_challenges as data. Only verified factors count towards a
// user's assurance level; unverified ones are enrolment leftovers and expire.
import type { Queryable } from '../db/database'

export interface FactorRow {
  id: string
  user_id: string
  friendly_name: string | null
  factor_type: string
  status: 'verified' | 'unverified'
  secret: string
  last_totp_step: string | number | null
  created_at: Date | string
  updated_at: Date | string
  last_challenged_at: Date | string | null
  /** A passkey's credential record once verified, as GoTrue stores it (webauthn-data.ts). */
  web_authn_credential: unknown
  web_authn_aaguid: string | null
}

const isoOf = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString())

/** A factor as GoTrue lists it in `user.factors` and the admin API (never with its secret). */
export function factorJson(factor: FactorRow) {
  return {
    id: factor.id,
    friendly_name: factor.friendly_name ?? '',
    factor_type: factor.factor_type,
    status: factor.status,
    created_at: isoOf(factor.created_at),
    updated_at: isoOf(factor.updated_at),
    last_challenged_at: isoOf(factor.last_challenged_at),
    // GoTrue's omitempty: only a verified passkey whose authenticator named its model has one.
    ...(factor.web_authn_aaguid ? { web_authn_aaguid: factor.web_authn_aaguid } : {}),
  }
}

export interface ChallengeRow {
  id: string
  factor_id: string
  created_at: Date | string
  verified_at: Date | string | null
  ip_address: string | null
  /** A WebAuthn ceremony's challenge and expectations (webauthn-data.ts). */
  web_authn_session_data: unknown
}

export async function hasVerifiedFactor(q: Queryable, userId: string): Promise<boolean> {
  const { rows } = await q.query(`select 1 from auth.mfa_factors where user_id = $1 and status = 'verified' limit 1`, [
    userId,
  ])
  return rows.length > 0
}

export async function factorsOf(q: Queryable, userId: string): Promise<FactorRow[]> {
  return (await q.query<FactorRow>('select * from auth.mfa_factors where user_id = $1 order by created_at', [userId]))
    .rows
}

export async function findFactor(
  q: Queryable,
  userId: string,
  id: string,
  forUpdate = false,
): Promise<FactorRow | undefined> {
  const { rows } = await q.query<FactorRow>(
    `select * from auth.mfa_factors where id = $1 and user_id = $2${forUpdate ? ' for update' : ''}`,
    [id, userId],
  )
  return rows[0]
}

export async function deleteStaleUnverifiedFactors(q: Queryable, userId: string, olderThan: Date): Promise<void> {
  await q.query(`delete from auth.mfa_factors where user_id = $1 and status = 'unverified' and created_at < $2`, [
    userId,
    olderThan,
  ])
}

export async function insertFactor(
  q: Queryable,
  factor: {
    id: string
    userId: string
    friendlyName: string | null
    type: 'totp' | 'webauthn'
    secret: string
    now: Date
  },
): Promise<void> {
  await q.query(
    `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, secret, created_at, updated_at)
     values ($1, $2, $3, $4, 'unverified', $5, $6, $6)`,
    [factor.id, factor.userId, factor.friendlyName, factor.type, factor.secret, factor.now],
  )
}

export async function insertChallenge(
  q: Queryable,
  challenge: { id: string; factorId: string; ip: string; now: Date; webAuthn?: object },
) {
  await q.query(
    `insert into auth.mfa_challenges (id, factor_id, created_at, ip_address, web_authn_session_data)
     values ($1, $2, $3, $4, $5::jsonb)`,
    [
      challenge.id,
      challenge.factorId,
      challenge.now,
      challenge.ip,
      challenge.webAuthn ? JSON.stringify(challenge.webAuthn) : null,
    ],
  )
  await q.query('update auth.mfa_factors set last_challenged_at = $2 where id = $1', [
    challenge.factorId,
    challenge.now,
  ])
}

export async function findChallenge(q: Queryable, factorId: string, id: string): Promise<ChallengeRow | undefined> {
  const { rows } = await q.query<ChallengeRow>(
    'select * from auth.mfa_challenges where id = $1 and factor_id = $2 for update',
    [id, factorId],
  )
  return rows[0]
}

/** The method a session's `amr` names for a factor of this type, as GoTrue records it. */
export const amrMethodOf = (factorType: string): 'totp' | 'mfa/webauthn' =>
  factorType === 'webauthn' ? 'mfa/webauthn' : 'totp'

/** Removes a factor; sessions that reached aal2 with it fall back to aal1. */
export async function deleteFactor(q: Queryable, factor: Pick<FactorRow, 'id' | 'factor_type'>): Promise<void> {
  const { rows } = await q.query<{ id: string }>(
    `update auth.sessions set aal = 'aal1', factor_id = null where factor_id = $1 returning id`,
    [factor.id],
  )
  for (const { id } of rows) {
    await q.query(`delete from auth.mfa_amr_claims where session_id = $1 and authentication_method = $2`, [
      id,
      amrMethodOf(factor.factor_type),
    ])
  }
  await q.query('delete from auth.mfa_factors where id = $1', [factor.id])
}
