// Rows remember when they changed and who changed them: updated_at moves on every update, and
// every create, update and delete of a project, document, report, metric or task leaves one
// activity row naming the actor (auth.uid()), the organization and project, a small summary and
// whether clients may see it; a no-op update leaves none; role changes are audited as internal.
import { expect, it } from 'vitest'
import { describeEachDatabase, useTestServer } from '../support/server'
import { as, tryAs } from '../rls/run-as'
import { documents, objectPath, organizations, projects, reports, tasks, users } from '../rls/seed-ids'

interface Entity {
  entity: string
  insert: [string, unknown[]]
  update: string
  changed: string[]
  noop: string
  delete: string
  internal: boolean
}

const project = projects.riberaDashboard
const entities: Entity[] = [
  {
    entity: 'project',
    insert: [
      `insert into public.projects (organization_id, name, service) values ($1, 'Audit probe', 'governance') returning id`,
      [organizations.ribera],
    ],
    update: `update public.projects set progress = 20, status = 'in_progress' where id = $1`,
    changed: ['progress', 'status'],
    noop: `update public.projects set progress = progress where id = $1`,
    delete: `delete from public.projects where id = $1`,
    internal: false,
  },
  {
    entity: 'document',
    insert: [
      `insert into public.documents (project_id, name, storage_path, mime_type) values ($1, 'Audit probe', $2, 'application/pdf') returning id`,
      [project, objectPath(organizations.ribera, project, 'audit.pdf')],
    ],
    update: `update public.documents set description = 'Reviewed' where id = $1`,
    changed: ['description'],
    noop: `update public.documents set name = name where id = $1`,
    delete: `delete from public.documents where id = $1`,
    internal: true, // not shared with the client
  },
  {
    entity: 'report',
    insert: [
      `insert into public.reports (project_id, title, status) values ($1, 'Audit probe', 'published') returning id`,
      [project],
    ],
    update: `update public.reports set summary = 'Updated' where id = $1`,
    // A new summary is a new version of the report (decision 0017).
    changed: ['summary', 'version'],
    noop: `update public.reports set title = title where id = $1`,
    delete: `delete from public.reports where id = $1`,
    internal: false,
  },
  {
    entity: 'analytics_metric',
    insert: [
      `insert into public.analytics_metrics (project_id, metric_key, label_es, label_en, period_start, period_end, value)
       values ($1, 'audit_probe', 'Sonda', 'Probe', date '2020-01-01', date '2020-01-31', 10) returning id`,
      [project],
    ],
    update: `update public.analytics_metrics set value = 11, target = 12 where id = $1`,
    changed: ['target', 'value'],
    noop: `update public.analytics_metrics set value = value where id = $1`,
    delete: `delete from public.analytics_metrics where id = $1`,
    internal: false,
  },
  {
    entity: 'task',
    insert: [
      `insert into public.tasks (project_id, title, is_internal) values ($1, 'Audit probe', true) returning id`,
      [project],
    ],
    update: `update public.tasks set status = 'done' where id = $1`,
    changed: ['completed_at', 'status'],
    noop: `update public.tasks set title = title where id = $1`,
    delete: `delete from public.tasks where id = $1`,
    internal: true,
  },
]

interface ActivityRow {
  action: string
  actor_id: string | null
  organization_id: string | null
  project_id: string | null
  is_internal: boolean
  summary: Record<string, unknown>
}

