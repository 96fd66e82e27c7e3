// Messages a client cannot abuse: each conversation message notifies everyone on the project and a
// mention e-mails the person mentioned, so a client may write at most 5 messages per request and 20
// per minute (private.client_write_limits); past either, the whole request is undone with 429
// (PT429), nobody is notified, and the portal words it (tests/unit/conversation-failure.test.ts).
// Staff are not bounded, as with documents. Through supabase-js, as the conversation screen writes.
import { expect, it } from 'vitest'
import { describeEachDatabase, useSeedClients, useTestServer } from '../support/server'
import { projects, users } from '../rls/seed-ids'

const project: string = projects.riberaDashboard

describeEachDatabase('client message limits on %s', (kind) => {
  const server = useTestServer(kind)
  const { lucia, james, admin } = useSeedClients(server, 'lucia', 'james', 'admin')

  const messages = (count: number, text: string, mentions: string[] = [users.admin]) =>
    Array.from({ length: count }, (_, i) => ({ project_id: project, body: `${text} ${i}`, mentions }))

  const counts = async (author: string) => {
    const { rows } = await server.deps.db.query<{ messages: number; notifications: number }>(
      `select (select count(*)::int from public.conversation_messages where author_id = $1) as messages,
              (select count(*)::int from public.notifications where kind like 'conversation_%') as notifications`,
      [author],
    )
    return rows[0]!
  }

  it('refuses more than 5 messages in one request, writing none and notifying nobody', async () => {
    const before = await counts(users.lucia)
    const { error, status } = await lucia.from('conversation_messages').insert(messages(6, 'Burst'))
    expect(status).toBe(429)
    expect(error).toMatchObject({ code: 'PT429', message: 'Too many messages in one request: at most 5' })
    expect(await counts(users.lucia)).toEqual(before)

    // Five at once are fine, and staff hear about each.
    const { error: fiveError, status: fiveStatus } = await lucia
      .from('conversation_messages')
      .insert(messages(5, 'Five'))
    expect(fiveError).toBeNull()
    expect(fiveStatus).toBe(201)
    const after = await counts(users.lucia)
    expect(after.messages).toBe(before.messages + 5)
    expect(after.notifications).toBeGreaterThan(before.notifications)
  })

  it('refuses the next request once a client has written the per-minute bound', async () => {
    await server.deps.db.exec('update private.client_write_limits set messages_per_minute = 8')
    try {
      // The previous test wrote 5 within this minute: three more fit, one request at a time.
      for (const text of ['Six', 'Seven', 'Eight']) {
        const { error } = await lucia.from('conversation_messages').insert({ project_id: project, body: text })
        expect(error).toBeNull()
      }
      const before = await counts(users.lucia)
      const { error, status } = await lucia.from('conversation_messages').insert({ project_id: project, body: 'Nine' })
      expect(status).toBe(429)
      expect(error).toMatchObject({
        code: 'PT429',
        message: 'Too many messages in a short time: at most 8 per minute',
      })
      expect(await counts(users.lucia)).toEqual(before)

      // The bound is each client's own: her colleague still writes.
      expect(
        (await james.from('conversation_messages').insert({ project_id: project, body: 'Hello' })).error,
      ).toBeNull()

      // A minute later (her messages moved back in time, past the guard that keeps created_at) she
      // writes again.
      await server.deps.db.exec(`begin;
        set local session_replication_role = replica;
        update public.conversation_messages set created_at = created_at - interval '61 seconds'
         where author_id = '${users.lucia}';
        commit;`)
      expect(
        (await lucia.from('conversation_messages').insert({ project_id: project, body: 'Later' })).error,
      ).toBeNull()
    } finally {
      await server.deps.db.exec('update private.client_write_limits set messages_per_minute = 20')
    }
  })

  it('does not limit staff, per request or per minute', async () => {
    const before = await counts(users.admin)
    const { error, status } = await admin.from('conversation_messages').insert(messages(30, 'Staff', [users.lucia]))
    expect(error).toBeNull()
    expect(status).toBe(201)
    const { error: again } = await admin.from('conversation_messages').insert(messages(10, 'Staff again', []))
    expect(again).toBeNull()
    expect((await counts(users.admin)).messages).toBe(before.messages + 40)
  })

  it('lets an operator change the bounds with SQL, within sane values', async () => {
    await expect(
      server.deps.db.exec('update private.client_write_limits set messages_per_request = 0'),
    ).rejects.toThrow(/client_write_limits_messages_per_request/)
    await server.deps.db.exec('update private.client_write_limits set messages_per_request = 2')
    try {
      const { status, error } = await james.from('conversation_messages').insert(messages(3, 'Three'))
      expect(status).toBe(429)
      expect(error?.message).toBe('Too many messages in one request: at most 2')
    } finally {
      await server.deps.db.exec('update private.client_write_limits set messages_per_request = 5')
    }
  })
})
