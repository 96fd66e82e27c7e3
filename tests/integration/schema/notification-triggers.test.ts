// Notifications arrive exactly once per event, in the recipient's language, and never to the
// person who caused the event: a document shared with the client, a report published, a task
// assigned; for staff, a client's upload and a new contact message. Later edits, repeating the
// same change, hiding and re-showing, or reassigning to the same person stay quiet.
import { randomUUID } from 'node:crypto'
import { expect, it } from 'vitest'
import type { Queryable } from '../../../supabase/server/db/database'
import { describeEachDatabase, useTestServer } from '../support/server'
import { as, type Actor } from '../rls/run-as'
import { objectPath, organizations, projects, users } from '../rls/seed-ids'

type Counts = Record<string, number>

describeEachDatabase('notification triggers on %s', (kind) => {
  const server = useTestServer(kind)

  /** How many notifications about this entity each person has, keyed by seed name. */
  async function countsFor(entityId: string): Promise<Counts> {
    const { rows } = await server.deps.db.query<{ recipient_id: string; n: number }>(
      'select recipient_id, count(*)::int as n from public.notifications where entity_id = $1 group by 1',
      [entityId],
    )
    const names = Object.fromEntries(Object.entries(users).map(([name, id]) => [id, name]))
    return Object.fromEntries(rows.map((r) => [names[r.recipient_id] ?? r.recipient_id, r.n]))
  }

  const run = (actor: Actor, sql: string, params: unknown[] = []) =>
    as(server.deps.db, actor, (tx: Queryable) => tx.query<{ id: string }>(sql, params))
  const insertId = async (actor: Actor, sql: string, params: unknown[]) => (await run(actor, sql, params)).rows[0]!.id

  // A client records only a file it stored first: the object row is written as it would be by
  // the upload (owned by the actor), then the document.
  const newDocument = async (actor: Actor, visible: boolean, project: string = projects.riberaDashboard) => {
    const path = objectPath(organizations.ribera, project, `${randomUUID()}.pdf`)
    const owner = actor === 'clientA' ? users.lucia : actor === 'clientB' ? users.daniel : null
    if (owner) {
      await server.deps.db.query(
        `insert into storage.objects (bucket_id, name, owner_id) values ('documents', $1, $2)`,
        [path, owner],
      )
    }
    return insertId(
      actor,
      `insert into public.documents (project_id, name, storage_path, mime_type, visible_to_client)
       values ($1, 'Plan de pruebas', $2, 'application/pdf', $3) returning id`,
      [project, path, visible],
    )
  }

  it("tells the organization's clients once when a document becomes visible", async () => {
    const id = await newDocument('admin', false)
    expect(await countsFor(id)).toEqual({})

    await run('admin', 'update public.documents set visible_to_client = true where id = $1', [id])
    expect(await countsFor(id)).toEqual({ lucia: 1, james: 1 })

    await run('admin', 'update public.documents set visible_to_client = true where id = $1', [id])
    await run('admin', `update public.documents set name = 'Plan de pruebas v2' where id = $1`, [id])
    await run('admin', 'update public.documents set visible_to_client = false where id = $1', [id])
    await run('superAdmin', 'update public.documents set visible_to_client = true where id = $1', [id])
    expect(await countsFor(id)).toEqual({ lucia: 1, james: 1 })
  })

  it("writes each notification in the recipient's language", async () => {
    const id = await newDocument('admin', true)
    const { rows } = await server.deps.db.query<{ recipient_id: string; title: string; body: string; kind: string }>(
      'select recipient_id, kind, title, body from public.notifications where entity_id = $1 order by recipient_id',
      [id],
    )
    expect(rows).toEqual(
      [
        {
          recipient_id: users.lucia,
          kind: 'document_shared',
          title: 'Nuevo documento disponible',
          body: '«Plan de pruebas» ya está disponible en el proyecto Cuadro de mando comercial.',
        },
        {
          recipient_id: users.james,
          kind: 'document_shared',
          title: 'New document available',
          body: '“Plan de pruebas” is now available in the project Cuadro de mando comercial.',
        },
      ].sort((a, b) => a.recipient_id.localeCompare(b.recipient_id)),
    )
  })

  it('does not notify about documents of a hidden project', async () => {
    const id = await newDocument('admin', true, projects.riberaHidden)
    expect(await countsFor(id)).toEqual({})
  })

  it("tells staff once when a client uploads, and the uploader's colleagues that it is shared", async () => {
    const id = await newDocument('clientA', true)
    expect(await countsFor(id)).toEqual({ admin: 1, superAdmin: 1, james: 1 })
    const { rows } = await server.deps.db.query<{ recipient_id: string; kind: string; title: string }>(
      `select recipient_id, kind, title from public.notifications where entity_id = $1 and kind = 'document_uploaded' order by title`,
      [id],
    )
    expect(rows).toEqual([
      { recipient_id: users.superAdmin, kind: 'document_uploaded', title: 'A client uploaded a document' },
      { recipient_id: users.admin, kind: 'document_uploaded', title: 'Un cliente ha subido un documento' },
    ])
    await run('admin', `update public.documents set description = 'Recibido' where id = $1`, [id])
    expect(await countsFor(id)).toEqual({ admin: 1, superAdmin: 1, james: 1 })
  })

  it('does not tell staff about their own uploads', async () => {
    const id = await newDocument('superAdmin', false)
    expect(await countsFor(id)).toEqual({})
  })

  it('tells the clients once when a report is published, not on later edits', async () => {
    const id = await insertId(
      'admin',
      `insert into public.reports (project_id, title) values ($1, 'Informe de sprint') returning id`,
      [projects.kunturScoring],
    )
    expect(await countsFor(id)).toEqual({})
    await run('admin', `update public.reports set status = 'published' where id = $1`, [id])
    expect(await countsFor(id)).toEqual({ daniel: 1, sarah: 1 })
    await run(
      'admin',
      `update public.reports set title = 'Informe de sprint (corregido)', summary = 'Cifras revisadas' where id = $1`,
      [id],
    )
    await run('admin', `update public.reports set status = 'draft' where id = $1`, [id])
    await run('admin', `update public.reports set status = 'published' where id = $1`, [id])
    expect(await countsFor(id)).toEqual({ daniel: 1, sarah: 1 })
    const published = await server.deps.db.query(
      'select published_at is not null as stamped from public.reports where id = $1',
      [id],
    )
    expect(published.rows).toEqual([{ stamped: true }])
  })

  it('tells the assignee once, and the new assignee when a task changes hands', async () => {
    const id = await insertId(
      'admin',
      `insert into public.tasks (project_id, title, assigned_to, due_date) values ($1, 'Revisar datos', $2, date '2030-03-05') returning id`,
      [projects.riberaDashboard, users.lucia],
    )
    expect(await countsFor(id)).toEqual({ lucia: 1 })
    await run('admin', 'update public.tasks set assigned_to = $2 where id = $1', [id, users.lucia])
    await run('admin', `update public.tasks set title = 'Revisar los datos', priority = 'high' where id = $1`, [id])
    await run('clientA', `update public.tasks set status = 'in_progress' where id = $1`, [id])
    expect(await countsFor(id)).toEqual({ lucia: 1 })

    await run('admin', 'update public.tasks set assigned_to = $2 where id = $1', [id, users.james])
    expect(await countsFor(id)).toEqual({ lucia: 1, james: 1 })
    const { rows } = await server.deps.db.query<{ body: string }>(
      `select body from public.notifications where entity_id = $1 order by recipient_id`,
      [id],
    )
    expect(rows.map((r) => r.body).sort()).toEqual([
      '«Revisar datos» en el proyecto Cuadro de mando comercial, con fecha límite el 05/03/2030.',
      '“Revisar los datos” in the project Cuadro de mando comercial, due March 5, 2030.',
    ])
  })

  it('tells staff about internal tasks, but never a client', async () => {
    const id = await insertId(
      'superAdmin',
      `insert into public.tasks (project_id, title, assigned_to, is_internal) values ($1, 'Revisión de calidad', $2, true) returning id`,
      [projects.riberaDashboard, users.admin],
    )
    expect(await countsFor(id)).toEqual({ admin: 1 })
    const own = await insertId(
      'admin',
      `insert into public.tasks (project_id, title, assigned_to) values ($1, 'Para mí', $2) returning id`,
      [projects.riberaDashboard, users.admin],
    )
    expect(await countsFor(own)).toEqual({})
  })

  it('tells every active staff member once about a contact message, in their language', async () => {
    await run('superAdmin', `update public.profiles set is_active = false where id = $1`, [users.admin])
    await run(
      'anon',
      `insert into public.contact_messages (name, email, company, message, privacy_accepted, interest)
      values ('Iker Etxeberria', 'iker@example.org', 'Cooperativa Txingudi', 'Queremos ordenar nuestros datos de socios.', true, 'governance')`,
    )
    await run('superAdmin', `update public.profiles set is_active = true where id = $1`, [users.admin])
    const { rows } = await server.deps.db.query<{ id: string }>(
      `select id from public.contact_messages where email = 'iker@example.org'`,
    )
    const id = rows[0]!.id
    expect(await countsFor(id)).toEqual({ superAdmin: 1 })
    const [notification] = (
      await server.deps.db.query<{ title: string; body: string }>(
        'select title, body from public.notifications where entity_id = $1',
        [id],
      )
    ).rows
    expect(notification).toEqual({
      title: 'New contact message',
      body: 'From: Iker Etxeberria (Cooperativa Txingudi) <iker@example.org>. Phone: not given. Topic: Data governance. Message: “Queremos ordenar nuestros datos de socios.”',
    })
    await run('admin', `update public.contact_messages set status = 'contacted' where id = $1`, [id])
    expect(await countsFor(id)).toEqual({ superAdmin: 1 })
    const handled = await server.deps.db.query('select handled_by from public.contact_messages where id = $1', [id])
    expect(handled.rows).toEqual([{ handled_by: users.admin }])
  })
})
