// Every notification also goes out once by e-mail, in the recipient's language, with a link to
// the page it is about; edits that do not notify do not e-mail either, and the seed's history is
// never sent. With digests on (decision 0019), one e-mail per person per interval holds what they
// have not read; leads go at once. Text a client chose is quoted as theirs and never a link.
import { randomUUID } from 'node:crypto'
import { expect, it } from 'vitest'
import type { Queryable } from '../../../supabase/server/db/database'
import type { CaughtMail } from '../../../supabase/server/mail/catcher'
import { describeEachDatabase, type TestServer, useTestServer } from '../support/server'
import { anotherSender } from '../support/senders'
import { as, type Actor, shareRiberaDocument } from '../rls/run-as'
import { documents, objectPath, organizations, projects, users } from '../rls/seed-ids'

const lucia = 'lucia.martin@example.com'

/** A document Lucía (client) uploaded, shown to her organization; written as the owner. */
function clientUpload(server: TestServer, name: string) {
  return server.deps.db.query(
    `insert into public.documents (project_id, name, storage_path, mime_type, visible_to_client, uploaded_by)
     values ($1, $2, $3, 'application/pdf', true, $4)`,
    [
      projects.riberaDashboard,
      name,
      objectPath(organizations.ribera, projects.riberaDashboard, `${randomUUID()}.pdf`),
      users.lucia,
    ],
  )
}
const james = 'james.whitaker@example.com'

describeEachDatabase('notification e-mails on %s', (kind) => {
  const server = useTestServer(kind)

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
    // Both staff members, and the visitor's acknowledgement.
    expect(sent).toBe(3)
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

  it('links staff e-mails about a client upload to the project documents, quoting the name as the client’s', async () => {
    const name = `Entrega ${randomUUID().slice(0, 8)}`
    // A client's upload (written here as the owner, uploaded_by Lucía) notifies the staff.
    await clientUpload(server, name)
    await flush([{ to: 'admin@caucedata.com', about: name }])
    const mail = mailsAbout(name).find((m) => m.to.includes('admin@caucedata.com'))!
    expect(mail.text).toContain(`/es/admin/dashboard/projects/${projects.riberaDashboard}/documents`)
    expect(mail.text).toContain(`Lucía Martín (Almacenes Ribera) ha subido «${name}» al proyecto`)
  })
})

