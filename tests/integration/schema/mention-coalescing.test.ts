// Mentions are coalesced (decision 0019): the database decides, when it writes a notification,
// whether it is e-mailed at once or in the person's digest (notifications.email_immediately), so
// a person gets at most 3 immediate e-mails of one kind within 10 minutes
// (private.notification_email_settings) and the rest arrive in their next digest. Whoever writes
// and whoever is mentioned: clients and staff alike. Read from the outbox and the mail catcher.
import { randomUUID } from 'node:crypto'
import type { SupabaseClient } from '@supabase/supabase-js'
import { expect, it } from 'vitest'
import type { Queryable } from '../../../supabase/server/db/database'
import { describeEachDatabase, useSeedClients, useTestServer } from '../support/server'
import { as } from '../rls/run-as'
import { projects, users } from '../rls/seed-ids'

const project: string = projects.riberaDashboard
const adminEmail = 'admin@caucedata.com'
const superAdminEmail = 'superadmin@caucedata.com'
const luciaEmail = 'lucia.martin@example.com'

describeEachDatabase('mention e-mails coalesced on %s', (kind) => {
  const server = useTestServer(kind, { NOTIFICATION_DIGEST_MINUTES: '15' })
  const { lucia, admin } = useSeedClients(server, 'lucia', 'admin')

  const catcher = () => server.deps.catcher!
  const mailsTo = (address: string, marker: string) =>
    catcher()
      .messages()
      .filter((mail) => mail.to.includes(address) && mail.text.includes(marker))
  const write = async (client: SupabaseClient, bodies: string[], mentions: string[], isInternal = false) => {
    const { error } = await client
      .from('conversation_messages')
      .insert(bodies.map((body) => ({ project_id: project, body, mentions, is_internal: isInternal })))
    expect(error).toBeNull()
  }
  /** Per recipient: how many mentions carrying `marker` go at once and how many wait for the digest. */
  const outbox = async (marker: string) => {
    const { rows } = await server.deps.db.query<{ email: string; immediate: number; digest: number }>(
      `select p.email, count(*) filter (where n.email_immediately)::int as immediate,
              count(*) filter (where not n.email_immediately)::int as digest
         from public.notifications n join public.profiles p on p.id = n.recipient_id
        where n.kind = 'conversation_mention' and n.body like $1
        group by p.email order by p.email`,
      [`%${marker}%`],
    )
    return rows
  }
  /** As if the digest interval had passed for everyone. */
  const intervalPasses = () =>
    server.deps.db.query(`update private.notification_digests set last_sent_at = last_sent_at - interval '16 minutes'`)
  /** As if the mention window had passed for everyone. */
  const windowPasses = () =>
    server.deps.db.query(`update public.notifications set created_at = created_at - interval '11 minutes'`)

  it('e-mails at most 3 mentions of one person at once; the rest arrive in their digest', async () => {
    const marker = randomUUID().slice(0, 8)
    // One request of five messages, each mentioning both staff members.
    await write(
      lucia,
      [0, 1, 2, 3, 4].map((i) => `@Admin ${marker}-${i}`),
      [users.admin, users.superAdmin],
    )
    expect(await outbox(marker)).toEqual([
      { email: adminEmail, immediate: 3, digest: 2 },
      { email: superAdminEmail, immediate: 3, digest: 2 },
    ])

    await server.notificationMails.flush()
    await catcher().waitFor(
      adminEmail,
      (m) => m.subject.startsWith('Tiene 2 notificaciones') && m.text.includes(marker),
    )
    await catcher().waitFor(superAdminEmail, (m) => m.subject.startsWith('You have 2') && m.text.includes(marker))
    for (const [address, mentioned, digest] of [
      [adminEmail, 'Le han mencionado en la conversación', 'Tiene 2 notificaciones nuevas en Cauce Data'],
      [superAdminEmail, 'You were mentioned in the conversation', 'You have 2 new notifications at Cauce Data'],
    ] as const) {
      const mails = mailsTo(address, marker)
      expect(mails.map((m) => m.subject).sort()).toEqual([mentioned, mentioned, mentioned, digest].sort())
      // Every mention arrives exactly once, three on their own and two in the digest.
      for (const i of [0, 1, 2, 3, 4])
        expect(
          mails.filter((m) => m.text.includes(`${marker}-${i}`)),
          `${address} ${i}`,
        ).toHaveLength(1)
    }
    expect(await server.notificationMails.flush()).toBe(0)
  })

  it('keeps the rest of a burst within the window for the digest, and mails at once again after it', async () => {
    const marker = randomUUID().slice(0, 8)
    await write(lucia, [`Again ${marker}-a`, `Again ${marker}-b`, `Again ${marker}-c`], [users.admin])
    expect(await outbox(marker)).toEqual([{ email: adminEmail, immediate: 0, digest: 3 }])
    // Their digest went out moments ago: nothing now...
    expect(await server.notificationMails.flush()).toBe(0)
    expect(mailsTo(adminEmail, marker)).toHaveLength(0)
    // ...and one digest with all three once the interval has passed.
    await intervalPasses()
    await server.notificationMails.flush()
    const digest = await catcher().waitFor(adminEmail, (m) => m.text.includes(marker))
    expect(digest.subject).toBe('Tiene 3 notificaciones nuevas en Cauce Data')
    expect(mailsTo(adminEmail, marker)).toHaveLength(1)

    // Ten minutes on, a mention goes at once again.
    await windowPasses()
    const later = randomUUID().slice(0, 8)
    await write(lucia, [`Later ${later}`], [users.admin])
    expect(await outbox(later)).toEqual([{ email: adminEmail, immediate: 1, digest: 0 }])
    await server.notificationMails.flush()
    const mail = await catcher().waitFor(adminEmail, (m) => m.text.includes(later))
    expect(mail.subject).toBe('Le han mencionado en la conversación')
  })

  it('counts each kind on its own: a lead still reaches staff at once after a burst of mentions', async () => {
    const marker = randomUUID().slice(0, 8)
    await write(
      lucia,
      [0, 1, 2, 3].map((i) => `Burst ${marker}-${i}`),
      [users.admin],
    )
    await as(server.deps.db, 'anon', (tx: Queryable) =>
      tx.query(
        `insert into public.contact_messages (name, email, message, privacy_accepted, locale)
         values ($1, 'lead@example.org', 'Necesitamos ayuda.', true, 'es')`,
        [`Lead ${marker}`],
      ),
    )
    const { rows } = await server.deps.db.query<{ email_immediately: boolean }>(
      `select n.email_immediately from public.notifications n
        where n.kind = 'contact_message' and n.recipient_id = $1 and n.body like $2`,
      [users.admin, `%Lead ${marker}%`],
    )
    expect(rows).toEqual([{ email_immediately: true }])
    await server.notificationMails.flush()
    const lead = await catcher().waitFor(adminEmail, (m) => m.text.includes(`Lead ${marker}`))
    expect(lead.subject).toBe('Nuevo mensaje de contacto')
  })

  it('protects every recipient: staff mentioning a client or each other are coalesced too', async () => {
    const marker = randomUUID().slice(0, 8)
    // Staff are not bounded in how many messages they write, but the people they mention are.
    await write(
      admin,
      Array.from({ length: 10 }, (_, i) => `@Lucía ${marker}-${i}`),
      [users.lucia],
    )
    await write(
      admin,
      Array.from({ length: 10 }, (_, i) => `Note ${marker}-${i}`),
      [users.superAdmin],
      true,
    )
    expect(await outbox(marker)).toEqual([
      { email: luciaEmail, immediate: 3, digest: 7 },
      { email: superAdminEmail, immediate: 3, digest: 7 },
    ])
  })

  it('follows the settings an operator changes with SQL', async () => {
    await windowPasses()
    await server.deps.db.exec('update private.notification_email_settings set immediate_per_window = 1')
    try {
      const marker = randomUUID().slice(0, 8)
      await write(lucia, [`One ${marker}-1`, `One ${marker}-2`], [users.admin])
      expect(await outbox(marker)).toEqual([{ email: adminEmail, immediate: 1, digest: 1 }])
      // A kind left out of the list always waits for the digest.
      await server.deps.db.exec(
        `update private.notification_email_settings set immediate_per_window = 3, immediate_kinds = '{contact_message}'`,
      )
      const other = randomUUID().slice(0, 8)
      await write(lucia, [`Two ${other}`], [users.superAdmin])
      expect(await outbox(other)).toEqual([{ email: superAdminEmail, immediate: 0, digest: 1 }])
      await expect(
        server.deps.db.exec('update private.notification_email_settings set immediate_window_minutes = 0'),
      ).rejects.toThrow(/notification_email_settings_window/)
    } finally {
      await server.deps.db.exec(
        `update private.notification_email_settings
            set immediate_per_window = 3, immediate_kinds = '{conversation_mention,contact_message}'`,
      )
    }
  })

  // Two requests deciding for the same person at the same moment: the later one does not wait for
  // the other's lock; its mention goes to the digest. PGlite has one connection, so nothing runs
  // in parallel there.
  if (kind === 'postgres') {
    it('sends a mention decided while another request decides for the same person to the digest, without waiting', async () => {
      await windowPasses()
      const marker = randomUUID().slice(0, 8)
      await server.deps.db.transaction(async (tx) => {
        await tx.query(`select pg_advisory_xact_lock(hashtextextended($1, 0))`, [
          `notification-immediate:${users.superAdmin}:conversation_mention`,
        ])
        await write(lucia, [`Parallel ${marker}`], [users.superAdmin, users.admin])
      })
      expect(await outbox(marker)).toEqual([
        { email: adminEmail, immediate: 1, digest: 0 },
        { email: superAdminEmail, immediate: 0, digest: 1 },
      ])
    })
  }
})
