// The lead pipeline (migration 20261206100000, decision 0038) through supabase-js as the admin
// pages use it, on both databases: the statuses and the lost reason (the form's schema and the
// table refuse the same), the assignee among staff only, the status history (who, when, from,
// to), notes and history for staff only (clients and visitors learn nothing), the follow-up
// reminder written once per date (and e-mailed by the person's choice), and the conversion into
// a client organization, atomic in SQL, followed by the person's invitation through admin-users.
import { randomUUID } from 'node:crypto'
import { beforeAll, expect, it } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import { describeEachDatabase, useDemoPasswordClients, useTestServer } from '../support/server'
import { relaxLimits } from '../auth/support/helpers'
import { users } from '../rls/seed-ids'
import { checkLead, checkNote, leadConstraints, toLeadRow, type LeadInput } from '../../../src/features/leads/rules'

describeEachDatabase('lead pipeline on %s', (kind) => {
  const server = useTestServer(kind, {}, relaxLimits)
  const { admin, superAdmin, lucia } = useDemoPasswordClients(server, 'admin', 'superAdmin', 'lucia')
  let visitor: SupabaseClient

  /** A new lead as the contact form writes it (as the owner, so the form's limits stay out of it). */
  async function newLead(fields: { company?: string | null; locale?: 'es' | 'en'; email?: string } = {}) {
    const tag = randomUUID().slice(0, 8)
    const { rows } = await server.deps.db.query<{ id: string; email: string; name: string }>(
      `insert into public.contact_messages (name, email, company, message, privacy_accepted, locale)
       values ($1, $2, $3, 'Quisiera una propuesta para ordenar nuestros datos.', true, $4) returning id, email, name`,
      [
        `Lead ${tag}`,
        fields.email ?? `lead-${tag}@example.org`,
        fields.company === undefined ? `Empresa ${tag}` : fields.company,
        fields.locale ?? 'es',
      ],
    )
    return rows[0]!
  }

  const row = async <T>(sql: string, params: unknown[] = []) => (await server.deps.db.query<T>(sql, params)).rows

  beforeAll(() => {
    visitor = server.client()
  })

  // ─── Statuses and the lost reason ──────────────────────────────────────────────────────────

  it('refuses a lost lead without a reason, in the form and in the table alike', async () => {
    const lead = await newLead()
    const base: LeadInput = { status: 'lost', lostReason: '', assigneeId: '', followUpOn: '' }
    const cases: [LeadInput, boolean][] = [
      [base, false],
      [{ ...base, lostReason: '   ' }, false],
      [{ ...base, lostReason: 'x'.repeat(501) }, false],
      [{ ...base, lostReason: 'Eligió otro proveedor.' }, true],
      [{ ...base, status: 'closed' }, false],
      [{ ...base, status: 'contacted' }, true],
      [{ ...base, status: 'qualified', followUpOn: '2026-02-30' }, false],
      [{ ...base, status: 'qualified', followUpOn: '2026-12-24' }, true],
    ]
    for (const [values, accepted] of cases) {
      const checked = checkLead(values)
      expect(checked.problems.length === 0, JSON.stringify(values)).toBe(accepted)
      // What the form would send (its row), or the raw value where the form refuses to build one.
      const sent = {
        ...toLeadRow(values),
        lost_reason: values.status === 'lost' ? values.lostReason : null,
        follow_up_on: values.followUpOn || null,
      }
      const { error } = await admin.from('contact_messages').update(sent).eq('id', lead.id).select('id').single()
      expect(error === null, `${JSON.stringify(values)}: ${error?.message}`).toBe(accepted)
      if (!accepted && checked.problems[0]) {
        const constraint = /constraint "([^"]+)"/.exec(error?.message ?? '')?.[1]
        if (constraint && leadConstraints[constraint])
          expect(leadConstraints[constraint]!.field).toBe(checked.problems[0].field)
      }
    }
  })

  it('clears the reason when a lead leaves "lost", and keeps every status change as history', async () => {
    const lead = await newLead()
    const move = (fields: Record<string, unknown>, client = admin) =>
      client.from('contact_messages').update(fields).eq('id', lead.id).select('id').single()
    expect((await move({ status: 'contacted' })).error).toBeNull()
    expect((await move({ status: 'lost', lost_reason: '  Sin presupuesto este año. ' })).error).toBeNull()
    expect((await move({ status: 'qualified' }, superAdmin)).error).toBeNull()
    const [stored] = await row<{ status: string; lost_reason: string | null; handled_by: string }>(
      'select status, lost_reason, handled_by from public.contact_messages where id = $1',
      [lead.id],
    )
    expect(stored).toEqual({ status: 'qualified', lost_reason: null, handled_by: users.superAdmin })

    const history = await admin
      .from('lead_status_changes')
      .select('from_status, to_status, lost_reason, changed_by, changed_at')
      .eq('lead_id', lead.id)
      .order('changed_at')
    expect(history.error).toBeNull()
    expect(history.data!.map(({ changed_at: _, ...change }) => change)).toEqual([
      { from_status: 'new', to_status: 'contacted', lost_reason: null, changed_by: users.admin },
      {
        from_status: 'contacted',
        to_status: 'lost',
        lost_reason: 'Sin presupuesto este año.',
        changed_by: users.admin,
      },
      { from_status: 'lost', to_status: 'qualified', lost_reason: null, changed_by: users.superAdmin },
    ])
    // Saving the same status again is no change.
    expect((await move({ status: 'qualified' })).error).toBeNull()
    expect((await row('select 1 from public.lead_status_changes where lead_id = $1', [lead.id])).length).toBe(3)
  })

  it('lets staff change only the pipeline fields, and never the conversion', async () => {
    const lead = await newLead()
    for (const fields of [{ message: 'Edited' }, { organization_id: null, converted_at: new Date().toISOString() }]) {
      const { error } = await admin.from('contact_messages').update(fields).eq('id', lead.id).select('id').single()
      expect(error?.code, JSON.stringify(fields)).toBe('42501')
    }
    const { error } = await admin
      .from('contact_messages')
      .update({ follow_up_reminded_on: '2026-01-01' })
      .eq('id', lead.id)
      .select('id')
      .single()
    expect(error?.code).toBe('42501')
  })

  // ─── The assignee ──────────────────────────────────────────────────────────────────────────

  it('assigns a lead to staff only, and unassigns someone who stops being staff', async () => {
    const lead = await newLead()
    const assign = (id: string) =>
      admin.from('contact_messages').update({ assignee_id: id }).eq('id', lead.id).select('id').single()
    const refused = await assign(users.lucia)
    expect(refused.error?.code).toBe('23514')
    expect(refused.error?.message).toMatch(/assignee of a lead must be an active staff member/)
    // The form says the same, on the same field.
    expect(
      checkLead({ status: 'new', lostReason: '', assigneeId: users.lucia, followUpOn: '' }, new Set([users.admin]))
        .problems[0]?.field,
    ).toBe('assigneeId')
    expect((await assign(users.superAdmin)).error).toBeNull()

    // "Mine": the super_admin's own leads, as the board filters them.
    const mine = await superAdmin.from('contact_messages').select('id').eq('assignee_id', users.superAdmin)
    expect(mine.data!.map((r) => r.id)).toContain(lead.id)

    // A staff member demoted to client is no longer anyone's assignee.
    const tag = randomUUID().slice(0, 8)
    const { data: created } = await server.serviceClient().auth.admin.createUser({
      email: `staff-${tag}@example.com`,
      email_confirm: true,
    })
    const staffId = created.user!.id
    await server.deps.db.query(`update public.profiles set role = 'admin' where id = $1`, [staffId])
    expect((await assign(staffId)).error).toBeNull()
    await server.deps.db.query(`update public.profiles set role = 'client' where id = $1`, [staffId])
    expect(await row('select assignee_id from public.contact_messages where id = $1', [lead.id])).toEqual([
      { assignee_id: null },
    ])
  })

  // ─── Notes, history: staff only ────────────────────────────────────────────────────────────

  it('keeps notes and history to staff: clients and visitors neither read nor write them', async () => {
    const lead = await newLead()
    const added = await admin
      .from('lead_notes')
      .insert({ lead_id: lead.id, body: '  Llamar el lunes.  ' })
      .select('body, author_id')
      .single()
    expect(added.error).toBeNull()
    expect(added.data).toEqual({ body: '  Llamar el lunes.  ', author_id: users.admin })
    expect(checkNote({ body: '   ' }).problems[0]?.field).toBe('body')
    const empty = await admin.from('lead_notes').insert({ lead_id: lead.id, body: '   ' })
    expect(empty.error?.message).toContain('lead_notes_body_length')
    // Nobody writes a note in someone else's name.
    const forged = await admin.from('lead_notes').insert({ lead_id: lead.id, body: 'x', author_id: users.superAdmin })
    expect(forged.error?.code).toBe('42501')
    await admin.from('contact_messages').update({ status: 'contacted' }).eq('id', lead.id)

    for (const client of [lucia, visitor]) {
      const notes = await client.from('lead_notes').select('id').eq('lead_id', lead.id)
      const history = await client.from('lead_status_changes').select('id').eq('lead_id', lead.id)
      const leads = await client.from('contact_messages').select('id').eq('id', lead.id)
      // Clients see nothing; the visitor has no access at all. Neither can tell whether the lead exists.
      if (client === lucia) {
        expect([notes.data, history.data, leads.data]).toEqual([[], [], []])
      } else {
        expect([notes.error?.code, history.error?.code, leads.error?.code]).toEqual(['42501', '42501', '42501'])
      }
      const write = await client.from('lead_notes').insert({ lead_id: lead.id, body: 'Hola' })
      expect(write.error?.code).toBe('42501')
      const convert = await client.rpc('convert_lead_to_organization', { lead_id: lead.id })
      expect(convert.error).not.toBeNull()
    }
    // A client converting a real lead and a made-up one get the same answer.
    const real = await lucia.rpc('convert_lead_to_organization', { lead_id: lead.id })
    const madeUp = await lucia.rpc('convert_lead_to_organization', { lead_id: randomUUID() })
    expect(real.error?.code).toBe(madeUp.error?.code)
    expect(real.error?.message).toBe(madeUp.error?.message)
    expect(real.status).toBe(madeUp.status)
  })

  // ─── The follow-up reminder ────────────────────────────────────────────────────────────────

  it('reminds the assignee once per follow-up date, in the app and by their e-mail choice', async () => {
    const lead = await newLead()
    const remind = async () => (await row<{ n: number }>('select public.send_lead_follow_up_reminders(100) as n'))[0]!.n
    const reminders = () =>
      row<{ recipient_id: string; title: string; email_skipped: boolean; entity_id: string }>(
        `select recipient_id, title, email_skipped, entity_id from public.notifications
          where kind = 'lead_follow_up' and entity_id = $1 order by created_at`,
        [lead.id],
      )
    // The admin chose no e-mail for tasks: a follow-up is one of them (decision 0038).
    await server.deps.db.query(
      `insert into public.notification_preferences (person_id, tasks) values ($1, 'off')
      on conflict (person_id) do update set tasks = 'off'`,
      [users.admin],
    )
    const future = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10)
    expect(
      (
        await admin
          .from('contact_messages')
          .update({ assignee_id: users.admin, follow_up_on: future })
          .eq('id', lead.id)
          .select('id')
          .single()
      ).error,
    ).toBeNull()
    await remind()
    expect(await reminders()).toEqual([])

    // The day comes: one reminder, however often the schedule runs.
    await server.deps.db.query(`update public.contact_messages set follow_up_on = current_date - 1 where id = $1`, [
      lead.id,
    ])
    // Once by Supabase Cron's SQL, once by our server's own timer job: the same function.
    await remind()
    expect(await server.leadFollowUps.run()).toBe(0)
    const [first, ...others] = await reminders()
    expect(others).toEqual([])
    expect(first).toMatchObject({ recipient_id: users.admin, email_skipped: true, entity_id: lead.id })
    expect(first!.title).toBe(`Seguimiento pendiente: ${lead.name}`)

    // A new date reminds again, once; a won or lost lead is not followed up.
    await server.deps.db.query(`update public.contact_messages set follow_up_on = current_date where id = $1`, [
      lead.id,
    ])
    expect(await server.leadFollowUps.run()).toBe(1) // our server's timer job runs the same function
    await remind()
    expect(await reminders()).toHaveLength(2)
    await server.deps.db.query(
      `update public.contact_messages set status = 'lost', lost_reason = 'x', follow_up_on = current_date - 2 where id = $1`,
      [lead.id],
    )
    await remind()
    expect(await reminders()).toHaveLength(2)
    await server.deps.db.query('delete from public.notification_preferences where person_id = $1', [users.admin])

    // The API cannot run the job (only the schedule does).
    const viaApi = await admin.rpc('send_lead_follow_up_reminders', { batch_size: 100 })
    expect(viaApi.error).not.toBeNull()
  })

  it('e-mails the reminder at once to an assignee who chose "immediately" for tasks, linking to the lead', async () => {
    const lead = await newLead()
    await server.deps.db.query(
      `insert into public.notification_preferences (person_id, tasks) values ($1, 'immediately')
       on conflict (person_id) do update set tasks = 'immediately'`,
      [users.superAdmin],
    )
    await server.deps.db.query(
      `update public.contact_messages set assignee_id = $2, follow_up_on = current_date where id = $1`,
      [lead.id, users.superAdmin],
    )
    await server.notificationMails.flush()
    expect(await server.leadFollowUps.run()).toBe(1)
    await server.notificationMails.flush()
    const mails = server.deps
      .catcher!.messages()
      .filter((mail) => mail.to.includes('superadmin@caucedata.com') && mail.subject === `Follow-up due: ${lead.name}`)
    expect(mails).toHaveLength(1)
    // The super_admin reads English: the title in their language, the link to the lead's page.
    expect(mails[0]!.text).toContain(`Today is the day to follow up ${lead.name}`)
    expect(mails[0]!.text).toContain(`/en/admin/dashboard/leads/${lead.id}`)
    await server.deps.db.query('delete from public.notification_preferences where person_id = $1', [users.superAdmin])
  })

  // ─── Conversion into a client organization ─────────────────────────────────────────────────

  it('converts a qualified lead into an organization in one step, then invites the person', async () => {
    const email = `converted-${randomUUID().slice(0, 8)}@example.org`
    const lead = await newLead({ company: 'Conservas del Cantábrico', locale: 'en', email })
    // Not yet: only a qualified or won lead.
    const early = await admin.rpc('convert_lead_to_organization', { lead_id: lead.id })
    expect(early.error?.message).toMatch(/qualified or won/)
    expect(await row('select 1 from public.organizations where name = $1', ['Conservas del Cantábrico'])).toEqual([])

    await admin.from('contact_messages').update({ status: 'qualified' }).eq('id', lead.id)
    const converted = await admin.rpc('convert_lead_to_organization', { lead_id: lead.id })
    expect(converted.error).toBeNull()
    const organizationId = converted.data as string
    const [organization] = await row<{ name: string; slug: string; default_locale: string }>(
      'select name, slug, default_locale from public.organizations where id = $1',
      [organizationId],
    )
    expect(organization).toEqual({
      name: 'Conservas del Cantábrico',
      slug: expect.stringMatching(/^conservas-del-cantabrico(-\d+)?$/),
      default_locale: 'en',
    })
    const [stored] = await row<{ status: string; organization_id: string; converted: boolean }>(
      'select status, organization_id, converted_at is not null as converted from public.contact_messages where id = $1',
      [lead.id],
    )
    expect(stored).toEqual({ status: 'won', organization_id: organizationId, converted: true })
    const history = await admin.from('lead_status_changes').select('from_status, to_status').eq('lead_id', lead.id)
    expect(history.data).toContainEqual({ from_status: 'qualified', to_status: 'won' })
    // The organization page finds its lead.
    const source = await admin.from('contact_messages').select('id').eq('organization_id', organizationId)
    expect(source.data).toEqual([{ id: lead.id }])

    // Once only.
    const again = await admin.rpc('convert_lead_to_organization', { lead_id: lead.id })
    expect(again.error?.message).toMatch(/already a client organization/)

    // The invitation, as the lead page sends it, in the lead's language.
    const invited = await admin.functions.invoke('admin-users', {
      body: { action: 'invite', email, full_name: lead.name, locale: 'en', organization_id: organizationId },
    })
    expect(invited.error).toBeNull()
    const [profile] = await row<{ role: string; organization_id: string; locale: string }>(
      'select role, organization_id, locale from public.profiles where email = $1',
      [email],
    )
    expect(profile).toEqual({ role: 'client', organization_id: organizationId, locale: 'en' })
    const mails = server.deps.catcher!.messages().filter((mail) => mail.to.includes(email))
    expect(mails).toHaveLength(1)
  })

  it('refuses a bad organization name with the form’s rule, and a name from the person without a company', async () => {
    const lead = await newLead({ company: null })
    await admin.from('contact_messages').update({ status: 'qualified' }).eq('id', lead.id)
    const tooLong = await admin.rpc('convert_lead_to_organization', {
      lead_id: lead.id,
      organization_name: 'x'.repeat(201),
    })
    expect(tooLong.error?.message).toContain('organizations_name_length')
    expect(await row('select organization_id from public.contact_messages where id = $1', [lead.id])).toEqual([
      { organization_id: null },
    ])
    const named = await admin.rpc('convert_lead_to_organization', { lead_id: lead.id })
    expect(named.error).toBeNull()
    expect(await row('select name from public.organizations where id = $1', [named.data])).toEqual([
      { name: lead.name },
    ])
  })
})