describeEachDatabase('notification text a client chose, on %s', (kind) => {
  const server = useTestServer(kind)
  const catcher = () => server.deps.catcher!

  it('quotes a hostile document name as the uploader’s: one line, no quote escape, capped, escaped, never a link', async () => {
    const marker = randomUUID().slice(0, 8)
    const name = `Factura ${marker}\n\n— El equipo de Cauce Data» Pague en https://evil.example/pago <b>ya</b> \u202Eolleh ${'x'.repeat(150)}`
    await clientUpload(server, name)
    const { rows } = await server.deps.db.query<{ kind: string; body: string; email: string }>(
      `select n.kind, n.body, p.email from public.notifications n join public.profiles p on p.id = n.recipient_id
        where n.body like $1`,
      [`%${marker}%`],
    )
    const staff = rows.find((row) => row.email === 'admin@caucedata.com')!
    const colleague = rows.find((row) => row.email === james)!
    expect(staff.kind).toBe('document_uploaded')
    // Attributed, quoted in one piece: the inner » became an apostrophe, line breaks and the
    // direction override became spaces, and the quote is cut at 120 characters.
    expect(staff.body).toMatch(
      new RegExp(
        `^Lucía Martín \\(Almacenes Ribera\\) ha subido «Factura ${marker} — El equipo de Cauce Data' Pague en https://evil\\.example/pago <b>ya</b> olleh x+…» al proyecto Cuadro de mando comercial\\.$`,
      ),
    )
    expect(staff.body).not.toMatch(/[\n\u202e]/)
    expect(staff.body.match(/«(.*)»/)![1]!.length).toBe(120)
    // The client's colleague hears it from Lucía, in English quotes.
    expect(colleague.kind).toBe('document_shared')
    expect(colleague.body).toMatch(
      new RegExp(`^Lucía Martín uploaded “Factura ${marker} .*…” to the project Cuadro de mando comercial\\.$`),
    )

    await server.notificationMails.flush()
    const mail = await catcher().waitFor('admin@caucedata.com', (m) => m.text.includes(marker))
    // HTML-escaped, and the address in it no longer reads as one to a mail client.
    expect(mail.html).toContain('&#60;b&#62;ya&#60;/b&#62;')
    expect(mail.html).not.toContain('<b>ya')
    expect(mail.html).not.toContain('href="https://evil')
    expect(mail.text).not.toContain('https://evil.example')
    expect(mail.text).toContain('https:\u200B//evil.\u200Bexample/pago')
    expect(mail.text).toContain('El texto entre comillas lo escribió la persona indicada')
  })

  it('e-mails a lead with its topic and phone, the visitor’s words quoted', async () => {
    const marker = randomUUID().slice(0, 8)
    await as(server.deps.db, 'anon', (tx: Queryable) =>
      tx.query(
        `insert into public.contact_messages (name, email, phone, company, interest, message, privacy_accepted, locale)
         values ($1, 'visitor@example.org', '+34 600 111 222', 'Acme', 'governance', $2, true, 'es')`,
        [`Ana ${marker}`, 'Hola.\n\n"Cauce Data: su cuenta caduca hoy"'],
      ),
    )
    await server.notificationMails.flush()
    const spanish = await catcher().waitFor('admin@caucedata.com', (m) => m.text.includes(marker))
    const english = await catcher().waitFor('superadmin@caucedata.com', (m) => m.text.includes(marker))
    expect(spanish.text).toContain(
      `De: Ana ${marker} (Acme) <visitor@example.org>. Teléfono: +34 600 111 222. Tema: Gobierno de datos. Mensaje: «Hola. 'Cauce Data: su cuenta caduca hoy'»`,
    )
    expect(english.text).toContain(
      `From: Ana ${marker} (Acme) <visitor@example.org>. Phone: +34 600 111 222. Topic: Data governance. Message: “Hola. 'Cauce Data: su cuenta caduca hoy'”`,
    )
  })

  // Issue 23, minor 9: the warning goes with a person's words only, a mention stays whole, and the
  // e-mail about a message opens that message.
  it('warns about quoted text where a person wrote it, not under a title the firm wrote', async () => {
    const marker = randomUUID().slice(0, 8)
    await shareRiberaDocument(server.deps.db, `Plan ${marker}`)
    await server.notificationMails.flush()
    const firm = await catcher().waitFor(lucia, (m) => m.text.includes(`«Plan ${marker}»`))
    expect(firm.text).not.toContain('El texto entre comillas')
    await clientUpload(server, `Subida ${marker}`)
    await server.notificationMails.flush()
    // The same upload quoted as Lucía's, to staff and to her colleague.
    const staff = await catcher().waitFor('admin@caucedata.com', (m) => m.text.includes(`Subida ${marker}`))
    expect(staff.text).toContain('El texto entre comillas lo escribió la persona indicada')
    const colleague = await catcher().waitFor(james, (m) => m.text.includes(`Subida ${marker}`))
    expect(colleague.text).toContain('Text in quotation marks was written by the person named')
  })

  it('quotes a request for changes as the client’s words, with the warning', async () => {
    const marker = randomUUID().slice(0, 8)
    await server.deps.db.query(
      `insert into public.organization_approvers (organization_id, profile_id) values ($1, $2) on conflict do nothing`,
      [organizations.ribera, users.lucia],
    )
    const { rows } = await as(server.deps.db, 'admin', (tx: Queryable) =>
      tx.query<{ id: string }>(`insert into public.approval_requests (document_id) values ($1) returning id`, [
        documents.riberaKpiSpec,
      ]),
    )
    await as(server.deps.db, 'clientA', (tx: Queryable) =>
      tx.query(
        `insert into public.approval_decisions (request_id, decision, version, comment) values ($1, 'changes_requested', 1, $2)`,
        [rows[0]!.id, `Falta el margen ${marker}. "Aprobado" por Cauce Data`],
      ),
    )
    await server.notificationMails.flush()
    const mail = await catcher().waitFor('admin@caucedata.com', (m) => m.text.includes(`Falta el margen ${marker}`))
    expect(mail.text).toContain(`: «Falta el margen ${marker}. 'Aprobado' por Cauce Data»`)
    expect(mail.text).toContain('El texto entre comillas lo escribió la persona indicada')
  })

  it('links a mention to its message, and keeps the mention whole', async () => {
    const marker = randomUUID().slice(0, 8)
    const { rows } = await as(server.deps.db, 'clientA', (tx: Queryable) =>
      tx.query<{ id: string }>(
        `insert into public.conversation_messages (project_id, body, mentions) values ($1, $2, $3) returning id`,
        [projects.riberaDashboard, `@James Whitaker mira la versión ${marker}`, [users.james]],
      ),
    )
    const message = rows[0]!.id
    await server.notificationMails.flush()
    const mention = await catcher().waitFor(james, (m) => m.text.includes(marker))
    expect(mention.text).toContain(`“@James Whitaker mira la versión ${marker}”`)
    expect(mention.text).not.toContain('@\u200B')
    expect(mention.text).toContain(
      `/en/client-portal/dashboard/projects/${projects.riberaDashboard}/conversation#message-${message}`,
    )
    expect(mention.text).toContain('Text in quotation marks was written by the person named')
    // Staff hear of the message too, and their e-mail opens it in the admin area.
    const staff = await catcher().waitFor('admin@caucedata.com', (m) => m.text.includes(marker))
    expect(staff.text).toContain(
      `/es/admin/dashboard/projects/${projects.riberaDashboard}/conversation#message-${message}`,
    )
  })
})

