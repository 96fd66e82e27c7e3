// The demo data is what the README and `npm start` promise: two client organizations with a
// Spanish- and an English-speaking user each, an admin and a super_admin who can sign in with the
// demo password, projects in several states and services, shared and hidden documents, published
// and draft reports, a year of metrics, client and internal tasks (some overdue), and the
// notifications and activity the triggers wrote while seeding. And a demo a newcomer can trust: each
// organization's content in its working language, and every date, state and reference consistent
// with the others and with the day the seed ran.
import { join } from 'node:path'
import { verify } from '@node-rs/argon2'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrate } from '../../../supabase/server/db/migrate'
import { openPglite } from '../../../supabase/server/db/pglite'
import { describeEachDatabase, startTestServer, type TestServer } from '../support/server'
import { demoAccounts, demoPassword } from '../../../supabase/server/welcome'
import { organizations, projects } from '../rls/seed-ids'

describeEachDatabase('seed on %s', (kind) => {
  let server: TestServer
  const query = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) =>
    server.deps.db.query<T>(sql, params).then((r) => r.rows)
  const count = async (sql: string, params: unknown[] = []) =>
    (await query<{ n: number }>(`select count(*)::int as n from (${sql}) s`, params))[0]!.n

  beforeAll(async () => {
    server = await startTestServer(kind)
  })
  afterAll(() => server.close())

  it('has two client organizations, four clients, one admin and one super_admin', async () => {
    expect(await count('select 1 from public.organizations')).toBe(2)
    const roles = await query<{ role: string; n: number }>(
      'select role, count(*)::int as n from public.profiles group by role order by role',
    )
    expect(roles).toEqual([
      { role: 'admin', n: 1 },
      { role: 'client', n: 4 },
      { role: 'super_admin', n: 1 },
    ])
    const perOrganization = await query<{ organization_id: string; locales: string[] }>(
      `select organization_id, array_agg(locale order by locale) as locales from public.profiles where role = 'client' group by 1 order by 1`,
    )
    expect(perOrganization).toEqual([
      { organization_id: organizations.ribera, locales: ['en', 'es'] },
      { organization_id: organizations.kuntur, locales: ['en', 'es'] },
    ])
    expect(await count(`select 1 from public.profiles where role <> 'client' and organization_id is not null`)).toBe(0)
  })

  it('lets every demo account of the welcome screen sign in with the demo password', async () => {
    const accounts = await query<{
      email: string
      role: string
      full_name: string
      locale: string
      encrypted_password: string
      identities: number
      confirmed: boolean
    }>(
      `select u.email, p.role, p.full_name, p.locale, u.encrypted_password, u.email_confirmed_at is not null as confirmed,
         (select count(*)::int from auth.identities i where i.user_id = u.id and i.provider = 'email'
            and i.identity_data ->> 'sub' = u.id::text and i.identity_data ->> 'email' = u.email) as identities
       from auth.users u join public.profiles p on p.id = u.id order by u.email`,
    )
    expect(accounts.map((a) => a.email)).toEqual(demoAccounts.map((a) => a.email).sort())
    for (const account of accounts) {
      const demo = demoAccounts.find((a) => a.email === account.email)!
      expect(account, account.email).toMatchObject({
        role: demo.role,
        full_name: demo.name,
        locale: demo.locale,
        identities: 1,
        confirmed: true,
      })
      expect(await verify(account.encrypted_password, demoPassword), account.email).toBe(true)
    }
  })

  it('has three or four projects per organization, in several states and services', async () => {
    const perOrganization = await query<{ n: number }>(
      'select count(*)::int as n from public.projects group by organization_id',
    )
    for (const row of perOrganization) expect(row.n).toBeGreaterThanOrEqual(3)
    for (const row of perOrganization) expect(row.n).toBeLessThanOrEqual(4)
    expect(await count('select distinct status from public.projects')).toBeGreaterThanOrEqual(4)
    expect(await count('select distinct service from public.projects')).toBe(6)
    expect(await count('select 1 from public.projects where not visible_to_client')).toBe(1)
  })

  it('has shared and hidden documents, including uploads by clients', async () => {
    expect(await count('select 1 from public.documents')).toBe(15)
    expect(await count('select 1 from public.documents where visible_to_client')).toBe(11)
    expect(
      await count(
        `select 1 from public.documents d join public.profiles p on p.id = d.uploaded_by where p.role = 'client'`,
      ),
    ).toBe(2)
  })

  it('has published and draft reports', async () => {
    const rows = await query<{ status: string; n: number }>(
      'select status, count(*)::int as n from public.reports group by 1 order by 1',
    )
    expect(rows).toEqual([
      { status: 'draft', n: 3 },
      { status: 'published', n: 7 },
    ])
  })

  it('has three monthly metrics for every project under way or done, none for those not started', async () => {
    const rows = await query<{ project_id: string; metrics: number; months: number }>(
      `select project_id, count(distinct metric_key)::int as metrics, count(distinct period_start)::int as months
       from public.analytics_metrics group by 1 order by 1`,
    )
    expect(rows).toEqual([
      { project_id: projects.riberaDashboard, metrics: 3, months: 4 },
      { project_id: projects.riberaPlatform, metrics: 3, months: 10 },
      { project_id: projects.kunturScoring, metrics: 3, months: 3 },
      { project_id: projects.kunturIngestion, metrics: 3, months: 6 },
      { project_id: projects.kunturGovernance, metrics: 3, months: 7 },
    ])
    expect(await count('select 1 from public.analytics_metrics')).toBe(90)
  })

  it('has tasks for clients and staff, internal ones and overdue ones', async () => {
    expect(await count('select 1 from public.tasks')).toBe(15)
    expect(
      await count(
        `select 1 from public.tasks t join public.profiles p on p.id = t.assigned_to where p.role = 'client'`,
      ),
    ).toBe(10)
    expect(await count('select 1 from public.tasks where is_internal')).toBe(5)
    expect(await count(`select 1 from public.tasks where due_date < current_date and status <> 'done'`)).toBe(4)
  })

  it('has the notifications and activity the triggers wrote, some already read', async () => {
    const kinds = await query<{ kind: string; n: number }>(
      'select kind, count(*)::int as n from public.notifications group by 1 order by 1',
    )
    // None about what happened before its recipient had an account (see the history checks below).
    expect(kinds).toEqual([
      { kind: 'contact_message', n: 10 },
      { kind: 'document_shared', n: 19 },
      { kind: 'document_uploaded', n: 4 },
      { kind: 'report_published', n: 14 },
      { kind: 'task_assigned', n: 11 },
    ])
    expect(await count('select distinct recipient_id from public.notifications')).toBe(6)
    expect(await count('select 1 from public.notifications where read_at is not null')).toBe(23)
    expect(await count('select 1 from public.activity_log')).toBe(143)
    expect(await count(`select 1 from public.activity_log where actor_id is not null`)).toBe(137)
    expect(await count('select 1 from public.contact_messages')).toBe(5)
  })

  it('has leads in every status of the pipeline, one of them become Kuntur Pay (decision 0038)', async () => {
    expect(await query(`select status, count(*)::int as n from public.contact_messages group by 1 order by 1`)).toEqual(
      [
        { status: 'contacted', n: 1 },
        { status: 'lost', n: 1 },
        { status: 'new', n: 1 },
        { status: 'qualified', n: 1 },
        { status: 'won', n: 1 },
      ],
    )
    expect(await count(`select 1 from public.contact_messages where organization_id = '${organizations.kuntur}'`)).toBe(
      1,
    )
    expect(await count('select 1 from public.contact_messages where assignee_id is not null')).toBe(5)
    expect(await count('select 1 from public.lead_notes')).toBe(5)
    expect(await count('select 1 from public.lead_status_changes')).toBe(8)
    // No follow-up is due on first start: nothing is reminded before someone sets a date.
    expect(await count('select 1 from public.contact_messages where follow_up_on <= current_date')).toBe(0)
  })

  // ─── Language ─────────────────────────────────────────────────────────────────────────────
  // Each organization works in one language (organizations.default_locale: Almacenes Ribera in
  // Spanish, Kuntur Pay in English, as the README says); everything the firm writes for it is in
  // that language, and its reports say so (reports.locale). Its people read the portal in their own.
  it("writes each organization's content in its working language", async () => {
    expect(await query(`select id, default_locale from public.organizations order by id`)).toEqual([
      { id: organizations.ribera, default_locale: 'es' },
      { id: organizations.kuntur, default_locale: 'en' },
    ])
    const texts = await query<{ source: string; locale: string; text: string }>(
      `select 'project ' || p.name as source, o.default_locale as locale, concat_ws(' ', p.name, p.description) as text
         from public.projects p join public.organizations o on o.id = p.organization_id
       union all
       select 'document ' || d.name, o.default_locale, concat_ws(' ', d.name, d.description)
         from public.documents d join public.projects p on p.id = d.project_id join public.organizations o on o.id = p.organization_id
       union all
       select 'task ' || t.title, o.default_locale, concat_ws(' ', t.title, t.description)
         from public.tasks t join public.projects p on p.id = t.project_id join public.organizations o on o.id = p.organization_id
       union all
       select 'report ' || r.title, o.default_locale, concat_ws(' ', r.title, r.summary)
         from public.reports r join public.projects p on p.id = r.project_id join public.organizations o on o.id = p.organization_id
       union all
       select 'report locale ' || r.title, r.locale, concat_ws(' ', r.title, r.summary)
         from public.reports r
       union all
       select 'metric note ' || m.metric_key, o.default_locale, m.notes
         from public.analytics_metrics m join public.projects p on p.id = m.project_id join public.organizations o on o.id = p.organization_id
         where m.notes is not null
       union all
       select 'lead ' || c.name, c.locale, c.message from public.contact_messages c`,
    )
    expect(texts.length).toBeGreaterThan(50)
    const wrong = texts.filter((row) => languageOf(row.text) !== row.locale)
    expect(wrong).toEqual([])
  })

  // ─── History ──────────────────────────────────────────────────────────────────────────────
  // Each check lists what breaks it, so a failure names the rows. Times are relative to the seed's
  // run (the golden database is seeded when the tests start), so they hold whatever day it is.
  const offenders = async (sql: string) => query(sql)

  it('orders every project: created, started, completed (all its tasks done), with a progress that fits', async () => {
    expect(
      await offenders(`
        select p.name, 'created before its organization' as problem from public.projects p
          join public.organizations o on o.id = p.organization_id where p.created_at < o.created_at
        union all select p.name, 'managed by someone without an account yet' from public.projects p
          join auth.users u on u.id = p.manager_id where u.created_at > p.created_at
        union all select name, 'due before it starts' from public.projects where due_date < start_date
        union all select name, 'dated in the future' from public.projects where created_at > now() or updated_at > now()
        union all select name, 'started long before it was created' from public.projects where start_date < created_at::date - 30
        union all select name, 'completed without a completion date, or dated but not completed' from public.projects
          where (status = 'completed') <> (completed_on is not null)
        union all select name, 'completed before it started or in the future' from public.projects
          where completed_on < start_date or completed_on > current_date
        union all select name, 'progress does not fit the status' from public.projects
          where (status = 'completed' and progress <> 100) or (status <> 'completed' and progress = 100)
             or (status in ('in_progress', 'on_hold') and progress = 0) or (start_date is null and progress > 0)
        union all select p.name || ' / ' || t.title, 'open task in a completed project' from public.tasks t
          join public.projects p on p.id = t.project_id where p.status = 'completed' and t.status <> 'done'
        union all select p.name || ' / ' || t.title, 'task due or done after the project ended' from public.tasks t
          join public.projects p on p.id = t.project_id
          where t.due_date > p.completed_on or t.completed_at::date > p.completed_on
        union all select p.name || ' / ' || t.title, 'task due after the project is due' from public.tasks t
          join public.projects p on p.id = t.project_id where t.due_date > p.due_date and p.completed_on is null`),
    ).toEqual([])
  })

  it('dates tasks, documents, reports and metrics within their project and before now', async () => {
    expect(
      await offenders(`
        select t.title as row, 'task created before its project or in the future' as problem from public.tasks t
          join public.projects p on p.id = t.project_id where t.created_at < p.created_at or t.created_at > now()
        union all select t.title, 'task done without a completion time, or completed but not done' from public.tasks t
          where (t.status = 'done') <> (t.completed_at is not null)
        union all select t.title, 'task completed before it was created or in the future' from public.tasks t
          where t.completed_at < t.created_at or t.completed_at > now()
        union all select t.title, 'assigned to someone without an account yet' from public.tasks t
          join auth.users u on u.id = t.assigned_to where u.created_at > t.created_at
        union all select t.title, 'last updated before its latest event or in the future' from public.tasks t
          where t.updated_at < coalesce(t.completed_at, t.created_at) or t.updated_at > now()
        union all select d.name, 'document added before its project or in the future' from public.documents d
          join public.projects p on p.id = d.project_id where d.created_at < p.created_at or d.created_at > now()
        union all select d.name, 'document added after its project ended' from public.documents d
          join public.projects p on p.id = d.project_id where d.created_at::date > p.completed_on
        union all select d.name, 'uploaded by someone without an account yet' from public.documents d
          join auth.users u on u.id = d.uploaded_by where u.created_at > d.created_at
        union all select d.name, 'document updated before it was added or in the future' from public.documents d
          where d.updated_at < d.created_at or d.updated_at > now()
        union all select r.title, 'report written before its project or in the future' from public.reports r
          join public.projects p on p.id = r.project_id where r.created_at < p.created_at or r.created_at > now()
        union all select r.title, 'published without a date, or dated but not published' from public.reports r
          where (r.status = 'published') <> (r.published_at is not null)
        union all select r.title, 'published before it was written, before its project started or in the future' from public.reports r
          join public.projects p on p.id = r.project_id
          where r.published_at < r.created_at or r.published_at::date < p.start_date or r.published_at > now()
        union all select r.title, 'covers a period outside its project' from public.reports r
          join public.projects p on p.id = r.project_id
          where r.period_start < date_trunc('month', p.start_date) or r.period_end > coalesce(p.completed_on, current_date)
        union all select r.title, 'published before the period it reports on ended' from public.reports r
          where r.published_at::date < r.period_end
        union all select p.name || ' / ' || m.metric_key || ' ' || m.period_start, 'metric outside its project''s period' from public.analytics_metrics m
          join public.projects p on p.id = m.project_id
          where p.start_date is null or m.period_end < p.start_date or m.period_start > coalesce(p.completed_on, current_date)
        union all select m.metric_key || ' ' || m.period_start, 'metric recorded before its period ended or in the future' from public.analytics_metrics m
          where m.created_at < m.period_end or m.created_at > now()
        union all select name, 'lead updated before it arrived or in the future' from public.contact_messages
          where updated_at < created_at or updated_at > now()`),
    ).toEqual([])
  })

  it('gives people accounts after their organization exists, profiles made with them, and a last sign-in after what they did', async () => {
    expect(
      await offenders(`
        select p.full_name, 'account older than its organization' as problem from public.profiles p
          join public.organizations o on o.id = p.organization_id join auth.users u on u.id = p.id where u.created_at < o.created_at
        union all select p.full_name, 'profile not made with its account' from public.profiles p
          join auth.users u on u.id = p.id where p.created_at <> u.created_at or p.updated_at < p.created_at or p.updated_at > now()
        union all select p.full_name, 'never signed in, or last signed in before joining or in the future' from public.profiles p
          join auth.users u on u.id = p.id
          where u.last_sign_in_at is null or u.last_sign_in_at < u.created_at or u.last_sign_in_at > now()
        union all select p.full_name, 'read a notification or did something after their last sign-in' from public.profiles p
          join auth.users u on u.id = p.id
          where exists (select 1 from public.notifications n where n.recipient_id = p.id and n.read_at > u.last_sign_in_at)
             or exists (select 1 from public.activity_log a where a.actor_id = p.id and a.occurred_at > u.last_sign_in_at)`),
    ).toEqual([])
  })

  it('sends every notification about an existing row, when it happened, to someone who was there', async () => {
    expect(
      await offenders(`
        with events (entity_type, id, project_id, at) as (
          select 'document', id, project_id, created_at from public.documents
          union all select 'report', id, project_id, published_at from public.reports
          union all select 'task', id, project_id, created_at from public.tasks
          union all select 'contact_message', id, null, created_at from public.contact_messages
        )
        select n.title, n.kind, 'refers to nothing' as problem from public.notifications n
          where not exists (select 1 from events e where e.entity_type = n.entity_type and e.id = n.entity_id)
             or (n.project_id is not null and not exists (select 1 from public.projects p where p.id = n.project_id))
        union all select n.title, n.kind, 'not dated when its event happened' from public.notifications n
          join events e on e.entity_type = n.entity_type and e.id = n.entity_id
          where n.created_at <> e.at or n.project_id is distinct from e.project_id
        union all select n.title, n.kind, 'sent before its recipient had an account' from public.notifications n
          join auth.users u on u.id = n.recipient_id where n.created_at < u.created_at
        union all select n.title, n.kind, 'read before it arrived or in the future' from public.notifications n
          where n.read_at < n.created_at or n.read_at > now() or n.created_at > now()
        union all select n.title, n.kind, 'e-mailed before it arrived' from public.notifications n
          where n.emailed_at < n.created_at
        union all select n.title, n.kind, 'unread by the person working on the task or who finished it' from public.notifications n
          join public.tasks t on t.id = n.entity_id
          where n.kind = 'task_assigned' and t.status <> 'todo' and (n.read_at is null or n.read_at > t.completed_at)`),
    ).toEqual([])
  })

  it('dates every activity entry when the row it describes was created, by someone who was there', async () => {
    expect(
      await offenders(`
        with rows (entity_type, id, at) as (
          select 'project', id, created_at from public.projects
          union all select 'document', id, created_at from public.documents
          union all select 'report', id, created_at from public.reports
          union all select 'analytics_metric', id, created_at from public.analytics_metrics
          union all select 'task', id, created_at from public.tasks
          union all select 'profile', id, created_at from public.profiles
        )
        select a.entity_type, a.summary ->> 'title' as title, 'refers to nothing' as problem from public.activity_log a
          where not exists (select 1 from rows r where r.entity_type = a.entity_type and r.id = a.entity_id)
             or (a.project_id is not null and not exists (select 1 from public.projects p where p.id = a.project_id))
        union all select a.entity_type, a.summary ->> 'title', 'not dated when its row was created' from public.activity_log a
          join rows r on r.entity_type = a.entity_type and r.id = a.entity_id where a.occurred_at <> r.at
        union all select a.entity_type, a.summary ->> 'title', 'done by someone without an account yet' from public.activity_log a
          join auth.users u on u.id = a.actor_id where u.created_at > a.occurred_at`),
    ).toEqual([])
  })
})

