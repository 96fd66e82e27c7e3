// Runs SQL as one of the portal's actors, exactly as the APIs do (withRequestContext: the role
// and JWT claims set in one transaction), and reports the outcome instead of throwing. `tryAs`
// always rolls back, so every case of a matrix starts from the same seeded data.
import { isPgError, type Database, type Queryable } from '../../../supabase/server/db/database'
import { withRequestContext, type RequestContext } from '../../../supabase/server/db/request-context'
import { randomUUID } from 'node:crypto'
import { objectPath, organizations, projects, users } from './seed-ids'

export type Actor = 'anon' | 'clientA' | 'clientB' | 'admin' | 'superAdmin'
export const actorList: Actor[] = ['anon', 'clientA', 'clientB', 'admin', 'superAdmin']

/** Who plays each actor: client A is Lucía (Almacenes Ribera), client B is Daniel (Kuntur Pay). */
export const actorUser: Record<Exclude<Actor, 'anon'>, string> = {
  clientA: users.lucia,
  clientB: users.daniel,
  admin: users.admin,
  superAdmin: users.superAdmin,
}

/** A user by id; `claims` adds to (or overrides) what GoTrue would put in the token, e.g. `session_id`. */
export interface UserActor {
  sub: string
  aal?: 'aal1' | 'aal2'
  claims?: Record<string, unknown>
}

export function contextFor(actor: Actor | UserActor | 'service_role'): RequestContext {
  if (actor === 'anon') return { role: 'anon', claims: { role: 'anon' } }
  if (actor === 'service_role') return { role: 'service_role', claims: { role: 'service_role' } }
  const { sub, aal, claims } = typeof actor === 'string' ? { sub: actorUser[actor] } : actor
  return {
    role: 'authenticated',
    claims: { sub, role: 'authenticated', aud: 'authenticated', ...(aal ? { aal } : {}), ...claims },
  }
}

export type Row = Record<string, unknown>
export type Outcome =
  { ok: true; rows: Row[]; affected: number } | { ok: false; code: string; message: string; constraint?: string }

class Rollback extends Error {
  constructor(readonly outcome: Outcome) {
    super('rollback')
  }
}

async function attempt(tx: Queryable, sql: string, params: readonly unknown[]): Promise<Outcome> {
  try {
    const result = await tx.query<Row>(sql, params)
    return { ok: true, rows: result.rows, affected: result.affectedRows }
  } catch (error) {
    if (!isPgError(error)) throw error
    return { ok: false, code: error.code, message: error.message, constraint: error.constraint }
  }
}

/**
 * Runs one statement as the actor and rolls everything back. `before` runs first in the same
 * transaction, e.g. the setting the Storage API sets before it deletes objects.
 */
export async function tryAs(
  db: Database,
  actor: Parameters<typeof contextFor>[0],
  sql: string,
  params: readonly unknown[] = [],
  before?: string,
): Promise<Outcome> {
  try {
    await withRequestContext(db, contextFor(actor), async (tx) => {
      if (before) await tx.query(before)
      throw new Rollback(await attempt(tx, sql, params))
    })
  } catch (error) {
    if (error instanceof Rollback) return error.outcome
    throw error
  }
  throw new Error('unreachable: tryAs always rolls back')
}

/** Runs `fn` as the actor and commits (for trigger tests that look at the result afterwards). */
export function as<T>(db: Database, actor: Parameters<typeof contextFor>[0], fn: (tx: Queryable) => Promise<T>) {
  return withRequestContext(db, contextFor(actor), fn)
}

/** Staff share a new document (no file behind it) in Almacenes Ribera's dashboard project, notifying its clients. */
export function shareRiberaDocument(db: Database, name: string) {
  return as(db, 'admin', (tx) =>
    tx.query(
      `insert into public.documents (project_id, name, storage_path, mime_type, visible_to_client)
       values ($1, $2, $3, 'application/pdf', true)`,
      [
        projects.riberaDashboard,
        name,
        objectPath(organizations.ribera, projects.riberaDashboard, `${randomUUID()}.pdf`),
      ],
    ),
  )
}
