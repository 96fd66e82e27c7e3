// People the seed does not have, for the RLS files that need them: each file adds them to its own
// copy of the database, committed as the owner.
import type { Database } from '../../../supabase/server/db/database'
import { organizations } from './seed-ids'

/** A staff member with a verified TOTP factor. */
export const mfaStaff = 'a0000000-0000-4000-8000-0000000000f2'
/** A deactivated client of Almacenes Ribera. */
export const inactiveClient = 'c0000000-0000-4000-8000-0000000000f3'

/** Adds mfaStaff and inactiveClient; `alsoWithFactor` get the same verified factor as mfaStaff. */
export async function addMfaStaffAndInactiveClient(db: Database, alsoWithFactor: string[] = []) {
  await db.query(`insert into auth.users (id, email) values ($1, 'mfa.staff@caucedata.com')`, [mfaStaff])
  await db.query(`update public.profiles set role = 'admin' where id = $1`, [mfaStaff])
  await db.query(`insert into auth.users (id, email) values ($1, 'former.employee@example.com')`, [inactiveClient])
  await db.query(`update public.profiles set organization_id = $2, is_active = false where id = $1`, [
    inactiveClient,
    organizations.ribera,
  ])
  for (const user of [mfaStaff, ...alsoWithFactor])
    await db.query(
      `insert into auth.mfa_factors (user_id, friendly_name, status, secret) values ($1, 'phone', 'verified', 'JBSWY3DPEHPK3PXP')`,
      [user],
    )
}
