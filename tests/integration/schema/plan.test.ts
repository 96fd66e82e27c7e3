// The project plan (migration 20261206300000, decision 0040) through supabase-js as the browser
// uses it: what each role reads of the totals (plan_usage), the progress derived from the plan
// and staff's visible override, the table's refusals as 400s naming the rule, and the demo plan
// agreeing with the rest of the seed.
import { readFileSync } from 'node:fs'
import { setupI18n } from '@lingui/core'
import { beforeAll, expect, it } from 'vitest'
import { describeEachDatabase, useSeedClients, useTestServer } from '../support/server'
import { plan, projects, users } from '../rls/seed-ids'
import { parseTimeEntriesCsv, planCsv, timeEntriesCsv } from '../../../src/features/plan/plan-csv'
import { checkTimeEntry, toTimeEntryRow } from '../../../src/features/plan/rules'

describeEachDatabase('project plan on %s', (kind) => {
  const server = useTestServer(kind)
  const { lucia, daniel, admin } = useSeedClients(server, 'lucia', 'daniel', 'admin')

  const sql = async <T>(text: string, params: unknown[] = []) => (await server.deps.db.query<T>(text, params)).rows
  const progressOf = async (project: string) =>
    (
      await sql<{ progress: number; progress_overridden: boolean }>(
        'select progress, progress_overridden from public.projects where id = $1',
        [project],
      )
    )[0]

  it('seeds a plan that gives each project the progress it shows, within its dates', async () => {
    const misfits = await sql<{ name: string; problem: string }>(`
      select pr.name, 'progress is not the plan''s' as problem from public.projects pr
       where exists (select 1 from public.plan_phases ph where ph.project_id = pr.id)
         and not pr.progress_overridden and pr.progress <> private.plan_progress(pr.id, pr.status)
      union all
      select pr.name, 'a phase outside the project''s dates' from public.plan_phases ph
        join public.projects pr on pr.id = ph.project_id
       where ph.start_date < pr.start_date or ph.end_date > coalesce(pr.completed_on, pr.due_date)
      union all
      select pr.name, 'time recorded in the future or outside its phase' from public.plan_time_entries t
        join public.plan_phases ph on ph.id = t.phase_id join public.projects pr on pr.id = ph.project_id
       where t.worked_on >= current_date or t.worked_on < ph.start_date or t.worked_on > ph.end_date
      union all
      select pr.name, 'a milestone reached in the future, or done phases with pending milestones'
        from public.plan_milestones m join public.projects pr on pr.id = m.project_id
        left join public.plan_phases ph on ph.id = m.phase_id
       where m.reached_at > now() or (m.status = 'pending' and ph.status = 'done')
      union all
      select pr.name, 'time on a phase not started' from public.plan_time_entries t
        join public.plan_phases ph on ph.id = t.phase_id join public.projects pr on pr.id = ph.project_id
       where ph.status = 'planned'`)
    expect(misfits).toEqual([])
    // The one override of the demo: Kuntur's ingestion project, on hold, typed below its plan.
    expect(
      await sql(
        `select id, progress, private.plan_progress(id, status) as planned from public.projects where progress_overridden`,
      ),
    ).toEqual([{ id: projects.kunturIngestion, progress: 55, planned: 70 }])
  })

  it('gives the totals per phase and day to the project’s clients and staff, without who logged them', async () => {
    const own = await lucia.rpc('plan_usage', { target_project: projects.riberaDashboard })
    expect(own.error).toBeNull()
    expect(Object.keys(own.data[0]).sort()).toEqual(['amount', 'hours', 'phase_id', 'worked_on'])
    const total = (rows: { phase_id: string; hours: number }[], phase: string) =>
      rows.filter((row) => row.phase_id === phase).reduce((sum, row) => sum + Number(row.hours), 0)
    expect(total(own.data, plan.riberaBuild)).toBe(85)
    const staff = await admin.rpc('plan_usage', { target_project: projects.riberaDashboard })
    expect(staff.data).toEqual(own.data)

    // Another organization's project, a hidden one and one that does not exist all look the same.
    for (const project of [projects.kunturScoring, projects.riberaHidden, '1a000000-0000-4000-8000-0000000000ff']) {
      expect(await lucia.rpc('plan_usage', { target_project: project })).toMatchObject({ error: null, data: [] })
    }
    expect((await daniel.rpc('plan_usage', { target_project: projects.riberaDashboard })).data).toEqual([])
    // Visitors may not call it.
    const anon = await server.client().rpc('plan_usage', { target_project: projects.riberaDashboard })
    expect(anon.error?.code).toBe('42501')
    // A client never reads an entry itself.
    expect((await lucia.from('plan_time_entries').select('*')).data).toEqual([])
  })

  it('derives the progress from the plan, lets staff override it visibly, and takes the plan back', async () => {
    expect(await progressOf(projects.riberaDashboard)).toEqual({ progress: 65, progress_overridden: false })
    // 20 more hours on the build phase (200 planned): 105 used, (80 + 160 + 105) / 500 = 69%.
    const entry = await admin
      .from('plan_time_entries')
      .insert({ phase_id: plan.riberaBuild, person_id: users.admin, worked_on: '2026-01-05', hours: 20, rate: 95 })
      .select('id, amount')
      .single()
    expect(entry.error).toBeNull()
    expect(entry.data!.amount).toBe(1900)
    expect(await progressOf(projects.riberaDashboard)).toEqual({ progress: 69, progress_overridden: false })

    // Staff type 80: an override, which the plan's changes no longer move.
    await admin.from('projects').update({ progress: 80 }).eq('id', projects.riberaDashboard)
    expect(await progressOf(projects.riberaDashboard)).toEqual({ progress: 80, progress_overridden: true })
    await admin.from('plan_phases').update({ status: 'done' }).eq('id', plan.riberaBuild)
    expect((await progressOf(projects.riberaDashboard))!.progress).toBe(80)
    // Saving the form with the progress unchanged is no new override; clearing it takes the plan's:
    // three phases done of 500 hours, (80 + 160 + 200) / 500 = 88%.
    await admin.from('projects').update({ progress_overridden: false }).eq('id', projects.riberaDashboard)
    expect(await progressOf(projects.riberaDashboard)).toEqual({ progress: 88, progress_overridden: false })
    await admin
      .from('projects')
      .update({ progress: 88, name: 'Cuadro de mando comercial' })
      .eq('id', projects.riberaDashboard)
    expect(await progressOf(projects.riberaDashboard)).toEqual({ progress: 88, progress_overridden: false })

    // Never 100 until the project is completed; completed is 100.
    await admin.from('plan_phases').update({ status: 'done' }).eq('id', plan.riberaRollout)
    expect((await progressOf(projects.riberaDashboard))!.progress).toBe(99)
    const completed = await admin
      .from('projects')
      .update({ status: 'completed', completed_on: new Date().toISOString().slice(0, 10) })
      .eq('id', projects.riberaDashboard)
    expect(completed.error).toBeNull()
    expect(await progressOf(projects.riberaDashboard)).toEqual({ progress: 100, progress_overridden: false })
    // As the staff form completes a project: the status and the 100 it requires, together. The
    // plan's own value is not an override.
    await admin
      .from('projects')
      .update({ status: 'in_progress', completed_on: null })
      .eq('id', projects.riberaDashboard)
    expect(await progressOf(projects.riberaDashboard)).toEqual({ progress: 99, progress_overridden: false })
    const fromForm = await admin
      .from('projects')
      .update({ status: 'completed', progress: 100, completed_on: new Date().toISOString().slice(0, 10) })
      .eq('id', projects.riberaDashboard)
    expect(fromForm.error).toBeNull()
    expect(await progressOf(projects.riberaDashboard)).toEqual({ progress: 100, progress_overridden: false })

    // A client changes nothing of it.
    const refused = await lucia.from('plan_phases').update({ status: 'planned' }).eq('id', plan.riberaBuild).select()
    expect(refused).toMatchObject({ error: null, data: [] })
  })

  it('refuses hostile values with a 400 naming the rule', async () => {
    const cases: [string, Record<string, unknown>, string][] = [
      [
        'plan_time_entries',
        { phase_id: plan.kunturModel, person_id: users.admin, worked_on: '2026-01-05', hours: 25 },
        'plan_time_entries_hours',
      ],
      [
        'plan_time_entries',
        { phase_id: plan.kunturModel, person_id: users.admin, worked_on: '2026-01-05', hours: 0 },
        'plan_time_entries_hours',
      ],
      [
        'plan_time_entries',
        { phase_id: plan.kunturModel, person_id: users.daniel, worked_on: '2026-01-05', hours: 2 },
        'plan_time_entries_person_is_staff',
      ],
      [
        'plan_time_entries',
        {
          phase_id: plan.kunturModel,
          person_id: users.admin,
          worked_on: '2026-01-05',
          hours: 2,
          note: 'x'.repeat(501),
        },
        'plan_time_entries_note_length',
      ],
      [
        'plan_phases',
        {
          project_id: projects.kunturScoring,
          title: ' ',
          start_date: '2026-01-01',
          end_date: '2026-02-01',
          planned_hours: 5,
        },
        'plan_phases_title_length',
      ],
      [
        'plan_phases',
        {
          project_id: projects.kunturScoring,
          title: 'Probe',
          start_date: '2026-03-01',
          end_date: '2026-02-01',
          planned_hours: 5,
        },
        'plan_phases_dates',
      ],
      [
        'plan_phases',
        {
          project_id: projects.kunturScoring,
          title: 'Probe',
          start_date: '2026-01-01',
          end_date: '2026-02-01',
          planned_hours: -1,
        },
        'plan_phases_planned_hours',
      ],
      [
        'plan_phases',
        {
          project_id: projects.kunturScoring,
          title: 'Probe',
          start_date: '2026-01-01',
          end_date: '2026-02-01',
          status: 'lost',
        },
        'plan_phases_status_check',
      ],
      [
        'plan_milestones',
        { project_id: projects.kunturScoring, phase_id: plan.riberaBuild, title: 'Probe', due_date: '2026-01-01' },
        'plan_milestones_phase_in_project',
      ],
      [
        'plan_milestones',
        { project_id: projects.kunturScoring, title: 'Probe', due_date: '2026-01-01', status: 'maybe' },
        'plan_milestones_status_check',
      ],
    ]
    for (const [table, row, rule] of cases) {
      const { status, error } = await admin.from(table).insert(row)
      expect({ table, rule, status, message: error?.message.includes(rule) }).toEqual({
        table,
        rule,
        status: 400,
        message: true,
      })
    }
    // Reaching a milestone stamps when; pending again clears it.
    const reached = await admin
      .from('plan_milestones')
      .update({ status: 'reached' })
      .eq('id', plan.riberaGoLive)
      .select('reached_at')
      .single()
    expect(reached.data?.reached_at).not.toBeNull()
    const pending = await admin
      .from('plan_milestones')
      .update({ status: 'pending' })
      .eq('id', plan.riberaGoLive)
      .select('reached_at')
      .single()
    expect(pending.data?.reached_at).toBeNull()
  })
})

