// Approvals with a record, through supabase-js as each person: staff choose an organization's
// approvers and ask for approval of a deliverable; only those approvers answer; the answers are
// never changed or deleted, by anyone; a new version reopens the request; the reminder job
// reminds once per due round even with two servers running it at once.
import { beforeAll, expect, it } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import { describeEachDatabase, useDemoPasswordClients, useTestServer } from '../support/server'
import { documents, organizations, reports, users } from '../rls/seed-ids'

type Person = 'lucia' | 'james' | 'daniel' | 'admin' | 'superAdmin'

describeEachDatabase('approvals on %s', (kind) => {
  const server = useTestServer(kind)
  const people = useDemoPasswordClients<Person>(server, 'lucia', 'james', 'daniel', 'admin', 'superAdmin')
  let service: SupabaseClient
  beforeAll(() => {
    service = server.serviceClient()
  })

  const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    server.deps.db.query<T>(text, params).then((r) => r.rows)
  const notificationsOf = (recipient: string, kind: string) =>
    sql<{ title: string; body: string }>(
      'select title, body from public.notifications where recipient_id = $1 and kind = $2 order by created_at',
      [recipient, kind],
    )

  let requestId: string

  it('lets only staff choose approvers, and only among the organization’s client users', async () => {
    const asLucia = await people.lucia.from('organization_approvers').insert({
      organization_id: organizations.ribera,
      profile_id: users.lucia,
    })
    expect(asLucia.error?.code).toBe('42501')

    const outsider = await people.admin.from('organization_approvers').insert({
      organization_id: organizations.ribera,
      profile_id: users.daniel,
    })
    expect(outsider.error?.message).toMatch(/client user of the organization/)
    expect(outsider.status).toBe(400)

    const added = await people.admin
      .from('organization_approvers')
      .insert({ organization_id: organizations.ribera, profile_id: users.lucia })
      .select('profile_id, added_by')
      .single()
    expect(added.error).toBeNull()
    expect(added.data).toEqual({ profile_id: users.lucia, added_by: users.admin })

    // Ribera's clients see their approvers; Kuntur's see none of Ribera's.
    expect((await people.james.from('organization_approvers').select('profile_id')).data).toEqual([
      { profile_id: users.lucia },
    ])
    expect((await people.daniel.from('organization_approvers').select('profile_id')).data).toEqual([])
    // Clients cannot remove approvers (the delete finds nothing to remove).
    await people.lucia.from('organization_approvers').delete().eq('profile_id', users.lucia)
    expect(await sql('select 1 from public.organization_approvers where profile_id = $1', [users.lucia])).toHaveLength(
      1,
    )
  })

  it('lets staff ask for approval of a shared deliverable only, once per deliverable', async () => {
    const asClient = await people.lucia.from('approval_requests').insert({ document_id: documents.riberaKpiSpec })
    expect(asClient.error?.code).toBe('42501')

    const hidden = await people.admin.from('approval_requests').insert({ document_id: documents.riberaInternalNotes })
    expect(hidden.status).toBe(400)
    expect(hidden.error?.message).toMatch(/Share the document/)
    const draft = await people.admin.from('approval_requests').insert({ report_id: reports.riberaDraft })
    expect(draft.error?.message).toMatch(/Publish the report/)
    // Kuntur has no approver: a request nobody could answer is refused.
    const noApprover = await people.admin.from('approval_requests').insert({ document_id: documents.kunturMethodology })
    expect(noApprover.error?.message).toMatch(/no approver/)

    const created = await people.admin
      .from('approval_requests')
      .insert({ document_id: documents.riberaKpiSpec, message: '  Por favor, revise los KPI.  ', status: 'approved' })
      .select('id, status, version, deliverable_type, deliverable_title, requested_by, message, organization_id')
      .single()
    expect(created.error).toBeNull()
    expect(created.data).toMatchObject({
      status: 'pending',
      version: 1,
      deliverable_type: 'document',
      requested_by: users.admin,
      message: 'Por favor, revise los KPI.',
      organization_id: organizations.ribera,
    })
    requestId = created.data!.id

    const again = await people.superAdmin.from('approval_requests').insert({ document_id: documents.riberaKpiSpec })
    expect(again.status).toBe(409)

    // The approver is told, in her language; James (not an approver) is not.
    const told = await notificationsOf(users.lucia, 'approval_requested')
    expect(told).toHaveLength(1)
    expect(told[0]!.title).toBe('Se solicita su aprobación')
    expect(await notificationsOf(users.james, 'approval_requested')).toEqual([])
  })

  it('shows the request to the organization’s clients and staff, and nothing to another organization', async () => {
    for (const person of ['lucia', 'james', 'admin', 'superAdmin'] as const) {
      const { data } = await people[person].from('approval_requests').select('id').eq('id', requestId)
      expect(data, person).toEqual([{ id: requestId }])
    }
    expect((await people.daniel.from('approval_requests').select('id')).data).toEqual([])
    expect((await server.client().from('approval_requests').select('id')).error?.code).toBe('42501')
  })

  it('lets only an approver answer, for the version awaiting an answer, with a comment when asking for changes', async () => {
    const answer = (person: Person, values: Record<string, unknown>) =>
      people[person]
        .from('approval_decisions')
        .insert({ request_id: requestId, ...values })
        .select('*')
        .single()

    // Not an approver, staff, another organization: the same refusal, whether or not the request exists.
    const refusals = await Promise.all([
      answer('james', { decision: 'approved', version: 1 }),
      answer('admin', { decision: 'approved', version: 1 }),
      answer('daniel', { decision: 'approved', version: 1 }),
      people.daniel
        .from('approval_decisions')
        .insert({ request_id: crypto.randomUUID(), decision: 'approved', version: 1 })
        .select('*')
        .single(),
    ])
    for (const refusal of refusals) {
      expect(refusal.status).toBe(403)
      expect(refusal.error?.message).toBe('new row violates row-level security policy for table "approval_decisions"')
    }

    expect((await answer('lucia', { decision: 'approved', version: 2 })).error?.message).toMatch(/newer version/)
    expect((await answer('lucia', { decision: 'changes_requested', version: 1, comment: '   ' })).status).toBe(400)

    const changes = await answer('lucia', {
      decision: 'changes_requested',
      version: 1,
      comment: 'Falta el margen por tienda.',
      decided_by: users.james,
      decided_at: '2020-01-01T00:00:00Z',
    })
    expect(changes.error).toBeNull()
    expect(changes.data).toMatchObject({
      decision: 'changes_requested',
      version: 1,
      decided_by: users.lucia,
      decided_by_name: 'Lucía Martín',
      comment: 'Falta el margen por tienda.',
    })
    expect(new Date(changes.data!.decided_at).getFullYear()).toBeGreaterThan(2025)

    const { data: request } = await people.james.from('approval_requests').select('status, answered_at').single()
    expect(request).toMatchObject({ status: 'changes_requested' })
    expect((await answer('lucia', { decision: 'approved', version: 1 })).error?.message).toMatch(
      /already been answered/,
    )

    // Staff who asked are told, with the comment; the activity trail has it for the client too.
    const answered = await notificationsOf(users.admin, 'approval_answered')
    expect(answered).toHaveLength(1)
    expect(answered[0]!.body).toContain('Falta el margen por tienda.')
    const { data: activity } = await people.james
      .from('activity_log')
      .select('action, summary')
      .eq('entity_type', 'approval')
      .eq('entity_id', requestId)
      .order('id')
    expect(activity?.map((a) => (a.summary as { event: string }).event)).toEqual(['requested', 'changes_requested'])
  })

  it('keeps every answer forever: no update, delete or truncate, for any role', async () => {
    const [decision] = await sql<{ id: string }>('select id from public.approval_decisions where request_id = $1', [
      requestId,
    ])
    for (const person of ['lucia', 'admin', 'superAdmin'] as const) {
      const update = await people[person]
        .from('approval_decisions')
        .update({ comment: 'edited' })
        .eq('id', decision!.id)
        .select()
      expect(update.error?.code, person).toBe('42501')
      const remove = await people[person].from('approval_decisions').delete().eq('id', decision!.id).select()
      expect(remove.error?.code, person).toBe('42501')
      const request = await people[person].from('approval_requests').delete().eq('id', requestId).select()
      expect(request.error?.code, person).toBe('42501')
    }
    expect(
      (await service.from('approval_decisions').update({ comment: 'edited' }).eq('id', decision!.id)).error?.code,
    ).toBe('42501')
    expect((await service.from('approval_decisions').delete().eq('id', decision!.id)).error?.code).toBe('42501')
    // Not even the owner, nor through the request.
    await expect(
      sql(`update public.approval_decisions set comment = 'edited' where id = $1`, [decision!.id]),
    ).rejects.toThrow(/permanent record/)
    await expect(sql('delete from public.approval_decisions where id = $1', [decision!.id])).rejects.toThrow(
      /permanent record/,
    )
    await expect(sql('truncate public.approval_decisions cascade')).rejects.toThrow(/permanent record|kept/)
    await expect(sql('delete from public.approval_requests where id = $1', [requestId])).rejects.toThrow(/kept/)
    const [kept] = await sql<{ comment: string }>('select comment from public.approval_decisions where id = $1', [
      decision!.id,
    ])
    expect(kept!.comment).toBe('Falta el margen por tienda.')
  })

  it('reopens the request when a new version of the deliverable is shared, keeping the earlier answers', async () => {
    // A rename is not a new version; new bytes are.
    await people.admin.from('documents').update({ name: 'Especificación de KPI' }).eq('id', documents.riberaKpiSpec)
    expect((await people.lucia.from('approval_requests').select('status, version').single()).data).toEqual({
      status: 'changes_requested',
      version: 1,
    })
    const replaced = await people.admin
      .from('documents')
      .update({ size_bytes: 123456, version: 40 })
      .eq('id', documents.riberaKpiSpec)
      .select('version')
      .single()
    expect(replaced.data).toEqual({ version: 2 })
    expect(
      (await people.lucia.from('approval_requests').select('status, version, deliverable_title').single()).data,
    ).toEqual({
      status: 'pending',
      version: 2,
      deliverable_title: 'Especificación de KPI',
    })
    expect(await notificationsOf(users.lucia, 'approval_requested')).toHaveLength(2)

    const approved = await people.lucia
      .from('approval_decisions')
      .insert({ request_id: requestId, decision: 'approved', version: 2 })
      .select('decision, version')
      .single()
    expect(approved.data).toEqual({ decision: 'approved', version: 2 })
    const { data: record } = await people.james
      .from('approval_decisions')
      .select('decision, version, decided_by_name')
      .eq('request_id', requestId)
      .order('decided_at')
    expect(record).toEqual([
      { decision: 'changes_requested', version: 1, decided_by_name: 'Lucía Martín' },
      { decision: 'approved', version: 2, decided_by_name: 'Lucía Martín' },
    ])
    expect((await people.daniel.from('approval_decisions').select('id')).data).toEqual([])
  })

  it('reminds the approvers once per due round, even with two servers running the job at once', async () => {
    const { data: created } = await people.admin
      .from('approval_requests')
      .insert({ report_id: reports.riberaPublished })
      .select('id')
      .single()
    expect(await server.approvalReminders.run()).toBe(0)

    // Four days old, with the default of three days.
    await sql(`update public.approval_requests set pending_since = now() - interval '4 days' where id = $1`, [
      created!.id,
    ])
    const [first, second] = await Promise.all([
      server.approvalReminders.run(),
      sql<{ n: number }>('select public.send_approval_reminders(3, 3, 100) as n'),
    ])
    expect(first + Number(second[0]!.n)).toBe(1)
    expect(await notificationsOf(users.lucia, 'approval_reminder')).toEqual([
      expect.objectContaining({ title: 'Recordatorio: aprobación pendiente' }),
    ])
    // Not again until another three days have passed.
    expect(await server.approvalReminders.run()).toBe(0)
    await sql(`update public.approval_requests set last_reminded_at = now() - interval '4 days' where id = $1`, [
      created!.id,
    ])
    expect(await server.approvalReminders.run()).toBe(1)
    expect(await notificationsOf(users.lucia, 'approval_reminder')).toHaveLength(2)
    // Nobody calls the job through the API.
    const viaApi = await people.admin.rpc('send_approval_reminders', {
      after_days: 0.01,
      max_reminders: 3,
      batch_size: 5,
    })
    expect(viaApi.error).not.toBeNull()
  })

  it('stops counting someone as an approver when they leave the organization', async () => {
    await sql('update public.profiles set organization_id = $1 where id = $2', [organizations.kuntur, users.lucia])
    expect(await sql('select 1 from public.organization_approvers where profile_id = $1', [users.lucia])).toEqual([])
  })
})
