// Archiving a project (20261122002000_projects_archive.sql): staff set archived_at, the database
// stamps its own time and keeps it while the project stays archived, unarchiving clears it;
// clients cannot archive, and they still read an archived project of their organization.
import { expect, it } from 'vitest'
import { describeEachDatabase, useTestServer } from '../support/server'
import { as, tryAs } from '../rls/run-as'
import { projects } from '../rls/seed-ids'

describeEachDatabase('project archive on %s', (kind) => {
  const server = useTestServer(kind)

  const archivedAt = async (id: string) =>
    (
      await server.deps.db.query<{ archived_at: Date | string | null }>(
        'select archived_at from public.projects where id = $1',
        [id],
      )
    ).rows[0]!.archived_at

  it('adds a nullable archived_at that is null for every seeded project', async () => {
    const { rows } = await server.deps.db.query<{ n: number }>(
      'select count(*)::int as n from public.projects where archived_at is not null',
    )
    expect(rows[0]!.n).toBe(0)
  })

  it("stamps the database's time when staff archive, keeps it, and clears it on unarchive", async () => {
    const id = projects.riberaPlatform
    const before = Date.now()
    await as(server.deps.db, 'admin', (tx) =>
      tx.query(`update public.projects set archived_at = '2000-01-01T00:00:00Z' where id = $1`, [id]),
    )
    const first = await archivedAt(id)
    expect(first).not.toBeNull()
    expect(new Date(first!).getTime()).toBeGreaterThanOrEqual(before - 60_000)

    await as(server.deps.db, 'superAdmin', (tx) =>
      tx.query(`update public.projects set archived_at = now() + interval '1 day' where id = $1`, [id]),
    )
    expect(new Date((await archivedAt(id))!).getTime()).toBe(new Date(first!).getTime())

    await as(server.deps.db, 'admin', (tx) =>
      tx.query('update public.projects set archived_at = null where id = $1', [id]),
    )
    expect(await archivedAt(id)).toBeNull()
  })

  it('records archiving in the activity log as a change of archived_at', async () => {
    const id = projects.riberaLoyalty
    await as(server.deps.db, 'admin', (tx) =>
      tx.query('update public.projects set archived_at = now() where id = $1', [id]),
    )
    const { rows } = await server.deps.db.query<{ summary: { changed?: string[] } }>(
      `select summary from public.activity_log where entity_id = $1 and action = 'update' order by id desc limit 1`,
      [id],
    )
    expect(rows[0]!.summary.changed).toEqual(['archived_at'])
    await as(server.deps.db, 'admin', (tx) =>
      tx.query('update public.projects set archived_at = null where id = $1', [id]),
    )
  })

  it('does not let a client archive a project of their organization', async () => {
    const outcome = await tryAs(
      server.deps.db,
      'clientA',
      'update public.projects set archived_at = now() where id = $1 returning id',
      [projects.riberaDashboard],
    )
    expect(outcome).toMatchObject({ ok: true, affected: 0 })
    expect(await archivedAt(projects.riberaDashboard)).toBeNull()
  })

  it('keeps an archived project, and its shared documents, readable to its client and hidden from others', async () => {
    const id = projects.riberaDashboard
    await as(server.deps.db, 'admin', (tx) =>
      tx.query('update public.projects set archived_at = now() where id = $1', [id]),
    )
    const outcome = await tryAs(
      server.deps.db,
      'clientA',
      `select p.id, p.archived_at is not null as archived,
              (select count(*)::int from public.documents d where d.project_id = p.id) as documents
       from public.projects p where p.id = $1`,
      [id],
    )
    const other = await tryAs(server.deps.db, 'clientB', 'select id from public.projects where id = $1', [id])
    await as(server.deps.db, 'admin', (tx) =>
      tx.query('update public.projects set archived_at = null where id = $1', [id]),
    )

    expect(outcome.ok).toBe(true)
    if (!outcome.ok) return
    expect(outcome.rows).toHaveLength(1)
    expect(outcome.rows[0]).toMatchObject({ id, archived: true })
    expect(outcome.rows[0]!.documents as number).toBeGreaterThan(0)
    expect(other).toMatchObject({ ok: true, rows: [] })
  })
})
