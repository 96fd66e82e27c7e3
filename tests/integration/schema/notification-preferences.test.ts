// Notification preferences (migration 20261205100000, decision 0035): each person reads and
// writes only their own choices, through supabase-js as the browser does; the outbox honours
// them (not by e-mail, at once, the digest's frequency) while the in-app notification stays; and
// every notification e-mail links to the reader's settings page in their area and language.
import { randomUUID } from 'node:crypto'
import { afterEach, expect, it } from 'vitest'
import type { Queryable } from '../../../supabase/server/db/database'
import { describeEachDatabase, useSeedClients, useTestServer } from '../support/server'
import { as, shareRiberaDocument } from '../rls/run-as'
import {
  checkPreferences,
  defaultPreferences,
  preferenceConstraints,
  preferencesOf,
  toPreferencesRow,
} from '../../../src/features/notifications/rules'
import { projects, users } from '../rls/seed-ids'

const lucia = 'lucia.martin@example.com'
const james = 'james.whitaker@example.com'

describeEachDatabase('notification preferences on %s', (kind) => {
  // Every mention may go at once here: coalescing has its own tests.
  const server = useTestServer(kind, {}, (started) =>
    started.deps.db.exec('update private.notification_email_settings set immediate_per_window = 1000'),
  )
  const clients = useSeedClients(server, 'lucia', 'daniel', 'admin')
  const { lucia: luciaClient, daniel: danielClient, admin: adminClient } = clients
  // Each case starts from nobody's choices.
  afterEach(() => server.deps.db.exec('delete from public.notification_preferences'))

  const catcher = () => server.deps.catcher!
  const mailsAbout = (to: string, marker: string) =>
    catcher()
      .messages()
      .filter((mail) => mail.to.includes(to) && mail.text.includes(marker))
  const notificationOf = async (recipient: string, marker: string) =>
    (
      await server.deps.db.query<{ email_immediately: boolean; email_skipped: boolean; emailed_at: string | null }>(
        `select email_immediately, email_skipped, emailed_at from public.notifications
          where recipient_id = $1 and (title like $2 or body like $2)`,
        [recipient, `%${marker}%`],
      )
    ).rows
  /** A staff message in Ribera's dashboard project: notifies Lucía and James. */
  const staffMessage = (marker: string) =>
    as(server.deps.db, 'admin', (tx: Queryable) =>
      tx.query(`insert into public.conversation_messages (project_id, body) values ($1, $2)`, [
        projects.riberaDashboard,
        `Nueva versión ${marker}`,
      ]),
    )
  const shareDocument = (marker: string) => shareRiberaDocument(server.deps.db, `Plan ${marker}`)

  it('lets a person write and read only their own preferences', async () => {
    const own = await luciaClient
      .from('notification_preferences')
      .upsert({ person_id: users.lucia, messages: 'immediately', digest_frequency: 'daily' })
      .select()
      .single()
    expect(own.error).toBeNull()
    expect(own.data).toMatchObject({ person_id: users.lucia, messages: 'immediately', mentions: 'immediately' })
    expect((await luciaClient.from('notification_preferences').select('person_id')).data).toEqual([
      { person_id: users.lucia },
    ])

    // Another client and staff see no row of hers, and change none.
    for (const other of [danielClient, adminClient]) {
      expect((await other.from('notification_preferences').select('*').eq('person_id', users.lucia)).data).toEqual([])
      const changed = await other
        .from('notification_preferences')
        .update({ messages: 'off' })
        .eq('person_id', users.lucia)
        .select()
      expect(changed).toMatchObject({ error: null, data: [] })
      expect(
        (await other.from('notification_preferences').delete().eq('person_id', users.lucia).select()).data,
      ).toEqual([])
    }
    // Nobody writes a row for someone else: refused by the policy, 403 as Supabase answers it.
    const forged = await danielClient.from('notification_preferences').insert({ person_id: users.sarah })
    expect(forged.status).toBe(403)
    expect(forged.error?.code).toBe('42501')
    const moved = await luciaClient
      .from('notification_preferences')
      .update({ person_id: users.james })
      .eq('person_id', users.lucia)
    expect(moved.error?.code).toBe('42501')

    // Staff write their own.
    const staff = await adminClient.from('notification_preferences').insert({ person_id: users.admin, tasks: 'off' })
    expect(staff.error).toBeNull()

    // Visitors have no access at all.
    const anonRead = await server.client().from('notification_preferences').select('*')
    expect(anonRead.error?.code).toBe('42501')
    const anonWrite = await server.client().from('notification_preferences').insert({ person_id: users.lucia })
    expect(anonWrite.error?.code).toBe('42501')

    // Her row is as she left it.
    const { rows } = await server.deps.db.query(
      'select messages, digest_frequency from public.notification_preferences where person_id = $1',
      [users.lucia],
    )
    expect(rows).toEqual([{ messages: 'immediately', digest_frequency: 'daily' }])
  })

  it('refuses a choice outside the list with a 400 naming the rule', async () => {
    const loud = await luciaClient.from('notification_preferences').insert({ person_id: users.lucia, messages: 'loud' })
    expect(loud.status).toBe(400)
    expect(loud.error).toMatchObject({ code: '23514' })
    expect(loud.error?.message).toContain('notification_preferences_messages')
    const often = await luciaClient
      .from('notification_preferences')
      .insert({ person_id: users.lucia, digest_frequency: 'secondly' })
    expect(often.status).toBe(400)
    expect(often.error?.message).toContain('notification_preferences_digest_frequency')
  })

  it('refuses in the table exactly what the form refuses, on the same field', async () => {
    const fields = [
      'messages',
      'mentions',
      'documents',
      'reports',
      'approvals',
      'tasks',
      'plan',
      'digestFrequency',
    ] as const
    for (const field of fields) {
      const values = { ...defaultPreferences, [field]: 'never' }
      const checked = checkPreferences(values as typeof defaultPreferences)
      expect(checked.problems.map((p) => p.field)).toEqual([field])
      const { error } = await luciaClient
        .from('notification_preferences')
        .insert(toPreferencesRow(users.lucia, values as typeof defaultPreferences))
      const constraint = Object.keys(preferenceConstraints).find((name) => error?.message.includes(name))
      expect(constraint && preferenceConstraints[constraint]).toEqual({ field, rule: checked.problems[0]!.rule })
    }
    // A stored row reads back as the form's values.
    expect(preferencesOf({ messages: 'off', digest_frequency: 'weekly' })).toEqual({
      ...defaultPreferences,
      messages: 'off',
      digestFrequency: 'weekly',
    })
  })

  it('has the defaults of today when a person has no row: mentions at once, the rest in the digest', async () => {
    // A row saved with nothing chosen holds what the outbox does without one (the message below).
    const { rows: defaults } = await server.deps.db.query<{ column_name: string; column_default: string }>(
      `select column_name, column_default from information_schema.columns
        where table_schema = 'public' and table_name = 'notification_preferences' and column_default like '''%'`,
    )
    // The form's defaults (src/features/notifications/rules.ts) are the table's.
    const { person_id: _, ...formDefaults } = toPreferencesRow(users.lucia, defaultPreferences)
    expect(Object.fromEntries(defaults.map((d) => [d.column_name, d.column_default.split("'")[1]]))).toEqual(
      formDefaults,
    )
    expect(formDefaults).toMatchObject({ mentions: 'immediately', messages: 'digest', digest_frequency: 'soon' })
    const marker = randomUUID().slice(0, 8)
    await staffMessage(marker)
    expect(await notificationOf(users.lucia, marker)).toEqual([
      { email_immediately: false, email_skipped: false, emailed_at: null },
    ])
  })

  it('sends no e-mail of a kind a person turned off, while the in-app notification stays', async () => {
    const { error } = await luciaClient
      .from('notification_preferences')
      .upsert({ person_id: users.lucia, messages: 'off' })
    expect(error).toBeNull()
    const marker = randomUUID().slice(0, 8)
    await staffMessage(marker)
    await server.notificationMails.flush()
    // James, who chose nothing, hears of it by e-mail; Lucía does not.
    await catcher().waitFor(james, (mail) => mail.text.includes(marker))
    expect(mailsAbout(lucia, marker)).toEqual([])
    expect(await notificationOf(users.lucia, marker)).toEqual([
      { email_immediately: false, email_skipped: true, emailed_at: null },
    ])
    // She still reads it in the portal.
    const inApp = await luciaClient.from('notifications').select('kind, body, read_at').like('body', `%${marker}%`)
    expect(inApp.data).toEqual([{ kind: 'conversation_message', body: expect.stringContaining(marker), read_at: null }])
    // Other kinds still arrive.
    const other = randomUUID().slice(0, 8)
    await shareDocument(other)
    await server.notificationMails.flush()
    await catcher().waitFor(lucia, (mail) => mail.text.includes(other))
  })

  it('sends a kind chosen "immediately" on its own at once, and a mention chosen "digest" in the digest', async () => {
    await luciaClient.from('notification_preferences').upsert({
      person_id: users.lucia,
      documents: 'immediately',
      mentions: 'digest',
    })
    const marker = randomUUID().slice(0, 8)
    await shareDocument(marker)
    expect(await notificationOf(users.lucia, marker)).toMatchObject([{ email_immediately: true }])
    expect(await notificationOf(users.james, marker)).toMatchObject([{ email_immediately: false }])
    const mention = randomUUID().slice(0, 8)
    await as(server.deps.db, 'admin', (tx: Queryable) =>
      tx.query(`insert into public.conversation_messages (project_id, body, mentions) values ($1, $2, $3)`, [
        projects.riberaDashboard,
        `@Lucía Martín revise ${mention}`,
        [users.lucia],
      ]),
    )
    const rows = await server.deps.db.query<{ kind: string; email_immediately: boolean }>(
      `select kind, email_immediately from public.notifications where recipient_id = $1 and body like $2`,
      [users.lucia, `%${mention}%`],
    )
    expect(rows.rows).toEqual([{ kind: 'conversation_mention', email_immediately: false }])
    await server.notificationMails.flush()
    await catcher().waitFor(lucia, (mail) => mail.text.includes(marker))
  })

  it("spaces a person's digests by the frequency they chose", async () => {
    await server.notificationMails.flush()
    // Her last digest was long ago: the first news goes at once, as it did without a choice.
    await server.deps.db.query(
      `update private.notification_digests set last_sent_at = now() - interval '2 hours' where recipient_id = $1`,
      [users.lucia],
    )
    await luciaClient.from('notification_preferences').upsert({ person_id: users.lucia, digest_frequency: 'hourly' })
    const first = randomUUID().slice(0, 8)
    await shareDocument(first)
    await server.notificationMails.flush()
    await catcher().waitFor(lucia, (mail) => mail.text.includes(first))

    // Within the hour her next news waits; James (no choice, digest every 0 minutes here) gets his.
    const second = randomUUID().slice(0, 8)
    await shareDocument(second)
    await server.notificationMails.flush()
    await catcher().waitFor(james, (mail) => mail.text.includes(second))
    expect(mailsAbout(lucia, second)).toEqual([])
    expect(await notificationOf(users.lucia, second)).toMatchObject([{ emailed_at: null }])

    // An hour later it goes.
    await server.deps.db.query(
      `update private.notification_digests set last_sent_at = now() - interval '61 minutes' where recipient_id = $1`,
      [users.lucia],
    )
    await server.notificationMails.flush()
    await catcher().waitFor(lucia, (mail) => mail.text.includes(second))
  })

  it('links every notification e-mail to the settings page of the reader, in their area and language', async () => {
    const marker = randomUUID().slice(0, 8)
    await staffMessage(marker)
    await server.notificationMails.flush()
    const spanish = await catcher().waitFor(lucia, (mail) => mail.text.includes(marker))
    const english = await catcher().waitFor(james, (mail) => mail.text.includes(marker))
    const portal = (lang: string) => `${server.deps.siteOrigin}/${lang}/client-portal/dashboard/notification-settings`
    expect(spanish.text).toContain(`configuración de notificaciones:\n${portal('es')}`)
    expect(spanish.html).toContain(`href="${portal('es')}"`)
    expect(english.text).toContain(`notification settings:\n${portal('en')}`)
    // Staff: a client's message reaches them, linking to the admin area.
    const client = randomUUID().slice(0, 8)
    await as(server.deps.db, 'clientA', (tx: Queryable) =>
      tx.query(`insert into public.conversation_messages (project_id, body) values ($1, $2)`, [
        projects.riberaDashboard,
        `Pregunta ${client}`,
      ]),
    )
    await server.notificationMails.flush()
    const staff = await catcher().waitFor('admin@caucedata.com', (mail) => mail.text.includes(client))
    expect(staff.html).toContain(`href="${server.deps.siteOrigin}/es/admin/dashboard/notification-settings"`)
  })
})