describeEachDatabase('project plan notifications on %s', (kind) => {
  const server = useTestServer(kind)
  const { superAdmin } = useSeedClients(server, 'superAdmin')

  const noticesOf = async (kindOf: string) =>
    (
      await server.deps.db.query<{ recipient_id: string; title: string; body: string; dedupe_key: string }>(
        `select recipient_id, title, body, dedupe_key from public.notifications where kind = $1 order by dedupe_key, recipient_id`,
        [kindOf],
      )
    ).rows
  const recipients = (rows: { recipient_id: string }[]) => [...new Set(rows.map((row) => row.recipient_id))].sort()
  // Ribera's dashboard project: its clients Lucía and James, its manager the admin (the super
  // admin acts, and is not told of what they did).
  const audience = [users.admin, users.lucia, users.james].sort()

  it('tells the clients and the manager once that a milestone was reached, in their language', async () => {
    expect(await noticesOf('plan_milestone_reached')).toEqual([])
    for (const status of ['reached', 'pending', 'reached']) {
      const { error } = await superAdmin.from('plan_milestones').update({ status }).eq('id', plan.riberaGoLive)
      expect(error).toBeNull()
    }
    const notices = await noticesOf('plan_milestone_reached')
    expect(recipients(notices)).toEqual(audience)
    expect(notices).toHaveLength(3)
    const lucia = notices.find((notice) => notice.recipient_id === users.lucia)!
    expect(lucia).toMatchObject({ title: 'Hito alcanzado' })
    expect(lucia.body).toContain('«Puesta en producción»')
    expect(notices.find((notice) => notice.recipient_id === users.james)!.title).toBe('Milestone reached')
  })

  it('notifies 80% and 100% of a phase and of the plan exactly once each', async () => {
    const record = (hours: number[]) =>
      superAdmin.from('plan_time_entries').insert(
        hours.map((h) => ({
          phase_id: plan.riberaBuild,
          person_id: users.superAdmin,
          worked_on: '2026-01-05',
          hours: h,
          rate: 95,
        })),
      )
    // The build phase has 85 of 200 hours used, the plan 333 of 500. A file of four 20-hour
    // entries takes them to 165 (82.5%) and 413 (82.6%): 80% of the phase and of the plan, once
    // each though hours and budget both cross it.
    expect((await record([20, 20, 20, 20])).error).toBeNull()
    let notices = await noticesOf('plan_threshold')
    expect(recipients(notices)).toEqual(audience)
    expect(notices.map((notice) => notice.dedupe_key).filter((key, i, all) => all.indexOf(key) === i)).toEqual([
      `plan-threshold:${plan.riberaBuild}:80`,
      `plan-threshold:project:${projects.riberaDashboard}:80`,
    ])
    expect(notices).toHaveLength(6)
    const english = notices.find((n) => n.recipient_id === users.james && n.dedupe_key.includes('project'))!
    expect(english).toMatchObject({ title: 'Plan 80% used' })
    expect(english.body).toBe('The project Cuadro de mando comercial has used 80% of its planned hours.')

    // 20 more: 185 (92.5%), nothing new. 20 more: 205, the phase is at 100%.
    expect((await record([20])).error).toBeNull()
    expect(await noticesOf('plan_threshold')).toHaveLength(6)
    expect((await record([20])).error).toBeNull()
    notices = await noticesOf('plan_threshold')
    expect(notices).toHaveLength(9)
    expect(notices.filter((n) => n.dedupe_key === `plan-threshold:${plan.riberaBuild}:100`)).toHaveLength(3)

    // Removing time and recording it again crosses 80% and 100% again: nobody hears twice.
    const { data: removed } = await superAdmin
      .from('plan_time_entries')
      .delete()
      .eq('phase_id', plan.riberaBuild)
      .eq('worked_on', '2026-01-05')
      .select('id')
    expect(removed).toHaveLength(6)
    expect((await record([24, 24, 24, 24, 24])).error).toBeNull()
    expect(await noticesOf('plan_threshold')).toHaveLength(9)
    // A correction upwards counts like new time: Kuntur's model phase (65 of 200) to 165.
    const { data: entry } = await superAdmin
      .from('plan_time_entries')
      .insert({ phase_id: plan.kunturModel, person_id: users.superAdmin, worked_on: '2026-01-05', hours: 1 })
      .select('id')
      .single()
    expect(await noticesOf('plan_threshold')).toHaveLength(9)
    const more = await superAdmin.from('plan_time_entries').update({ hours: 24 }).eq('id', entry!.id)
    expect(more.error).toBeNull()
    for (let i = 0; i < 4; i++)
      await superAdmin
        .from('plan_time_entries')
        .insert({ phase_id: plan.kunturModel, person_id: users.superAdmin, worked_on: '2026-01-06', hours: 19 })
    const kuntur = (await noticesOf('plan_threshold')).filter(
      (n) => n.dedupe_key === `plan-threshold:${plan.kunturModel}:80`,
    )
    // Daniel and Sarah, and the project's manager (the super admin, who recorded it: not told).
    expect(recipients(kuntur)).toEqual([users.daniel, users.sarah].sort())
  })

  it('mails them as the person chose under "plan"', async () => {
    await server.deps.db.query(`insert into public.notification_preferences (person_id, plan) values ($1, 'off')`, [
      users.lucia,
    ])
    await superAdmin
      .from('plan_milestones')
      .update({ status: 'reached' })
      .eq('id', 'e2a00000-0000-4000-8000-000000000005')
    const { rows } = await server.deps.db.query<{ recipient_id: string; email_skipped: boolean }>(
      `select recipient_id, email_skipped from public.notifications
        where kind = 'plan_milestone_reached' and entity_id = 'e2a00000-0000-4000-8000-000000000005' order by recipient_id`,
    )
    expect(rows.find((row) => row.recipient_id === users.lucia)?.email_skipped).toBe(true)
    expect(rows.find((row) => row.recipient_id === users.james)?.email_skipped).toBe(false)
  })
})

