// Our migrations and seed as a Supabase project applies them: connected as `postgres`, which on
// Supabase is not a superuser, to a database whose platform schemas (auth, storage, realtime,
// extensions, cron, vault, net) belong to Supabase's own roles. The platform is bootstrapped as
// the superuser (Supabase's supabase_admin), with the ownership and privileges Supabase gives it
// (support/supabase-hosted-roles.sql); then `postgres` applies every migration and the seed as our
// migrate code does, the notification schedules are in cron.job, and every function the
// migrations define is called, as `postgres` and as the API roles that may call it, to show that
// none of them refers to something Supabase lacks or needs a privilege its caller has not there.
import { afterAll, describe, expect, it } from 'vitest'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { openPostgres } from '../../../supabase/server/db/postgres'
import { migrate } from '../../../supabase/server/db/migrate'
import type { Database } from '../../../supabase/server/db/database'
import { databaseKinds } from '../support/server'
import { startPostgresCluster, type PostgresCluster } from '../support/postgres-cluster'
import { hasServerLibrary } from '../support/postgres-bin'

const hostedRoles = readFileSync(join(import.meta.dirname, '..', 'support', 'supabase-hosted-roles.sql'), 'utf8')
const [rolesPart = '', ownershipPart = ''] = hostedRoles.split('\n-- part: ownership\n')
const seedFile = join(process.cwd(), 'supabase', 'seed.sql')

/**
 * The errors that mean a function cannot work on Supabase: it names a table, function, column,
 * schema or other object (a type, a role, a setting read without a fallback) that is not there, or
 * PostgreSQL refuses its caller a privilege. Anything else (our own `raise exception`, a not-null
 * or check violation, a null argument a function refuses) is the function answering its input.
 */
const missingOnSupabase: Record<string, string> = {
  '42P01': 'undefined_table: a table or view Supabase does not have',
  '42883': 'undefined_function: a function (or its argument types) Supabase does not have',
  '42703': 'undefined_column: a column Supabase’s tables do not have',
  '3F000': 'invalid_schema_name: a schema Supabase does not have',
  '42704': 'undefined_object: a type, role or setting Supabase does not have',
}
/**
 * 42501 (insufficient_privilege) counts only as PostgreSQL's own refusal ("permission denied for
 * …", "must be owner of …"): our functions raise 42501 themselves to refuse a caller, which is the
 * function working.
 */
const refusedByPostgres = /^(permission denied|must be owner|must be superuser|must be member)/

/** PostgreSQL with the pg_cron package (Debian's postgresql-NN-cron), when the machine has both. */
const withCron = databaseKinds().includes('postgres') && hasServerLibrary('pg_cron')

interface OurFunction {
  signature: string
  call: string
  /** postgres, and the roles of the API and of Supabase Auth granted EXECUTE on it. */
  callers: string[]
  /** An Auth hook: one jsonb event. */
  hook: boolean
}