// [table, the row to touch, an update of one ordinary column]
const touches: [table: string, row: string, sql: string][] = [
  [
    'organizations',
    `select '${organizations.ribera}'::uuid as id`,
    `update public.organizations set industry = 'Retail y e-commerce' where id = $1`,
  ],
  ['profiles', `select '${users.james}'::uuid as id`, `update public.profiles set job_title = 'CEO' where id = $1`],
  [
    'projects',
    `select '${projects.riberaDashboard}'::uuid as id`,
    `update public.projects set progress = 66 where id = $1`,
  ],
  [
    'documents',
    `select '${documents.riberaKpiSpec}'::uuid as id`,
    `update public.documents set description = 'v3' where id = $1`,
  ],
  [
    'reports',
    `select '${reports.riberaDraft}'::uuid as id`,
    `update public.reports set summary = 'Revisado' where id = $1`,
  ],
  [
    'analytics_metrics',
    `select id from public.analytics_metrics order by period_start, metric_key limit 1`,
    `update public.analytics_metrics set notes = 'ok' where id = $1`,
  ],
  [
    'tasks',
    `select '${tasks.riberaForJames}'::uuid as id`,
    `update public.tasks set priority = 'urgent' where id = $1`,
  ],
  [
    'contact_messages',
    `select id from public.contact_messages where status = 'new'`,
    `update public.contact_messages set status = 'contacted' where id = $1`,
  ],
]

