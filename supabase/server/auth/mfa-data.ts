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
  }
}

export interface ChallengeRow {
  id: string
  factor_id: string
  created_at: Date | string
  verified_at: Date | string | null
  ip_address: string | null
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
  factor: { id: string; userId: string; friendlyName: string | null; secret: string; now: Date },
): Promise<void> {
  await q.query(
    `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, secret, created_at, updated_at)
     values ($1, $2, $3, 'totp', 'unverified', $4, $5, $5)`,
    [factor.id, factor.userId, factor.friendlyName, factor.secret, factor.now],
  )
}

export async function insertChallenge(
  q: Queryable,
  challenge: { id: string; factorId: string; ip: string; now: Date },
) {
  await q.query('insert into auth.mfa_challenges (id, factor_id, created_at, ip_address) values ($1, $2, $3, $4)', [
    challenge.id,
    challenge.factorId,
    challenge.now,
    challenge.ip,
  ])
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

/** Removes a factor; sessions that reached aal2 with it fall back to aal1. */
export async function deleteFactor(q: Queryable, factorId: string): Promise<void> {
  const { rows } = await q.query<{ id: string }>(
    `update auth.sessions set aal = 'aal1', factor_id = null where factor_id = $1 returning id`,
    [factorId],
  )
  for (const { id } of rows) {
    await q.query(`delete from auth.mfa_amr_claims where session_id = $1 and authentication_method = 'totp'`, [id])
  }
  await q.query('delete from auth.mfa_factors where id = $1', [factorId])
}
