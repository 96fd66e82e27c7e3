// The notification schedules (migration 20261130110000) as Supabase Cron holds them. On a
// PostgreSQL with pg_cron loaded, as on Supabase, the migrations create a job that POSTs to
// send-notifications every minute through pg_net with the project's address and key read from
// Vault at each run, and one that reminds approvers every 15 minutes. Where pg_cron is missing or
// cannot be enabled (PGlite; the PostgreSQL the other tests use, which has the package but does not
// load it) the migrations apply all the same and schedule nothing.
import { afterAll, describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { openPostgres } from '../../../supabase/server/db/postgres'
import { migrate } from '../../../supabase/server/db/migrate'
import type { Database } from '../../../supabase/server/db/database'
import { databaseKinds, describeEachDatabase, startTestServer } from '../support/server'
import { startPostgresCluster, type PostgresCluster } from '../support/postgres-cluster'
import { hasServerLibrary } from '../support/postgres-bin'

const migration = readFileSync(
  join(process.cwd(), 'supabase', 'migrations', '20261130110000_notification_schedules.sql'),
  'utf8',
)

describeEachDatabase('notification schedules without pg_cron, on %s', (kind) => {
  it('applies the migrations and schedules nothing (our server runs both itself)', async () => {
    const server = await startTestServer(kind)
    try {
      const { rows } = await server.deps.db.query<{ cron: string | null }>(
        `select to_regnamespace('cron')::text as cron`,
      )
      expect(rows).toEqual([{ cron: null }])
    } finally {
      await server.close()
    }
  })
})

/** PostgreSQL with the pg_cron package (Debian's postgresql-NN-cron), when the machine has both. */
const withCron = databaseKinds().includes('postgres') && hasServerLibrary('pg_cron')

describe.skipIf(!withCron)('notification schedules on postgres with pg_cron loaded', () => {
  let cluster: PostgresCluster | undefined
  let db: Database | undefined
  afterAll(async () => {
    await db?.close()
    cluster?.stop()
  })

  it(
    'calls send-notifications every minute with the address and key from Vault, and reminds every 15 minutes',
    { timeout: 240_000 },
    async () => {
      cluster = await startPostgresCluster({ shared_preload_libraries: 'pg_cron', 'cron.database_name': 'project' })
      if (!cluster) throw new Error('PostgreSQL was expected on this machine')
      const admin = openPostgres(cluster.url('postgres'), { max: 1 })
      await admin.exec('create database project')
      await admin.close()
      db = openPostgres(cluster.url('project'), { max: 1 })
      // Vault and pg_net as Supabase has them, as far as the job uses them: the decrypted secrets'
      // view (a table here) and net.http_post, which records what it was asked to send.
      await db.exec(`
        create schema vault;
        create table vault.decrypted_secrets (name text primary key, decrypted_secret text);
        insert into vault.decrypted_secrets values
          ('project_url', 'https://project-ref.supabase.co'), ('service_role_key', 'the-service-role-key');
        create schema net;
        create table net.sent (url text, body jsonb, headers jsonb, timeout_milliseconds integer);
        create function net.http_post(url text, body jsonb default '{}', params jsonb default '{}',
                                      headers jsonb default '{}', timeout_milliseconds integer default 5000)
        returns bigint language sql as $$
          insert into net.sent values (url, body, headers, timeout_milliseconds) returning 1::bigint
        $$;
      `)
      await migrate(db)
      // Applying it again replaces the jobs rather than adding more.
      await db.exec(migration)
      const jobs = await db.query<{ jobname: string; schedule: string; command: string }>(
        'select jobname, schedule, command from cron.job order by jobname',
      )
      expect(jobs.rows.map(({ jobname, schedule }) => ({ jobname, schedule }))).toEqual([
        { jobname: 'approval-reminders', schedule: '*/15 * * * *' },
        { jobname: 'lead-follow-ups', schedule: '*/15 * * * *' },
        { jobname: 'send-notifications', schedule: '* * * * *' },
      ])
      const command = (name: string) => jobs.rows.find((job) => job.jobname === name)!.command

      // What a run does: one POST to the function, with the key from Vault.
      await db.query(command('send-notifications'))
      const sent = await db.query<{ url: string; body: unknown; authorization: string; timeout: number }>(
        `select url, body, headers->>'Authorization' as authorization, timeout_milliseconds as timeout from net.sent`,
      )
      expect(sent.rows).toEqual([
        {
          url: 'https://project-ref.supabase.co/functions/v1/send-notifications',
          body: {},
          authorization: 'Bearer the-service-role-key',
          timeout: 150_000,
        },
      ])
      // A new key in Vault is used from the next run on: nothing of it was copied into the job.
      await db.query(
        `update vault.decrypted_secrets set decrypted_secret = 'a-rotated-key' where name = 'service_role_key'`,
      )
      await db.query(command('send-notifications'))
      const rotated = await db.query<{ authorization: string }>(
        `select headers->>'Authorization' as authorization from net.sent`,
      )
      expect(rotated.rows.map((row) => row.authorization)).toEqual([
        'Bearer the-service-role-key',
        'Bearer a-rotated-key',
      ])

      const reminded = await db.query<{ send_approval_reminders: number }>(command('approval-reminders'))
      expect(reminded.rows).toEqual([{ send_approval_reminders: 0 }])
      const followedUp = await db.query<{ send_lead_follow_up_reminders: number }>(command('lead-follow-ups'))
      expect(followedUp.rows).toEqual([{ send_lead_follow_up_reminders: 0 }])
    },
  )
})