describe.skipIf(!withCron)('the migrations and seed as Supabase’s non-superuser postgres role', () => {
  let cluster: PostgresCluster | undefined
  const opened: { close: () => Promise<void> }[] = []
  const tempDirs: string[] = []
  afterAll(async () => {
    for (const db of opened) await db.close()
    cluster?.stop()
    for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true })
  })
  const open = (role?: string): Database => {
    const db = openPostgres(cluster!.url('postgres', role), { max: 1 })
    opened.push(db)
    return db
  }

  it(
    'applies every migration and the seed, schedules the jobs, and every function runs',
    { timeout: 120_000 },
    async () => {
      cluster = await startPostgresCluster(
        { shared_preload_libraries: 'pg_cron', 'cron.database_name': 'postgres' },
        { superuser: 'supabase_admin' },
      )
      if (!cluster) throw new Error('PostgreSQL was expected on this machine')

      // 1. The platform, as supabase_admin: Supabase's roles, our bootstrap (migrate with no
      // migrations applies only that), then Supabase's ownership and privileges over it.
      const admin = open()
      await admin.exec(rolesPart)
      const noMigrations = mkdtempSync(join(tmpdir(), 'cauce-no-migrations-'))
      tempDirs.push(noMigrations)
      await migrate(admin, { migrationsDir: noMigrations })
      await admin.exec(ownershipPart)

      // 2. As postgres, which is no superuser.
      const owner = open('postgres')
      const me = await owner.query<{ user: string; rolsuper: boolean }>(
        'select current_user as user, rolsuper from pg_roles where rolname = current_user',
      )
      expect(me.rows).toEqual([{ user: 'postgres', rolsuper: false }])

      // supautils.policy_grants lets postgres create, alter and drop the row-level security
      // policies of these tables (and only that) although it does not own them; supautils is not
      // installed here, so postgres is made a member of their owners while the migrations run, and
      // the platform's catalog is compared before and after: only policies, and triggers (which
      // postgres's TRIGGER privilege allows), may have changed, and only on these tables.
      const policyGrants = [
        'auth.audit_log_entries',
        'auth.identities',
        'auth.refresh_tokens',
        'auth.sessions',
        'auth.users',
        'realtime.messages',
        'storage.buckets',
        'storage.migrations',
        'storage.objects',
        'storage.s3_multipart_uploads',
        'storage.s3_multipart_uploads_parts',
      ]
      const platformBefore = await platformCatalog(admin)
      const owners = 'supabase_auth_admin, supabase_storage_admin, supabase_realtime_admin'
      await admin.exec(`grant ${owners} to postgres`)
      await migrate(owner)
      await admin.exec(`revoke ${owners} from postgres`)
      const platformAfter = await platformCatalog(admin)
      expect(platformAfter.objects).toEqual(platformBefore.objects)
      for (const { table } of [...platformAfter.policies, ...platformAfter.triggers]) {
        expect(policyGrants, `a policy or trigger on ${table}`).toContain(table)
      }
      // The migrations do write policies there: the check above is not vacuous.
      expect(platformAfter.policies.length).toBeGreaterThan(platformBefore.policies.length)

      // The seed, as the migrate code applies it (once, after the migrations), as postgres alone.
      const { applied } = await migrate(owner, { seedFile })
      expect(applied).toEqual(['seed.sql'])
      // Its inserts into auth.users fired our trigger functions there, as postgres: one profile each.
      const accounts = await owner.query<{ users: number; profiles: number }>(
        'select (select count(*)::int from auth.users) as users, (select count(*)::int from public.profiles) as profiles',
      )
      expect(accounts.rows[0]!.users).toBeGreaterThan(0)
      expect(accounts.rows[0]!.profiles).toBe(accounts.rows[0]!.users)

      // 3. The notification schedules, as postgres's own jobs.
      const jobs = await owner.query<{ jobname: string; schedule: string; username: string; command: string }>(
        'select jobname, schedule, username, command from cron.job order by jobname',
      )
      expect(jobs.rows.map(({ jobname, schedule, username }) => ({ jobname, schedule, username }))).toEqual([
        { jobname: 'approval-reminders', schedule: '*/15 * * * *', username: 'postgres' },
        { jobname: 'lead-follow-ups', schedule: '*/15 * * * *', username: 'postgres' },
        { jobname: 'send-notifications', schedule: '* * * * *', username: 'postgres' },
      ])
      // A job runs as its user: each command runs as postgres.
      for (const job of jobs.rows) await owner.query(job.command)
      const sent = await admin.query<{ url: string }>('select url from net.sent')
      expect(sent.rows).toEqual([{ url: 'https://project-ref.supabase.co/functions/v1/send-notifications' }])

      // 4. Every function of ours, called with null arguments (defaults where it has them) in a
      // transaction that is rolled back.
      const functions = await ourFunctions(owner)
      expect(functions.map((f) => f.signature)).toContain('public.send_approval_reminders(numeric, integer, integer)')
      const staff = await owner.query<{ id: string }>(
        `select id from public.profiles where role in ('admin', 'super_admin') order by id limit 1`,
      )
      const client = await owner.query<{ id: string }>(
        `select id from public.profiles where role = 'client' and organization_id is not null order by id limit 1`,
      )
      const claims: Record<string, { role: string; sub?: string }[]> = {
        postgres: [],
        authenticated: [
          { role: 'authenticated', sub: staff.rows[0]!.id },
          { role: 'authenticated', sub: client.rows[0]!.id },
        ],
        service_role: [{ role: 'service_role' }],
      }

      // Supabase Auth connects as supabase_auth_admin and calls the Auth hooks as that role, with an
      // event: a failed attempt, then a good one, for a client (the hooks count and clear them).
      const hookEvents = [
        null,
        { user_id: client.rows[0]!.id, valid: false },
        { user_id: client.rows[0]!.id, valid: true },
      ]

      const connect = async (role: string) => {
        const connection = new pg.Client({ connectionString: cluster!.url('postgres', role) })
        await connection.connect()
        opened.push({ close: () => connection.end() })
        return connection
      }
      const asPostgres = await connect('postgres')
      const asAuth = await connect('supabase_auth_admin')
      const failures: string[] = []
      let calls = 0
      for (const fn of functions) {
        for (const caller of fn.callers) {
          if (caller === 'supabase_auth_admin') {
            for (const event of fn.hook ? hookEvents : [null]) {
              calls++
              const call = event ? fn.call.replace('null::jsonb', '$1::jsonb') : fn.call
              const failure = await callRolledBack(asAuth, call, undefined, undefined, event ? [event] : [])
              if (failure) failures.push(`${fn.call} as ${caller} (${JSON.stringify(event)}): ${failure}`)
            }
            continue
          }
          for (const claim of claims[caller]!.length ? claims[caller]! : [undefined]) {
            calls++
            const failure = await callRolledBack(asPostgres, fn.call, caller === 'postgres' ? undefined : caller, claim)
            if (failure) failures.push(`${fn.call} as ${caller}${claim?.sub ? ` (${claim.sub})` : ''}: ${failure}`)
          }
        }
      }
      expect(failures).toEqual([])
      // Every function was called, each at least as postgres.
      expect(calls).toBeGreaterThanOrEqual(functions.length)
    },
  )
})

