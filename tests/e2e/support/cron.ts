// Supabase Cron's stand-in for the hosted stack (serve-hosted.ts): the jobs the migrations
// schedule (20261130110000 the notifications', 20261206100000 the leads'), run the way pg_cron runs
// them there, only more often so that a test sees their effect. `send-notifications` is pg_net's
// POST to the function through the project's URL with the service-role key; `approval-reminders`
// and `lead-follow-ups` are the SQL jobs themselves, run as the role that applied the migrations
// (the jobs' owner: `postgres` on Supabase).
// tests/unit/cron-jobs.test.ts holds this list to the migrations'.
import { openPostgres } from '../../../supabase/server/db/postgres'

export const cronJobs = {
  'send-notifications': { kind: 'http', path: '/functions/v1/send-notifications' },
  'approval-reminders': { kind: 'sql', sql: 'select public.send_approval_reminders(3, 3, 100)' },
  // migration 20261206100000 (lead pipeline)
  'lead-follow-ups': { kind: 'sql', sql: 'select public.send_lead_follow_up_reminders(100)' },
} as const

export interface CronOptions {
  projectUrl: string
  serviceRoleKey: string
  /** Without it (the embedded PGlite, in the server's own process) the SQL jobs cannot run. */
  databaseUrl?: string
  intervalMs: number
  log: (line: string) => void
}

/** Runs every job every `intervalMs`, one run of a job at a time, as pg_cron does. */
export function startCron({ projectUrl, serviceRoleKey, databaseUrl, intervalMs, log }: CronOptions) {
  const db = databaseUrl ? openPostgres(databaseUrl, { max: 1 }) : undefined
  if (!db) log('cron: no PostgreSQL here, so the SQL jobs (approval-reminders, lead-follow-ups) do not run')
  const running = new Set<string>()
  const run = async (name: string, job: (typeof cronJobs)[keyof typeof cronJobs]) => {
    if (running.has(name)) return
    running.add(name)
    try {
      if (job.kind === 'http') {
        const response = await fetch(`${projectUrl}${job.path}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${serviceRoleKey}` },
          body: '{}',
          signal: AbortSignal.timeout(150_000),
        })
        await response.arrayBuffer()
        if (!response.ok) log(`cron: ${name} answered ${response.status}`)
      } else if (db) {
        await db.query(job.sql)
      }
    } catch (error) {
      log(`cron: ${name} failed: ${(error as Error).message}`)
    } finally {
      running.delete(name)
    }
  }
  const timer = setInterval(() => {
    for (const [name, job] of Object.entries(cronJobs)) void run(name, job)
  }, intervalMs)
  return {
    async stop() {
      clearInterval(timer)
      await db?.close()
    },
  }
}