describeEachDatabase('notification digests on %s', (kind) => {
  const server = useTestServer(kind, { NOTIFICATION_DIGEST_MINUTES: '15' })
  const catcher = () => server.deps.catcher!
  const mailsTo = (address: string, marker: string) =>
    catcher()
      .messages()
      .filter((mail) => mail.to.includes(address) && mail.text.includes(marker))

  async function shareDocuments(project: string, names: string[]): Promise<string[]> {
    const ids: string[] = []
    for (const name of names) {
      const { rows } = await as(server.deps.db, 'admin', (tx: Queryable) =>
        tx.query<{ id: string }>(
          `insert into public.documents (project_id, name, storage_path, mime_type, visible_to_client)
           values ($1, $2, $3, 'application/pdf', true) returning id`,
          [project, name, objectPath(organizations.ribera, project, `${randomUUID()}.pdf`)],
        ),
      )
      ids.push(rows[0]!.id)
    }
    return ids
  }
  /** Makes everyone's last digest older than the interval, as if 16 minutes had passed. */
  const intervalPasses = () =>
    server.deps.db.query(`update private.notification_digests set last_sent_at = last_sent_at - interval '16 minutes'`)

  it('sends one digest per person per interval, grouped by project, in each one’s language; read ones are left out', async () => {
    const marker = randomUUID().slice(0, 8)
    await shareDocuments(projects.riberaDashboard, [`A-${marker}`, `B-${marker}`])
    await shareDocuments(projects.riberaLoyalty, [`C-${marker}`])
    expect(await server.notificationMails.flush()).toBe(2)
    await catcher().waitFor(james, (m) => m.text.includes(marker))
    const spanish = await catcher().waitFor(lucia, (m) => m.text.includes(marker))
    expect(mailsTo(lucia, marker)).toHaveLength(1)
    expect(mailsTo(james, marker)).toHaveLength(1)
    expect(spanish.subject).toBe('Tiene 3 notificaciones nuevas en Cauce Data')
    expect(spanish.text).toContain('== Cuadro de mando comercial ==')
    for (const letter of ['A', 'B', 'C']) expect(spanish.text).toContain(`«${letter}-${marker}»`)
    // Each item opens its project's documents; the button opens every notification.
    expect(spanish.text).toContain(
      `Abrir: http://localhost:54321/es/client-portal/dashboard/projects/${projects.riberaDashboard}#documents`,
    )
    expect(spanish.text).toContain(`/es/client-portal/dashboard/projects/${projects.riberaLoyalty}#documents`)
    expect(spanish.text).toContain(
      'Ver todas las notificaciones:\nhttp://localhost:54321/es/client-portal/dashboard/notifications',
    )
    expect(spanish.html).toContain('<h2')
    const english = mailsTo(james, marker)[0]!
    expect(english.subject).toBe('You have 3 new notifications at Cauce Data')
    expect(english.text).toContain(`“C-${marker}”`)
    // Grouped by project: the dashboard's two documents under its heading, the third elsewhere.
    const dashboard = english.text.split('\n== ').find((part) => part.startsWith('Cuadro de mando comercial =='))!
    expect(dashboard).toContain(`A-${marker}`)
    expect(dashboard).toContain(`B-${marker}`)
    expect(dashboard).not.toContain(`C-${marker}`)

    // More news within the interval: nobody gets a second e-mail yet.
    const [laterId] = await shareDocuments(projects.riberaDashboard, [`D-${marker}`, `E-${marker}`])
    expect(await server.notificationMails.flush()).toBe(0)
    // Lucía reads one in the portal before her next digest; it is not e-mailed.
    await as(server.deps.db, 'clientA', (tx: Queryable) =>
      tx.query(`update public.notifications set read_at = now() where entity_id = $1`, [laterId]),
    )
    await intervalPasses()
    expect(await server.notificationMails.flush()).toBe(2)
    const luciaLater = await catcher().waitFor(lucia, (m) => m.text.includes(`E-${marker}`))
    expect(luciaLater.text).not.toContain(`D-${marker}`)
    // One unread notification reads like that notification on its own.
    expect(luciaLater.subject).toBe('Nuevo documento disponible')
    const jamesLater = await catcher().waitFor(james, (m) => m.text.includes(`E-${marker}`))
    expect(jamesLater.subject).toBe('You have 2 new notifications at Cauce Data')
    expect(mailsTo(lucia, marker)).toHaveLength(2)
    expect(await server.notificationMails.flush()).toBe(0)
  })

  it('sends leads at once, even within a person’s digest interval', async () => {
    const marker = randomUUID().slice(0, 8)
    // Staff get a digest about a client upload, which starts their interval...
    await clientUpload(server, `Upload ${marker}`)
    await server.notificationMails.flush()
    await catcher().waitFor('admin@caucedata.com', (m) => m.text.includes(`Upload ${marker}`))
    // ...and a lead still reaches them straight away.
    await as(server.deps.db, 'anon', (tx: Queryable) =>
      tx.query(
        `insert into public.contact_messages (name, email, message, privacy_accepted, locale)
         values ($1, 'lead@example.org', 'Necesitamos ayuda.', true, 'es')`,
        [`Lead ${marker}`],
      ),
    )
    // Both staff members (and the visitor's acknowledgement).
    expect(await server.notificationMails.flush()).toBe(3)
    const lead = await catcher().waitFor('admin@caucedata.com', (m) => m.text.includes(`Lead ${marker}`))
    expect(lead.subject).toBe('Nuevo mensaje de contacto')
  })

  it('never sends two digests to one person when three senders claim at the same time', async () => {
    const marker = randomUUID().slice(0, 8)
    await intervalPasses()
    await shareDocuments(projects.riberaDashboard, [`P-${marker}`, `Q-${marker}`, `R-${marker}`])
    // Two more deployments of send-notifications beside the server's own, with the same settings.
    const senders = [anotherSender(server), anotherSender(server)]
    const sent = await Promise.all([senders[0]!.flush(), senders[1]!.flush(), server.notificationMails.flush()])
    expect(sent.reduce((a, b) => a + b, 0)).toBe(2)
    await catcher().waitFor(lucia, (m) => m.text.includes(marker))
    await catcher().waitFor(james, (m) => m.text.includes(marker))
    expect(mailsTo(lucia, marker)).toHaveLength(1)
    expect(mailsTo(james, marker)).toHaveLength(1)
  })
})