/**
 * The platform's schemas as the catalog describes them, apart from policies and triggers: their
 * owners and privileges, and the owner, privileges, columns, indexes and row-level security of
 * every table and function in them.
 */
async function platformCatalog(db: Database) {
  const schemas = `('auth', 'storage', 'realtime')`
  const objects = await db.query<{ item: string }>(`
    select format('schema %s owner %s acl %s', n.nspname, n.nspowner::regrole, n.nspacl) as item
    from pg_namespace n where n.nspname in ${schemas}
    union all
    select format('relation %s kind %s owner %s acl %s rls %s/%s columns %s indexes %s',
      c.oid::regclass, c.relkind, c.relowner::regrole, c.relacl, c.relrowsecurity, c.relforcerowsecurity,
      (select string_agg(format('%s %s', a.attname, format_type(a.atttypid, a.atttypmod)), ', ' order by a.attnum)
       from pg_attribute a where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped),
      (select string_agg(i.indexrelid::regclass::text, ', ' order by i.indexrelid::regclass::text)
       from pg_index i where i.indrelid = c.oid))
    from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname in ${schemas}
    union all
    select format('function %s owner %s acl %s definer %s', p.oid::regprocedure, p.proowner::regrole, p.proacl,
                  p.prosecdef)
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname in ${schemas}
    order by 1`)
  const policies = await db.query<{ table: string }>(`
    select format('%s.%s', schemaname, tablename) as table from pg_policies where schemaname in ${schemas}`)
  const triggers = await db.query<{ table: string }>(`
    select t.tgrelid::regclass::text as table from pg_trigger t join pg_class c on c.oid = t.tgrelid
    join pg_namespace n on n.oid = c.relnamespace where n.nspname in ${schemas} and not t.tgisinternal`)
  return { objects: objects.rows.map((row) => row.item), policies: policies.rows, triggers: triggers.rows }
}