describeEachDatabase('audit triggers on %s', (kind) => {
  const server = useTestServer(kind)

  it.each(touches)('moves updated_at of %s on every update', async (table, row, sql) => {
    const db = server.deps.db
    const id = (await db.query<{ id: string }>(row)).rows[0]!.id
    const stamps = () =>
      db
        .query<{ created_at: Date; updated_at: Date }>(
          `select created_at, updated_at from public.${table} where id = $1`,
          [id],
        )
        .then((r) => r.rows[0]!)
    const before = await stamps()
    await db.query('select pg_sleep(0.01)')
    expect((await as(db, 'superAdmin', (tx) => tx.query(sql, [id]))).affectedRows).toBe(1)
    const after = await stamps()
    expect(after.updated_at.getTime()).toBeGreaterThan(before.updated_at.getTime())
    expect(after.created_at).toEqual(before.created_at)
  })

  const activityOf = (id: string) =>
    server.deps.db
      .query<ActivityRow>(
        `select action, actor_id, organization_id, project_id, is_internal, summary from public.activity_log where entity_id = $1 order by id`,
        [id],
      )
      .then((r) => r.rows)

  it.each(entities.map((e) => [e.entity, e] as const))('logs create, update and delete of a %s', async (_name, e) => {
    const db = server.deps.db
    const id = await as(
      db,
      'admin',
      async (tx) => (await tx.query<{ id: string }>(e.insert[0], e.insert[1])).rows[0]!.id,
    )
    await as(db, 'admin', (tx) => tx.query(e.update, [id]))
    await as(db, 'admin', (tx) => tx.query(e.noop, [id]))
    await as(db, 'superAdmin', (tx) => tx.query(e.delete, [id]))

    const rows = await activityOf(id)
    expect(rows.map((r) => [r.action, r.actor_id])).toEqual([
      ['create', users.admin],
      ['update', users.admin],
      ['delete', users.superAdmin],
    ])
    const projectId = e.entity === 'project' ? id : project
    for (const row of rows)
      expect(row).toMatchObject({
        organization_id: organizations.ribera,
        project_id: projectId,
        is_internal: e.internal,
      })
    expect(rows[0]!.summary).toMatchObject({ title: e.entity === 'analytics_metric' ? 'audit_probe' : 'Audit probe' })
    // a metric's entries name it in both languages, so the feed never shows its key (20261126140000)
    if (e.entity === 'analytics_metric') {
      for (const row of rows)
        expect(row.summary).toMatchObject({ label_es: 'Sonda', label_en: 'Probe', granularity: 'month' })
    } else expect(rows[0]!.summary).not.toHaveProperty('label_es')
    expect(rows[1]!.summary.changed).toEqual(e.changed)
  })

  it('marks entries internal or visible as the entity changes visibility', async () => {
    const db = server.deps.db
    const id = await as(
      db,
      'admin',
      async (tx) =>
        (
          await tx.query<{ id: string }>(
            `insert into public.documents (project_id, name, storage_path, mime_type) values ($1, 'Later shared', $2, 'application/pdf') returning id`,
            [project, objectPath(organizations.ribera, project, 'later.pdf')],
          )
        ).rows[0]!.id,
    )
    await as(db, 'admin', (tx) => tx.query('update public.documents set visible_to_client = true where id = $1', [id]))
    expect((await activityOf(id)).map((r) => [r.action, r.is_internal])).toEqual([
      ['create', true],
      ['update', false],
    ])
  })

  it('records the previous status of a status change', async () => {
    const db = server.deps.db
    await as(db, 'admin', (tx) =>
      tx.query(`update public.projects set status = 'on_hold' where id = $1`, [projects.riberaLoyalty]),
    )
    const last = (await activityOf(projects.riberaLoyalty)).at(-1)
    expect(last?.summary).toMatchObject({ status: 'on_hold', previous_status: 'planning', changed: ['status'] })
  })

  it('audits role and organization changes as staff-only entries', async () => {
    const db = server.deps.db
    await as(db, 'superAdmin', (tx) =>
      tx.query(`update public.profiles set role = 'client' where id = $1`, [users.admin]),
    )
    await as(db, 'superAdmin', (tx) =>
      tx.query(`update public.profiles set phone = '+34 910 000 099' where id = $1`, [users.admin]),
    )
    const rows = await db.query<ActivityRow & { entity_type: string }>(
      `select entity_type, action, actor_id, is_internal, summary from public.activity_log where entity_id = $1 and actor_id is not null`,
      [users.admin],
    )
    expect(rows.rows).toEqual([
      {
        entity_type: 'profile',
        action: 'update',
        actor_id: users.superAdmin,
        is_internal: true,
        summary: { title: 'Marta Gil', changed: ['role'], role: 'client', previous_role: 'admin', is_active: true },
      },
    ])
  })

  it("gives the recent activity with its actors' names in one call, only what the caller may read", async () => {
    const db = server.deps.db
    // (The super admin: a test above made the admin a client.)
    const staff = await tryAs(db, 'superAdmin', 'select * from public.recent_activity(50)')
    expect(staff).toMatchObject({ ok: true })
    const adminRows = staff.ok ? staff.rows : []
    const all = await db.query<{ id: string }>(
      'select a.id::text from public.activity_log a order by a.occurred_at desc, a.id desc limit 50',
    )
    expect(adminRows.map((row) => String(row.id))).toEqual(all.rows.map((row) => row.id))
    // Staff read every profile: each entry with an actor has the actor's name.
    const withActor = adminRows.filter((row) => row.actor_id !== null)
    expect(withActor.length).toBeGreaterThan(0)
    for (const row of withActor) expect(row.actor_name).toEqual(expect.any(String))

    // A client gets only the visible entries of their own organization's projects, never more than 50.
    for (const actor of ['clientA', 'clientB'] as const) {
      const client = await tryAs(db, actor, 'select * from public.recent_activity(1000)')
      expect(client.ok).toBe(true)
      const ids = client.ok ? client.rows.map((row) => String(row.id)) : []
      expect(ids.length).toBeLessThanOrEqual(50)
      const visible = await tryAs(
        db,
        actor,
        'select a.id::text from public.activity_log a order by a.occurred_at desc, a.id desc limit 50',
      )
      expect(ids).toEqual(visible.ok ? visible.rows.map((row) => row.id) : ['not readable'])
    }
    const other = await tryAs(db, 'clientB', 'select * from public.recent_activity(50)')
    const riberaIds = await db.query<{ id: string }>(
      'select id::text from public.activity_log where organization_id = $1',
      [organizations.ribera],
    )
    const seen = new Set(other.ok ? other.rows.map((row) => String(row.id)) : [])
    for (const row of riberaIds.rows) expect(seen.has(row.id)).toBe(false)

    // Anonymous callers may not call it at all.
    const anon = await tryAs(db, 'anon', 'select * from public.recent_activity(8)')
    expect(anon).toMatchObject({ ok: false, code: '42501' })
    // A negative or missing count gives nothing or the default, not an error.
    const none = await tryAs(db, 'superAdmin', 'select * from public.recent_activity(-5)')
    expect(none).toMatchObject({ ok: true, rows: [] })
    const fallback = await tryAs(db, 'superAdmin', 'select * from public.recent_activity(null)')
    expect(fallback.ok && fallback.rows.length).toBe(Math.min(8, all.rows.length))
  })
})
