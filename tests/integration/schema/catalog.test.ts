// The schema's own rules, read from the catalog: every public table has row-level security, at
// least one policy and a comment; policies name their roles, cover one operation each, and call
// auth.uid() and the role helpers through (select …); security-definer functions pin an empty
// search_path; API roles get only the privileges DESIGN §6 needs; policy columns are indexed.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { describeEachDatabase, startTestServer, type TestServer } from '../support/server'

const tables = [
  'activity_log',
  'analytics_metrics',
  'approval_decisions',
  'approval_requests',
  'contact_messages',
  'conversation_messages',
  'conversation_reads',
  'dashboard_hosts',
  'dashboard_views',
  'document_downloads',
  'documents',
  'lead_notes',
  'lead_status_changes',
  'notification_preferences',
  'notifications',
  'organization_approvers',
  'organizations',
  'plan_milestones',
  'plan_phases',
  'plan_time_entries',
  'profiles',
  'project_dashboard_people',
  'project_dashboards',
  'projects',
  'reports',
  'second_factor_required_accounts',
  'security_settings',
  'tasks',
]

interface PolicyRow {
  schemaname: string
  tablename: string
  policyname: string
  permissive: string
  roles: string[] | string
  cmd: string
  qual: string | null
  with_check: string | null
}

const asArray = (roles: string[] | string) => (Array.isArray(roles) ? roles : roles.replace(/[{}]/g, '').split(','))