// The embedded server keeps one session for its whole life, and the seed runs in it: the claims
// the seed sets to name its actors must not outlive it.
describe('seed session', () => {
  it('leaves no request claims on the session that ran it', async () => {
    const db = await openPglite()
    try {
      await migrate(db, { seedFile: join(process.cwd(), 'supabase', 'seed.sql') })
      const { rows } = await db.query(
        `select coalesce(current_setting('request.jwt.claims', true), '') as claims, auth.uid() as uid`,
      )
      expect(rows).toEqual([{ claims: '', uid: null }])
    } finally {
      await db.close()
    }
  })
})

// Which language a text is written in, by its most common short words and Spanish letters: enough
// to tell the demo's Spanish from its English (a text with neither counts as unknown).
const spanishWords = new Set(
  'de del la las el los y en con por para un una al que se su sus es sin lo como más ya'.split(' '),
)
const englishWords = new Set(
  'the of and for to with an in on by from is are its it into up that this be as or our at'.split(' '),
)
function languageOf(text: string): 'es' | 'en' | 'unknown' {
  const words = text
    .toLowerCase()
    .split(/[^a-záéíóúüñ]+/)
    .filter(Boolean)
  const spanish = words.filter((w) => spanishWords.has(w)).length + (/[áéíóúñ¿¡]/i.test(text) ? 2 : 0)
  const english = words.filter((w) => englishWords.has(w)).length
  if (spanish > english) return 'es'
  if (english > spanish) return 'en'
  return 'unknown'
}

describe('languageOf, the seed checks language detector', () => {
  it("tells the demo's Spanish from its English", () => {
    expect(languageOf('Cuadro de mando comercial')).toBe('es')
    expect(languageOf('Estimación inicial')).toBe('es')
    expect(languageOf('Approve the dashboard design Sign off the v2 prototype so development can start.')).toBe('en')
    expect(languageOf('Probability-of-default backtesting')).toBe('en')
    expect(languageOf('Q3 2025')).toBe('unknown')
  })
})