/**
 * The functions in the schemas our migrations create or write to (`public`, and those owned by
 * postgres but the migration records), not an extension's, with a call that passes null for each
 * argument without a default, and the roles to call it as: postgres, and the API roles and
 * supabase_auth_admin when granted EXECUTE. Trigger functions are left to the seed, whose inserts
 * and updates fire them.
 */
async function ourFunctions(db: Database): Promise<OurFunction[]> {
  const { rows } = await db.query<{
    signature: string
    name: string
    kind: string
    variadic: boolean
    arity: number
    required: string[]
    callers: string[]
    hook: boolean
  }>(`
    select format('%I.%I(%s)', n.nspname, p.proname, oidvectortypes(p.proargtypes)) as signature,
      format('%I.%I', n.nspname, p.proname) as name,
      p.prokind as kind, p.provariadic <> 0 as variadic,
      p.pronargs as arity,
      array(select format_type(p.proargtypes[i], null)
            from generate_series(0, p.pronargs - p.pronargdefaults - 1) i order by i) as required,
      array['postgres']
        || array(select r from unnest(array['authenticated', 'service_role']) r
                 where has_function_privilege(r, p.oid, 'execute'))
        -- Auth's role, for the functions granted to it by name (the hooks), not to everyone
        || array(select 'supabase_auth_admin' from aclexplode(p.proacl) a
                 where a.grantee = 'supabase_auth_admin'::regrole and a.privilege_type = 'EXECUTE') as callers,
      p.proargtypes = '3802'::oidvector and starts_with(p.proname, 'hook_') as hook
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where (n.nspname = 'public' or n.nspowner = 'postgres'::regrole)
      and n.nspname not in ('supabase_migrations', '_platform')
      and p.prokind in ('f', 'p')
      and p.prorettype not in ('trigger'::regtype, 'event_trigger'::regtype)
      and not exists (select 1 from pg_depend d
                      where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
    order by 1`)
  return rows.map((row) => {
    const args = row.required.map((type, i) => {
      const concrete =
        type === 'anyelement' || type === 'anycompatible' ? 'text' : type.startsWith('any') ? 'text[]' : type
      return `${row.variadic && i === row.arity - 1 ? 'variadic ' : ''}null::${concrete}`
    })
    const call = `${row.kind === 'p' ? 'call' : 'select'} ${row.name}(${args.join(', ')})`
    return { signature: row.signature, call, callers: row.callers, hook: row.hook }
  })
}

/** Null when the call ran or failed as the function's own answer; else what was missing or refused. */
async function callRolledBack(
  connection: pg.Client,
  call: string,
  role: string | undefined,
  claim: { role: string; sub?: string } | undefined,
  params: unknown[] = [],
): Promise<string | null> {
  await connection.query('begin')
  try {
    await connection.query(`set local statement_timeout = '5s'`)
    if (claim) await connection.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify(claim)])
    if (role) await connection.query(`set local role ${role}`)
    await connection.query(call, params)
    return null
  } catch (error) {
    const { code = '', message = '' } = error as { code?: string; message?: string }
    if (missingOnSupabase[code]) return `${code} (${missingOnSupabase[code]}): ${message}`
    if (code === '42501' && refusedByPostgres.test(message)) return `42501 (insufficient_privilege): ${message}`
    if (code === '57014') return `57014 (timed out): ${message}`
    return null
  } finally {
    await connection.query('rollback')
  }
}