describeEachDatabase('schema catalog on %s', (kind) => {
  let server: TestServer
  let policies: PolicyRow[]
  const query = <T>(sql: string, params: unknown[] = []) => server.deps.db.query<T>(sql, params).then((r) => r.rows)

  beforeAll(async () => {
    server = await startTestServer(kind)
    policies = await query<PolicyRow>(
      `select schemaname, tablename, policyname, permissive, roles::text[] as roles, cmd, qual, with_check
       from pg_policies where schemaname = 'public' or (schemaname = 'storage' and tablename = 'objects')`,
    )
  })
  afterAll(() => server.close())

  it('has exactly the product tables in public', async () => {
    const rows = await query<{ relname: string }>(
      `select relname from pg_class where relnamespace = 'public'::regnamespace and relkind in ('r', 'p') order by relname`,
    )
    expect(rows.map((r) => r.relname)).toEqual(tables)
  })

  it('enables row-level security on every public table, with at least one policy', async () => {
    const rows = await query<{ relname: string; relrowsecurity: boolean }>(
      `select relname, relrowsecurity from pg_class where relnamespace = 'public'::regnamespace and relkind = 'r'`,
    )
    for (const row of rows) {
      expect(row.relrowsecurity, row.relname).toBe(true)
      expect(
        policies.filter((p) => p.schemaname === 'public' && p.tablename === row.relname).length,
        row.relname,
      ).toBeGreaterThan(0)
    }
  })

  it('has a comment on every public table', async () => {
    const rows = await query<{ relname: string; comment: string | null }>(
      `select relname, obj_description(oid, 'pg_class') as comment from pg_class
       where relnamespace = 'public'::regnamespace and relkind = 'r'`,
    )
    for (const row of rows) expect(row.comment?.length ?? 0, `${row.relname} has no comment`).toBeGreaterThan(20)
  })

  it('writes one permissive policy per table, operation and role, each naming its roles', () => {
    // The one restriction over them all: a staff preview writes nothing to Storage (0022).
    const restrictive = policies.filter((policy) => policy.permissive === 'RESTRICTIVE')
    expect(restrictive.map((p) => `${p.schemaname}.${p.tablename}/${p.cmd}/${asArray(p.roles)}`).sort()).toEqual([
      'storage.objects/DELETE/authenticated',
      'storage.objects/INSERT/authenticated',
      'storage.objects/UPDATE/authenticated',
    ])
    const seen = new Set<string>()
    for (const policy of policies.filter((p) => p.permissive !== 'RESTRICTIVE')) {
      expect(policy.cmd, policy.policyname).not.toBe('ALL')
      expect(policy.permissive, policy.policyname).toBe('PERMISSIVE')
      expect(asArray(policy.roles), policy.policyname).not.toContain('public')
      // A truncated (63-character) name would hide two policies behind one prefix.
      expect(policy.policyname.length, policy.policyname).toBeLessThan(63)
      for (const role of asArray(policy.roles)) {
        const key = `${policy.schemaname}.${policy.tablename}/${policy.cmd}/${role}`
        expect(seen.has(key), `two policies for ${key}`).toBe(false)
        seen.add(key)
      }
    }
  })

  it('calls auth.uid() and the role helpers once per statement, as (select …)', () => {
    const helpers =
      /\b(auth\.uid|is_admin|is_super_admin|is_client|has_role|current_client_organization_id|mfa_satisfied)\(/g
    for (const policy of policies) {
      for (const expression of [policy.qual, policy.with_check]) {
        if (!expression) continue
        const unwrapped = expression.replace(/\( SELECT [^()]*\([^()]*\)(?:::text)? AS \w+\)/g, '')
        expect(unwrapped.match(helpers), `${policy.policyname}: ${expression}`).toBeNull()
      }
    }
  })

  it('gives no policy to anon except sending a contact message', () => {
    const anon = policies.filter((p) => asArray(p.roles).includes('anon')).map((p) => `${p.tablename}/${p.cmd}`)
    expect(anon).toEqual(['contact_messages/INSERT'])
  })

  it('defines the role helpers as security definer with an empty search_path', async () => {
    const rows = await query<{ proname: string; prosecdef: boolean; proconfig: string[] | null }>(
      `select proname, prosecdef, proconfig from pg_proc
       where pronamespace = 'public'::regnamespace and proname in ('is_admin', 'has_role', 'is_client', 'is_super_admin')`,
    )
    expect(rows.map((r) => r.proname).sort()).toEqual(['has_role', 'is_admin', 'is_client', 'is_super_admin'])
    for (const row of rows) expect(row, row.proname).toMatchObject({ prosecdef: true, proconfig: ['search_path=""'] })
  })

  it('pins an empty search_path on every function of public', async () => {
    const rows = await query<{ proname: string; proconfig: string[] | null }>(
      `select proname, proconfig from pg_proc where pronamespace = 'public'::regnamespace`,
    )
    expect(rows.length).toBeGreaterThan(20)
    for (const row of rows) expect(row.proconfig, row.proname).toEqual(['search_path=""'])
  })

  it('keeps the trigger-side writers out of the API roles', async () => {
    const internal = [
      'log_activity()',
      'notify_document()',
      'handle_new_user()',
      'staff_ids()',
      'organization_client_ids(uuid)',
    ]
    for (const fn of internal) {
      for (const role of ['anon', 'authenticated']) {
        const [row] = await query<{ allowed: boolean }>(`select has_function_privilege($1, $2, 'execute') as allowed`, [
          role,
          `public.${fn}`,
        ])
        expect(row?.allowed, `${role} may execute ${fn}`).toBe(false)
      }
    }
    const [helper] = await query<{ allowed: boolean }>(
      `select has_function_privilege('authenticated', 'public.is_admin()', 'execute') as allowed`,
    )
    expect(helper?.allowed).toBe(true)
  })

  it('grants later objects in public to the API roles as a Supabase project does, but not the internals', async () => {
    // A table and a function created now, by the owner that runs the migrations, without any grant.
    await server.deps.db.exec(`
      create table public.dp_probe (id integer primary key);
      create function public.dp_probe_fn() returns integer language sql as 'select 1';`)
    try {
      const [later] = await query<{ anon: boolean; authenticated: boolean; service: boolean; fn: boolean }>(
        `select has_table_privilege('anon', 'public.dp_probe', 'SELECT') as anon,
                has_table_privilege('authenticated', 'public.dp_probe', 'INSERT') as authenticated,
                has_table_privilege('service_role', 'public.dp_probe', 'DELETE') as service,
                has_function_privilege('authenticated', 'public.dp_probe_fn()', 'execute') as fn`,
      )
      expect(later).toEqual({ anon: true, authenticated: true, service: true, fn: true })
    } finally {
      await server.deps.db.exec('drop table public.dp_probe; drop function public.dp_probe_fn()')
    }
    // What stays internal whatever the defaults: the log's sequence, notify() and the recipient lists.
    for (const role of ['anon', 'authenticated', 'service_role']) {
      const [sequence] = await query<{ update: boolean; usage: boolean }>(
        `select has_sequence_privilege($1, 'public.activity_log_id_seq', 'UPDATE') as update,
                has_sequence_privilege($1, 'public.activity_log_id_seq', 'USAGE') as usage`,
        [role],
      )
      expect(sequence, `${role} on activity_log_id_seq`).toEqual({ update: false, usage: false })
      for (const fn of [
        'notify(uuid[], text, text, uuid, uuid, text, uuid, text, text, text, text, jsonb)',
        'staff_ids()',
        'organization_client_ids(uuid)',
        'log_activity()',
      ]) {
        const [row] = await query<{ allowed: boolean }>(`select has_function_privilege($1, $2, 'execute') as allowed`, [
          role,
          `public.${fn}`,
        ])
        expect(row?.allowed, `${role} may execute ${fn}`).toBe(false)
      }
    }
  })

  it('grants the API roles exactly what the access matrix needs', async () => {
    const rows = await query<{ table: string; role: string; privilege: string }>(
      `select t.relname as table, r.role, p.privilege
       from pg_class t
       cross join (values ('anon'), ('authenticated')) as r (role)
       cross join (values ('SELECT'), ('INSERT'), ('UPDATE'), ('DELETE'), ('TRUNCATE')) as p (privilege)
       where t.relnamespace = 'public'::regnamespace and t.relkind = 'r'
         and case when p.privilege in ('SELECT', 'INSERT', 'UPDATE') then has_any_column_privilege(r.role, t.oid, p.privilege)
                  else has_table_privilege(r.role, t.oid, p.privilege) end
       order by 1, 2, 3`,
    )
    const granted = (role: string, table: string) =>
      rows.filter((r) => r.role === role && r.table === table).map((r) => r.privilege)
    for (const table of tables) {
      expect(granted('anon', table), `anon on ${table}`).toEqual(table === 'contact_messages' ? ['INSERT'] : [])
      expect(granted('authenticated', table), `authenticated on ${table}`).not.toContain('TRUNCATE')
    }
    expect(granted('authenticated', 'activity_log')).toEqual(['SELECT'])
    expect(granted('authenticated', 'notifications').sort()).toEqual(['SELECT', 'UPDATE'])
    expect(granted('authenticated', 'projects').sort()).toEqual(['DELETE', 'INSERT', 'SELECT', 'UPDATE'])
    // Download records are written by record_document_download only.
    expect(granted('authenticated', 'document_downloads')).toEqual(['SELECT'])
    const [serviceRole] = await query<{ all: boolean }>(
      `select bool_and(has_table_privilege('service_role', oid, 'SELECT')) as all from pg_class
       where relnamespace = 'public'::regnamespace and relkind = 'r'`,
    )
    expect(serviceRole?.all).toBe(true)
  })

  it('lets a user change only read_at of a notification and a visitor write only the form fields', async () => {
    const columns = await query<{ table: string; column: string; role: string; privilege: string }>(
      `select c.table_name as table, c.column_name as column, r.role, p.privilege
       from information_schema.columns c
       cross join (values ('anon'), ('authenticated')) as r (role)
       cross join (values ('INSERT'), ('UPDATE')) as p (privilege)
       where c.table_schema = 'public' and c.table_name in ('notifications', 'contact_messages')
         and has_column_privilege(r.role, format('public.%I', c.table_name), c.column_name, p.privilege)
       order by 1, 2`,
    )
    const list = (table: string, role: string, privilege: string) =>
      columns.filter((c) => c.table === table && c.role === role && c.privilege === privilege).map((c) => c.column)
    expect(list('notifications', 'authenticated', 'UPDATE')).toEqual(['read_at'])
    expect(list('notifications', 'authenticated', 'INSERT')).toEqual([])
    expect(list('contact_messages', 'anon', 'INSERT').sort()).toEqual(
      [
        'company',
        'email',
        'interest',
        'locale',
        'marketing_opt_in',
        'message',
        'name',
        'phone',
        'privacy_accepted',
      ].sort(),
    )
    expect(list('contact_messages', 'anon', 'UPDATE')).toEqual([])
  })

  it('indexes every foreign key and every column a policy filters by', async () => {
    const unindexed = await query<{ table: string; column: string }>(
      `select c.conrelid::regclass::text as table, a.attname as column
       from pg_constraint c
       join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
       where c.contype = 'f' and c.connamespace = 'public'::regnamespace
         and not exists (select 1 from pg_index i where i.indrelid = c.conrelid and i.indkey[0] = c.conkey[1])`,
    )
    expect(unindexed).toEqual([])
    const policyColumns: [string, string][] = [
      ['profiles', 'id'],
      ['organizations', 'id'],
      ['projects', 'id'],
      ['projects', 'organization_id'],
      ['documents', 'project_id'],
      ['documents', 'storage_path'],
      ['reports', 'project_id'],
      ['analytics_metrics', 'project_id'],
      ['tasks', 'project_id'],
      ['tasks', 'assigned_to'],
      ['activity_log', 'project_id'],
      ['notifications', 'recipient_id'],
      ['contact_messages', 'status'],
    ]
    for (const [table, column] of policyColumns) {
      const [row] = await query<{ indexed: boolean }>(
        `select exists (
           select 1 from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = i.indkey[0]
           where i.indrelid = $1::regclass and a.attname = $2) as indexed`,
        [`public.${table}`, column],
      )
      expect(row?.indexed, `${table}.${column}`).toBe(true)
    }
  })

  it('creates the private documents bucket with four object policies', async () => {
    const [bucket] = await query(
      `select id, public, file_size_limit::int as limit from storage.buckets where id = 'documents'`,
    )
    expect(bucket).toEqual({ id: 'documents', public: false, limit: 52428800 })
    const objectPolicies = policies.filter(
      (p) => p.schemaname === 'storage' && p.policyname.startsWith('documents bucket:'),
    )
    expect(objectPolicies.map((p) => p.cmd).sort()).toEqual(['DELETE', 'INSERT', 'SELECT', 'UPDATE'])
    for (const policy of objectPolicies)
      expect(`${policy.qual ?? ''}${policy.with_check ?? ''}`).toContain(`bucket_id = 'documents'`)
  })

  it('records each migration as the Supabase CLI does', async () => {
    const rows = await query<{ version: string; name: string }>(
      'select version, name from supabase_migrations.schema_migrations order by version',
    )
    expect(rows.length).toBeGreaterThanOrEqual(16)
    for (const row of rows) expect(row.version).toMatch(/^\d{14}$/)
  })
})
