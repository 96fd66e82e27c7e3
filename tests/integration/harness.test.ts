// The test harness itself: a server on a copy of the golden database, reachable through
// supabase-js, with the caller's role applied in the database.
import { expect, it } from 'vitest'
import { describeEachDatabase, useTestServer } from './support/server'

describeEachDatabase('harness on %s', (kind) => {
  const server = useTestServer(kind)

  it('applies the platform bootstrap and records it', async () => {
    const { rows } = await server.deps.db.query<{ name: string }>('select name from _platform.applied order by name')
    expect(rows.map((row) => row.name)).toEqual(
      expect.arrayContaining(['platform/00-roles.sql', 'platform/10-auth.sql', 'platform/20-storage.sql']),
    )
  })

  it('knows the API roles', async () => {
    const { rows } = await server.deps.db.query<{ rolname: string; rolbypassrls: boolean }>(
      `select rolname, rolbypassrls from pg_roles where rolname in ('anon', 'authenticated', 'service_role') order by rolname`,
    )
    expect(rows).toEqual([
      { rolname: 'anon', rolbypassrls: false },
      { rolname: 'authenticated', rolbypassrls: false },
      { rolname: 'service_role', rolbypassrls: true },
    ])
  })
})
