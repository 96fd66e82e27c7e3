// The settings every API transaction runs under, on each database and, on PostgreSQL, both with a
// direct connection (settings kept per connection) and through a transaction-mode pooler (none kept).
import { afterAll, describe, expect, inject, it } from 'vitest'
import type { Database } from '../../supabase/server/db/database'
import { openPostgres } from '../../supabase/server/db/postgres'
import { withRequestContext } from '../../supabase/server/db/request-context'
import { databaseKinds, describeEachDatabase, useTestServer } from './support/server'

const readSettings = `select current_user as role, current_setting('statement_timeout') as timeout,
  current_setting('transaction_read_only') as read_only, current_setting('request.jwt.claim.sub') as sub`

type Seen = { role: string; timeout: string; read_only: string; sub: string }

async function seen(db: Database, readOnly: boolean, claims: Record<string, unknown>): Promise<Seen> {
  const role = claims.role === 'authenticated' ? 'authenticated' : 'anon'
  return withRequestContext(db, { role, claims, readOnly }, async (tx) => (await tx.query<Seen>(readSettings)).rows[0]!)
}

describeEachDatabase('request context on %s', (kind) => {
  const server = useTestServer(kind)

  it("takes on the caller's role, claims and timeout, read-only only when asked", async () => {
    const sub = '00000000-0000-4000-8000-000000000001'
    const claims = Object.freeze({ role: 'authenticated', sub })
    expect(await seen(server.deps.db, true, claims)).toEqual({
      role: 'authenticated',
      timeout: '8s',
      read_only: 'on',
      sub,
    })
    // A read-only transaction leaves nothing behind on the connection the next one gets.
    for (let i = 0; i < 6; i++)
      expect(await seen(server.deps.db, false, { role: 'anon' })).toEqual({
        role: 'anon',
        timeout: '3s',
        read_only: 'off',
        sub: '',
      })
  })
})

describe.runIf(databaseKinds().includes('postgres'))('JIT on PostgreSQL', () => {
  const url = inject('postgresTemplateUrl') ?? ''
  const pools: Database[] = []
  afterAll(async () => {
    for (const pool of pools) await pool.close()
  })

  // A statement timeout cannot fire while LLVM compiles a large query (decision 0012).
  it.each([true, false])('is off in every API transaction (prepared statements: %s)', async (preparedStatements) => {
    const db = openPostgres(url, { max: 2, preparedStatements })
    pools.push(db)
    const jit = () =>
      withRequestContext(db, { role: 'anon', claims: { role: 'anon' } }, async (tx) => {
        return (await tx.query<{ jit: string }>(`select current_setting('jit') as jit`)).rows[0]?.jit
      })
    expect(await Promise.all([jit(), jit(), jit(), jit()])).toEqual(['off', 'off', 'off', 'off'])
    // Outside an API transaction, a pooled connection shows the server's default (on), so the
    // setting above is ours: per connection when direct, per transaction through a pooler.
    const outside = (await db.query<{ jit: string }>(`select current_setting('jit') as jit`)).rows[0]?.jit
    expect(outside).toBe(preparedStatements ? 'off' : 'on')
  })
})