describeEachDatabase('project plan CSV on %s', (kind) => {
  const server = useTestServer(kind)
  const { admin } = useSeedClients(server, 'admin')
  let phases: { id: string; title: string }[]
  let staff: { id: string; email: string }[]
  beforeAll(async () => {
    phases = (await admin.from('plan_phases').select('id, title').eq('project_id', projects.riberaDashboard)).data!
    staff = (await admin.from('profiles').select('id, email').in('role', ['admin', 'super_admin'])).data!.map((p) => ({
      id: p.id,
      email: p.email ?? '',
    }))
  })

  const header = 'worked_on,phase,person_email,hours,rate,note'
  const entryCount = async () =>
    Number((await server.deps.db.query<{ n: string }>('select count(*) as n from public.plan_time_entries')).rows[0]!.n)
  const i18nOf = (locale: 'es' | 'en') => {
    const i18n = setupI18n()
    i18n.load(locale, JSON.parse(readFileSync(`locales/${locale}/messages.json`, 'utf8')).messages)
    i18n.activate(locale)
    return i18n
  }

  it('imports a valid file as the form would save it, all rows in one request', async () => {
    const text = [
      header,
      `2026-01-05,Construcción del cuadro de mando,admin@caucedata.com,6,95,Modelo semántico`,
      `2026-01-06,construcción DEL cuadro de mando,SUPERADMIN@caucedata.com,"7,5",,`,
    ].join('\r\n')
    const result = parseTimeEntriesCsv(`\uFEFF${text}`, phases, staff)
    expect(result.fileProblems).toEqual([])
    expect(result.rows.flatMap((row) => row.problems)).toEqual([])
    const values = result.rows.map((row) => row.values!)
    expect(values[1]).toMatchObject({ phaseId: plan.riberaBuild, personId: users.superAdmin, hours: 7.5, rate: null })
    const before = await entryCount()
    const inserted = await admin.from('plan_time_entries').insert(values.map(toTimeEntryRow)).select('amount')
    expect(inserted.error).toBeNull()
    expect(inserted.data!.map((row) => row.amount)).toEqual([570, null])
    expect(await entryCount()).toBe(before + 2)
  })

  it('names every bad row and column in both languages, and imports nothing', async () => {
    const text = [
      header,
      `2026-02-30,Construcción del cuadro de mando,admin@caucedata.com,6,,`,
      `2026-01-05,Fase inventada,admin@caucedata.com,25,-1,`,
      `2026-01-05,Construcción del cuadro de mando,lucia.martin@example.com,"1,500",,`,
      `2026-01-05,Construcción del cuadro de mando,admin@caucedata.com,2,,${'x'.repeat(501)}`,
      `2026-01-05,,,,`,
    ].join('\n')
    const result = parseTimeEntriesCsv(text, phases, staff)
    const problems = result.rows.flatMap((row) => row.problems.map((p) => [p.row, p.column, p.reason.message]))
    expect(problems).toEqual([
      [1, 'worked_on', 'Enter a real date written YYYY-MM-DD, e.g. 2026-01-31.'],
      [2, 'phase', 'No phase of this project has this title.'],
      [2, 'hours', 'Hours are a number above 0 and at most 24, e.g. 6 or 7,5.'],
      [2, 'rate', 'A rate is a number from 0 to 100,000 euros an hour, or empty.'],
      [3, 'person_email', 'No member of staff has this e-mail address.'],
      [3, 'hours', 'Hours are a number above 0 and at most 24, e.g. 6 or 7,5.'],
      [4, 'note', 'A note has at most 500 characters.'],
      [5, null, 'This row does not have the same number of values as the header ({expected}).'],
      [5, 'phase', 'Choose a phase of this project.'],
      [5, 'person_email', 'Choose a member of staff.'],
      [5, 'hours', 'Hours are a number above 0 and at most 24, e.g. 6 or 7,5.'],
    ])
    expect(result.rows.every((row) => row.values === null)).toBe(true)
    // Every reason reads in Spanish and in English from the compiled catalogs.
    const [es, en] = [i18nOf('es'), i18nOf('en')]
    for (const problem of result.rows.flatMap((row) => row.problems)) {
      const source = problem.reason.message!.replace('{expected}', '6')
      expect(en._(problem.reason)).toBe(source)
      expect(es._(problem.reason)).not.toBe(source)
    }
    expect(es._(result.rows[1]!.problems[0]!.reason)).toBe('Ninguna fase de este proyecto tiene este título.')

    // A file that is not one: missing and unknown columns, no rows.
    const broken = parseTimeEntriesCsv('fecha,horas\n', phases, staff)
    expect(broken.rows).toEqual([])
    expect(broken.fileProblems.map((p) => [p.column, p.reason.message])).toEqual([
      ['worked_on', 'This column is missing.'],
      ['phase', 'This column is missing.'],
      ['person_email', 'This column is missing.'],
      ['hours', 'This column is missing.'],
      ['fecha', 'Unknown column. Check its spelling.'],
      ['horas', 'Unknown column. Check its spelling.'],
      [null, 'The file has no rows to import.'],
    ])
  })

  it('is all or nothing in the database too: one refused row stores none', async () => {
    const good = checkTimeEntry({
      phaseId: plan.riberaBuild,
      personId: users.admin,
      workedOn: '2026-01-07',
      hours: '3',
      rate: '',
      note: '',
    }).values!
    const before = await entryCount()
    // A row the browser would have refused, sent anyway: the client's hours.
    const refused = await admin
      .from('plan_time_entries')
      .insert([toTimeEntryRow(good), { ...toTimeEntryRow(good), person_id: users.lucia }])
    expect(refused.status).toBe(400)
    expect(refused.error?.message).toContain('plan_time_entries_person_is_staff')
    expect(await entryCount()).toBe(before)
  })

  it('exports the plan and the entries with every typed cell guarded against formulas', async () => {
    await admin.from('plan_milestones').update({ title: '=HYPERLINK("http://x")' }).eq('id', plan.riberaGoLive)
    const milestones = (
      await admin
        .from('plan_milestones')
        .select('id, phase_id, title, due_date, status, reached_at')
        .eq('project_id', projects.riberaDashboard)
    ).data!
    const full = (
      await admin
        .from('plan_phases')
        .select('id, title, start_date, end_date, status, planned_hours, planned_budget, position')
        .eq('project_id', projects.riberaDashboard)
    ).data!
    const usage = (await admin.rpc('plan_usage', { target_project: projects.riberaDashboard })).data as never
    const csv = planCsv(i18nOf('es'), '+Proyecto', { phases: full, milestones, usage })
    expect(csv.startsWith('\uFEFFProyecto,Tipo,')).toBe(true)
    expect(csv).toContain(`"'=HYPERLINK(""http://x"")"`)
    expect(csv).toContain("'+Proyecto,Fase,Descubrimiento y KPIs")
    const lines = csv.trim().split('\r\n')
    expect(lines).toHaveLength(1 + 4 + 5)

    const entries = (
      await admin
        .from('plan_time_entries')
        .select('phase_id, person_id, worked_on, hours, rate, amount, note')
        .eq('phase_id', plan.riberaBuild)
    ).data!
    const exported = timeEntriesCsv(
      entries.map((entry, index) => (index === 0 ? { ...entry, note: '@SUM(A1)' } : entry)),
      phases,
      staff,
    )
    expect(exported.split('\r\n')[0]).toBe('\uFEFFworked_on,phase,person_email,hours,rate,note,amount')
    expect(exported).toContain("'@SUM(A1)")
    // What was exported imports again (the amount column is read, not imported).
    const again = parseTimeEntriesCsv(exported.replace("'@SUM(A1)", 'revisado'), phases, staff)
    expect(again.fileProblems).toEqual([])
    expect(again.rows.every((row) => row.problems.length === 0)).toBe(true)
    expect(again.rows).toHaveLength(entries.length)
  })
})
