// Every notification also goes out once by e-mail, in the recipient's language, with a link to
// the page it is about; edits that do not notify do not e-mail either, and the seed's history is
// never sent.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Queryable } from '../../../supabase/server/db/database'
import type { CaughtMail } from '../../../supabase/server/mail/catcher'
import { databaseKinds, startTestServer, type TestServer } from '../support/server'
import { as, type Actor } from '../rls/run-as'
import { objectPath, organizations, projects, users } from '../rls/seed-ids'

const lucia = 'lucia.martin@example.com'
const james = 'james.whitaker@example.com'

describe.each(databaseKinds())('notification e-mails on %s', (kind) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer(kind)
  })
  afterAll(() => server.close())

  const run = (actor: Actor, sql: string, params: unknown[] = []) =>
    as(server.deps.db, actor, (tx: Queryable) => tx.query<{ id: string }>(sql, params))

  const catcher = () => server.deps.catcher!
  const mailsAbout = (needle: string) =>
    catcher()
      .messages()
      .filter((mail) => mail.text.includes(needle))
  /** Sends what waits, then lets the catcher finish parsing. */
  async function flush(expected: { to: string; about: string }[]): Promise<number> {
    const sent = await server.notificationMails.flush()
    await Promise.all(expected.map(({ to, about }) => catcher().waitFor(to, (mail) => mail.text.includes(about))))
    return sent
  }

  it('sends nothing for the notifications that came with the seed', async () => {
    expect(await server.notificationMails.flush()).toBe(0)
    const { rows } = await server.deps.db.query<{ waiting: number }>(
      'select count(*)::int as waiting from public.notifications where emailed_at is null',
    )
    expect(rows[0]!.waiting).toBe(0)
  })

  it('e-mails each client once, in their language, when a document is shared, with a link to the project', async () => {
    const name = `Plan ${randomUUID().slice(0, 8)}`
    const { rows } = await run(
      'admin',
      `insert into public.documents (project_id, name, storage_path, mime_type, visible_to_client)
       values ($1, $2, $3, 'application/pdf', true) returning id`,
      [
        projects.riberaDashboard,
        name,
        objectPath(organizations.ribera, projects.riberaDashboard, `${randomUUID()}.pdf`),
      ],
    )
    expect(
      await flush([
        { to: lucia, about: name },
        { to: james, about: name },
      ]),
    ).toBe(2)

    const mails = mailsAbout(name)
    const byRecipient = (address: string) => mails.filter((mail: CaughtMail) => mail.to.includes(address))
    expect(byRecipient(lucia)).toHaveLength(1)
    expect(byRecipient(james)).toHaveLength(1)
    const spanish = byRecipient(lucia)[0]!
    const english = byRecipient(james)[0]!
    expect(spanish.subject).toBe('Nuevo documento disponible')
    expect(spanish.text).toContain('Abrir el portal de clientes')
    expect(spanish.text).toContain(`/es/client-portal/dashboard/projects/${projects.riberaDashboard}`)
    expect(english.subject).toBe('New document available')
    expect(english.text).toContain('Open the client portal')
    expect(english.text).toContain(`/en/client-portal/dashboard/projects/${projects.riberaDashboard}`)

    // Edits, hiding and showing again: no new notification, so no new e-mail.
    await run('admin', 'update public.documents set name = $2 where id = $1', [rows[0]!.id, `${name} v2`])
    await run('admin', 'update public.documents set visible_to_client = false where id = $1', [rows[0]!.id])
    await run('admin', 'update public.documents set visible_to_client = true where id = $1', [rows[0]!.id])
    expect(await server.notificationMails.flush()).toBe(0)
    expect(mailsAbout(name)).toHaveLength(2)
  })

  it('e-mails staff about a new contact message, linking to the admin area', async () => {
    const sender = `Visitante ${randomUUID().slice(0, 8)}`
    // anon may insert but not read back (no select policy), so no `returning`.
    await run(
      'anon',
      `insert into public.contact_messages (name, email, message, privacy_accepted, locale)
       values ($1, 'visitor@example.org', 'Quisiera una propuesta.', true, 'es')`,
      [sender],
    )
    const sent = await flush([
      { to: 'admin@caucedata.com', about: sender },
      { to: 'superadmin@caucedata.com', about: sender },
    ])
    expect(sent).toBe(2)
    const { rows } = await server.deps.db.query<{ id: string }>(
      'select id from public.contact_messages where name = $1',
      [sender],
    )
    const leadId = rows[0]!.id
    // Each staff member's e-mail opens the lead's own page in the admin area, in their language.
    const spanish = mailsAbout(sender).find((m) => m.to.includes('admin@caucedata.com'))!
    const english = mailsAbout(sender).find((m) => m.to.includes('superadmin@caucedata.com'))!
    expect(spanish.text).toContain(`/es/admin/dashboard/leads/${leadId}`)
    expect(english.text).toContain(`/en/admin/dashboard/leads/${leadId}`)
    if (spanish.html) expect(spanish.html).toContain(`/es/admin/dashboard/leads/${leadId}`)
  })

  it('links staff e-mails about anything else to the admin overview', async () => {
    const name = `Entrega ${randomUUID().slice(0, 8)}`
    // A client's upload (written here as the owner, uploaded_by Lucía) notifies the staff.
    await server.deps.db.query(
      `insert into public.documents (project_id, name, storage_path, mime_type, visible_to_client, uploaded_by)
       values ($1, $2, $3, 'application/pdf', true, $4)`,
      [
        projects.riberaDashboard,
        name,
        objectPath(organizations.ribera, projects.riberaDashboard, `${randomUUID()}.pdf`),
        users.lucia,
      ],
    )
    await flush([{ to: 'admin@caucedata.com', about: name }])
    const mail = mailsAbout(name).find((m) => m.to.includes('admin@caucedata.com'))!
    expect(mail.text).toContain('/es/admin/dashboard')
    expect(mail.text).not.toContain('/admin/dashboard/leads')
  })
})
