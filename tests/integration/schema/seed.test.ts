// The demo data is what the README and `npm start` promise: two client organizations with a
// Spanish- and an English-speaking user each, an admin and a super_admin who can sign in with the
// demo password, projects in several states and services, shared and hidden documents, published
// and draft reports, a year of metrics, client and internal tasks (some overdue), and the
// notifications and activity the triggers wrote while seeding.
import { join } from 'node:path'
import { verify } from '@node-rs/argon2'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrate } from '../../../supabase/server/db/migrate'
import { openPglite } from '../../../supabase/server/db/pglite'
import { databaseKinds, startTestServer, type TestServer } from '../support/server'
import { demoAccounts, demoPassword } from '../../../supabase/server/welcome'
import { organizations } from '../rls/seed-ids'

describe.each(databaseKinds())('seed on %s', (kind) => {
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

  it('has twelve months of three metrics for every project', async () => {
    const rows = await query<{ months: number }>(
      'select count(*)::int as months from public.analytics_metrics group by project_id, metric_key',
    )
    expect(rows).toHaveLength(21)
    for (const row of rows) expect(row.months).toBe(12)
    expect(await count(`select distinct period_start from public.analytics_metrics`)).toBe(12)
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
    expect(kinds).toEqual([
      { kind: 'contact_message', n: 6 },
      { kind: 'document_shared', n: 20 },
      { kind: 'document_uploaded', n: 4 },
      { kind: 'report_published', n: 14 },
      { kind: 'task_assigned', n: 11 },
    ])
    expect(await count('select distinct recipient_id from public.notifications')).toBe(6)
    expect(await count('select 1 from public.notifications where read_at is not null')).toBe(11)
    expect(await count('select 1 from public.activity_log')).toBe(305)
    expect(await count(`select 1 from public.activity_log where actor_id is not null`)).toBe(299)
    expect(await count('select 1 from public.contact_messages')).toBe(3)
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
