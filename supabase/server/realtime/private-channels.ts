// Private channels are authorized by the project's policies on realtime.messages, as Realtime
// does it (reference §11.4): a probe row per extension, then the caller's role, claims and
// `realtime.topic` set for the transaction; reading the probe back grants read, inserting one as
// the caller grants write. Every probe is rolled back.
import { isPgError, type Database } from '../db/database'
import type { DbRole } from '../db/request-context'
import type { JwtPayload } from '../lib/jwt'

export type Extension = 'broadcast' | 'presence'

class Rollback extends Error {
  constructor(readonly value: unknown) {
    super('rollback')
  }
}

const identitySql = `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
  set_config('request.jwt.claim.sub', $3, true), set_config('request.jwt.claim.role', $1, true),
  set_config('realtime.topic', $4, true)`

const identity = (role: DbRole, claims: JwtPayload, topic: string) => [
  role,
  JSON.stringify(claims),
  typeof claims.sub === 'string' ? claims.sub : '',
  topic,
]

async function rolledBack<T>(db: Database, fn: Parameters<Database['transaction']>[0]): Promise<T> {
  try {
    await db.transaction(async (tx) => {
      throw new Rollback(await fn(tx))
    })
  } catch (error) {
    if (error instanceof Rollback) return error.value as T
    throw error
  }
  throw new Error('unreachable')
}

/** The extensions (of those asked) the caller may read on `topic`. */
export function readableExtensions(
  db: Database,
  role: DbRole,
  claims: JwtPayload,
  topic: string,
  extensions: Extension[],
): Promise<Set<Extension>> {
  return rolledBack(db, async (tx) => {
    const { rows: probes } = await tx.query<{ id: string }>(
      `insert into realtime.messages (topic, extension, private) select $1, e, true from unnest($2::text[]) e returning id`,
      [topic, extensions],
    )
    await tx.query(identitySql, identity(role, claims, topic))
    const { rows } = await tx.query<{ extension: Extension }>(
      'select extension from realtime.messages where id = any($1::uuid[])',
      [probes.map((probe) => probe.id)],
    )
    return new Set(rows.map((row) => row.extension))
  })
}

/** Whether the caller may send `extension` messages on `topic`. */
export function mayWrite(db: Database, role: DbRole, claims: JwtPayload, topic: string, extension: Extension) {
  return rolledBack<boolean>(db, async (tx) => {
    await tx.query(identitySql, identity(role, claims, topic))
    try {
      await tx.query(`insert into realtime.messages (topic, extension, private) values ($1, $2, true)`, [
        topic,
        extension,
      ])
      return true
    } catch (error) {
      if (isPgError(error) && error.code === '42501') return false
      throw error
    }
  })
}
