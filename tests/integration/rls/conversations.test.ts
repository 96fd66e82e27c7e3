// The project conversation through supabase-js, as each role: who may read and write which
// messages (internal notes staff-only, other organizations and hidden projects never), the edit
// window and deletion enforced by the database, mentions and attachments limited to the project,
// read markers and unread counts, the notifications and activity entries a message leaves, and
// realtime delivery that never hands a client an internal note.
import { expect, it } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import { describeEachDatabase } from '../support/server'
import { subscribed, watch, useListeningServer, useActorClients } from '../realtime/support'
import { documents, projects, users } from './seed-ids'

const project: string = projects.riberaDashboard

describeEachDatabase('project conversations on %s', (kind) => {
  const realtime = useListeningServer(kind, {
    CONVERSATION_MAX_MESSAGE_CHARS: '200',
    CONVERSATION_MAX_ATTACHMENTS: '2',
  })
  const { server } = realtime
  const clients = useActorClients(realtime, 'clientA', 'clientB', 'admin', 'anon')
  const { clientA: lucia, clientB: daniel, admin, anon } = clients

  const write = (client: SupabaseClient, values: Record<string, unknown>) =>
    client
      .from('conversation_messages')
      .insert({ project_id: project, ...values } as never)
      .select('id, body, created_at, is_internal')
      .single()
  const ids = async (client: SupabaseClient, projectId = project) => {
    const { data, error } = await client.from('conversation_messages').select('id').eq('project_id', projectId)
    expect(error).toBeNull()
    return (data ?? []).map((row) => row.id as string)
  }
  const notices = async (messageId: string) =>
    (
      await server.deps.db.query<{ recipient_id: string; kind: string; title: string; body: string }>(
        'select recipient_id, kind, title, body from public.notifications where entity_id = $1 order by recipient_id',
        [messageId],
      )
    ).rows

  it('lets clients of the organization and staff write and read; internal notes reach staff only', async () => {
    const fromClient = await write(lucia, { body: '  Hola,\nquedo atenta.  ' })
    expect(fromClient.error).toBeNull()
    expect(fromClient.data!.body).toBe('Hola,\nquedo atenta.')
    const note = await write(admin, { body: 'Internal: check the budget', is_internal: true })
    expect(note.error).toBeNull()

    expect(await ids(lucia)).toContain(fromClient.data!.id)
    expect(await ids(lucia)).not.toContain(note.data!.id)
    expect(await ids(admin)).toEqual(expect.arrayContaining([fromClient.data!.id, note.data!.id]))
    // Another organization's client and the anonymous role see nothing of it.
    expect(await ids(daniel)).toEqual([])
    const anonymous = await anon.from('conversation_messages').select('id').eq('project_id', project)
    expect(anonymous.data ?? []).toEqual([])

    // The note's activity entry says only "wrote in the conversation": no text, staff-only.
    const { rows: activity } = await server.deps.db.query<{ summary: object; is_internal: boolean }>(
      `select summary, is_internal from public.activity_log where entity_type = 'conversation_message' and entity_id = $1`,
      [note.data!.id],
    )
    expect(activity).toEqual([{ summary: {}, is_internal: true }])
    const clientActivity = await lucia
      .from('activity_log')
      .select('entity_id')
      .eq('entity_type', 'conversation_message')
    expect(clientActivity.data!.map((r) => r.entity_id)).toContain(fromClient.data!.id)
    expect(clientActivity.data!.map((r) => r.entity_id)).not.toContain(note.data!.id)
  })

  it('refuses what a role may not write: notes by clients, other organizations, hidden projects, anon, someone else as author', async () => {
    for (const [client, values] of [
      [lucia, { body: 'Sneaky note', is_internal: true }],
      [daniel, { body: 'Wrong organization' }],
      [lucia, { body: 'Hidden project', project_id: projects.riberaHidden }],
      [anon, { body: 'Anonymous' }],
      [lucia, { body: 'Impersonation', author_id: users.admin }],
    ] as const) {
      const { data, error } = await write(client, values)
      expect(data).toBeNull()
      expect(error).not.toBeNull()
    }
    // Staff may write in a project hidden from the client; the client never reads it.
    const hidden = await write(admin, { body: 'Scoping', project_id: projects.riberaHidden })
    expect(hidden.error).toBeNull()
    expect(await ids(lucia, projects.riberaHidden)).toEqual([])
  })

  it('enforces the length, mentions of people on the project and attachments of the project', async () => {
    const tooLong = await write(lucia, { body: 'x'.repeat(201) })
    expect(tooLong.error?.message).toMatch(/at most 200 characters/)
    expect((await write(lucia, { body: '   ' })).error).not.toBeNull()
    expect((await write(lucia, { body: '@Daniel', mentions: [users.daniel] })).error?.message).toMatch(
      /people on the project/,
    )
    expect(
      (await write(admin, { body: 'Note for @Lucía', is_internal: true, mentions: [users.lucia] })).error?.message,
    ).toMatch(/people on the project/)
    for (const document of [documents.riberaInternalNotes, documents.kunturMethodology])
      expect((await write(lucia, { body: 'See attached', document_ids: [document] })).error?.message).toMatch(
        /documents of the project/,
      )
    expect(
      (
        await write(lucia, {
          body: 'Three files',
          document_ids: [documents.riberaKpiSpec, documents.riberaClientUpload, documents.riberaInternalNotes],
        })
      ).error?.message,
    ).toMatch(/at most 2 attachments/)
    const attached = await write(lucia, { body: 'The spec', document_ids: [documents.riberaKpiSpec] })
    expect(attached.error).toBeNull()
    // Staff may attach a staff-only document to an internal note.
    const note = await write(admin, {
      body: 'Our notes',
      is_internal: true,
      document_ids: [documents.riberaInternalNotes],
    })
    expect(note.error).toBeNull()
  })

  it('notifies everyone who may see a message once, in their language; mentions as mentions; never the author', async () => {
    const message = await write(lucia, { body: 'Pregunta para @Admin', mentions: [users.admin] })
    expect(message.error).toBeNull()
    const rows = await notices(message.data!.id)
    const byRecipient = Object.fromEntries(rows.map((r) => [r.recipient_id, r]))
    expect(byRecipient[users.lucia]).toBeUndefined()
    expect(byRecipient[users.admin]).toMatchObject({ kind: 'conversation_mention' })
    expect(byRecipient[users.superAdmin]).toMatchObject({ kind: 'conversation_message' })
    expect(byRecipient[users.james]).toMatchObject({
      kind: 'conversation_message',
      title: 'New message in the conversation',
    })
    expect(byRecipient[users.daniel]).toBeUndefined()
    expect(rows).toHaveLength(3)

    // The writer's words are quoted as theirs, on one line, with nothing that could close the quote.
    const tricky = await write(lucia, { body: 'Hola»\n\u202eFirma: Cauce Data «fin' })
    expect(tricky.error).toBeNull()
    const quoted = Object.fromEntries((await notices(tricky.data!.id)).map((r) => [r.recipient_id, r.body]))
    expect(quoted[users.james]).toMatch(/wrote in the project .*: “Hola' Firma: Cauce Data 'fin”$/)
    expect(quoted[users.admin]).toMatch(/ha escrito en el proyecto .*: «Hola' Firma: Cauce Data 'fin»$/)

    const note = await write(admin, { body: 'Staff only', is_internal: true })
    const noteRows = await notices(note.data!.id)
    expect(noteRows.map((r) => r.recipient_id)).toEqual([users.superAdmin])
    expect(noteRows[0]!.kind).toBe('conversation_message')
  })

  it('lets the author edit within the edit window and delete their own; nobody else; a deleted message stays deleted', async () => {
    const mine = (await write(lucia, { body: 'First draft' })).data!
    const edited = await lucia
      .from('conversation_messages')
      .update({ body: 'Second draft' })
      .eq('id', mine.id)
      .select('body, edited_at')
    expect(edited.error).toBeNull()
    expect(edited.data![0]!.body).toBe('Second draft')
    expect(edited.data![0]!.edited_at).not.toBeNull()

    // Someone else's message: no row matches (row-level security), nothing changes.
    for (const client of [admin, daniel]) {
      const other = await client
        .from('conversation_messages')
        .update({ body: 'Rewritten' })
        .eq('id', mine.id)
        .select('id')
      expect(other.data ?? []).toEqual([])
    }
    // No hard deletes through the API: a deletion is a marker.
    const hard = await lucia.from('conversation_messages').delete().eq('id', mine.id)
    expect(hard.error).not.toBeNull()

    // Past the window (the message made older by the owner), the database refuses the edit.
    const old = (await write(lucia, { body: 'Old message' })).data!
    await server.deps.db.transaction(async (tx) => {
      await tx.query('alter table public.conversation_messages disable trigger conversation_messages_guard')
      await tx.query(
        `update public.conversation_messages set created_at = now() - interval '16 minutes' where id = $1`,
        [old.id],
      )
      await tx.query('alter table public.conversation_messages enable trigger conversation_messages_guard')
    })
    const late = await lucia.from('conversation_messages').update({ body: 'Too late' }).eq('id', old.id).select('id')
    expect(late.error?.message).toMatch(/edited for 15 minutes/)
    expect(late.status).toBe(400)

    // Deleting works past the window; the text, mentions and attachments are erased.
    const deleted = await lucia
      .from('conversation_messages')
      .update({ deleted_at: new Date().toISOString() })
      .eq('id', old.id)
      .select('body, deleted_at, mentions, document_ids')
    expect(deleted.error).toBeNull()
    expect(deleted.data![0]).toMatchObject({ body: '', mentions: [], document_ids: [] })
    expect(deleted.data![0]!.deleted_at).not.toBeNull()
    const again = await lucia.from('conversation_messages').update({ body: 'Back' }).eq('id', old.id).select('id')
    expect(again.error?.message).toMatch(/deleted message cannot be changed/)
  })

  it('keeps read markers per person: unread counts follow them; markers are read by the project only', async () => {
    const marked = await admin.rpc('mark_conversation_read', {
      target_project: project,
      up_to: new Date().toISOString(),
    })
    expect(marked.error).toBeNull()
    const before = await admin.rpc('conversation_unread_counts')
    const countFor = (rows: { project_id: string; unread: number }[] | null) =>
      rows?.find((r) => r.project_id === project)?.unread ?? 0
    expect(countFor(before.data)).toBe(0)
    await write(lucia, { body: 'New question' })
    await write(lucia, { body: 'And another one' })
    expect(countFor((await admin.rpc('conversation_unread_counts')).data)).toBe(2)
    // The client's own messages never count; staff's internal notes never count for the client.
    await lucia.rpc('mark_conversation_read', { target_project: project, up_to: new Date().toISOString() })
    await write(admin, { body: 'Internal again', is_internal: true })
    expect(countFor((await lucia.rpc('conversation_unread_counts')).data)).toBe(0)
    await write(admin, { body: 'Answer to the client' })
    expect(countFor((await lucia.rpc('conversation_unread_counts')).data)).toBe(1)

    const markers = await lucia.from('conversation_reads').select('user_id').eq('project_id', project)
    expect(markers.data!.map((r) => r.user_id)).toEqual(expect.arrayContaining([users.lucia, users.admin]))
    expect((await daniel.from('conversation_reads').select('user_id').eq('project_id', project)).data).toEqual([])
    // Nobody moves another person's marker, nor records one on a project they cannot see.
    const forged = await lucia
      .from('conversation_reads')
      .insert({ project_id: project, user_id: users.james, last_read_at: new Date().toISOString() } as never)
    expect(forged.error).not.toBeNull()
    const elsewhere = await daniel.rpc('mark_conversation_read', {
      target_project: project,
      up_to: new Date().toISOString(),
    })
    expect(elsewhere.error).not.toBeNull()
  })

  it('delivers live messages only to who may read them: an internal note never reaches a client subscriber', async () => {
    const filter = `project_id=eq.${project}`
    const tables = [
      { table: 'conversation_messages', filter },
      { table: 'conversation_reads', filter },
    ]
    const clientWatch = watch(lucia, 'conversation-client', tables)
    const otherWatch = watch(daniel, 'conversation-other', tables)
    const staffWatch = watch(admin, 'conversation-staff', tables)
    await Promise.all([subscribed(clientWatch), subscribed(otherWatch), subscribed(staffWatch)])

    const note = (await write(admin, { body: 'Secret margin', is_internal: true })).data!
    const reply = (await write(admin, { body: 'Visible reply' })).data!
    await admin.from('conversation_messages').update({ deleted_at: new Date().toISOString() }).eq('id', reply.id)
    const ids = (w: typeof clientWatch) =>
      w.changes
        .filter((c) => c.table === 'conversation_messages')
        .map((c) => `${c.eventType}:${String((c.new as { id?: string }).id ?? '')}`)
    await expect
      .poll(() => ids(staffWatch), { timeout: 15_000 })
      .toEqual(expect.arrayContaining([`INSERT:${note.id}`, `INSERT:${reply.id}`]))
    await expect.poll(() => ids(clientWatch), { timeout: 15_000 }).toContain(`UPDATE:${reply.id}`)
    const deletion = clientWatch.changes.find((c) => c.table === 'conversation_messages' && c.eventType === 'UPDATE')!
      .new as {
      body: string
      deleted_at: string
    }
    expect(deletion.body).toBe('')
    expect(deletion.deleted_at).not.toBeNull()
    // A sentinel after the note: once the client has it, the note would have arrived before it.
    const sentinel = (await write(lucia, { body: 'Sentinel' })).data!
    await expect.poll(() => ids(clientWatch), { timeout: 15_000 }).toContain(`INSERT:${sentinel.id}`)
    expect(ids(clientWatch)).not.toContain(`INSERT:${note.id}`)
    expect(JSON.stringify(clientWatch.changes)).not.toContain('Secret margin')

    // Read markers (who has read up to where) reach the project's people, as messages do.
    await lucia.rpc('mark_conversation_read', { target_project: project, up_to: new Date().toISOString() })
    const marked = (w: typeof clientWatch) =>
      w.changes.some((c) => c.table === 'conversation_reads' && (c.new as { user_id?: string }).user_id === users.lucia)
    await expect.poll(() => marked(staffWatch), { timeout: 15_000 }).toBe(true)
    await expect.poll(() => marked(clientWatch), { timeout: 15_000 }).toBe(true)
    expect(otherWatch.changes).toEqual([])
  })

  it('shows who is reading through presence on a private channel only the people of the project may join', async () => {
    const join = (client: SupabaseClient, topic: string, name: string) => {
      const channel = client.channel(topic, { config: { private: true, presence: { key: name } } })
      // realtime-js joins presence only for a channel that listens to it.
      channel.on('presence', { event: 'sync' }, () => undefined)
      const joined = new Promise<string>((resolve) =>
        channel.subscribe((status) => {
          if (status === 'SUBSCRIBED') void channel.track({ name }).then(() => resolve(status))
          else if (status === 'CHANNEL_ERROR') resolve(status)
        }),
      )
      return { channel, joined }
    }
    const topic = `conversation:${project}`
    const staff = join(admin, topic, 'Admin')
    const client = join(lucia, topic, 'Lucía')
    expect(await staff.joined).toBe('SUBSCRIBED')
    expect(await client.joined).toBe('SUBSCRIBED')
    await expect
      .poll(() => Object.keys(client.channel.presenceState()).sort(), { timeout: 15_000 })
      // Keyed by each caller's own user id, whatever key the join asked for (issue 21 item 4).
      .toEqual([users.admin, users.lucia].sort())
    // Another organization's client, a hidden project and a malformed topic: refused.
    for (const [who, name] of [
      [daniel, topic],
      [lucia, `conversation:${projects.riberaHidden}`],
      [lucia, 'conversation:nope'],
    ] as const)
      expect(await join(who, name, 'Intruder').joined).toBe('CHANNEL_ERROR')
  })
})
