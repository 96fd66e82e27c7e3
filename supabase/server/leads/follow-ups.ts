// Reminds the assignees of leads whose follow-up date has come. The work is one database call,
// public.send_lead_follow_up_reminders, which claims the due leads and writes the reminders in one
// statement (skip locked): with two servers, each date is reminded once. On Supabase, Supabase
// Cron makes the same call (migration 20261206100000); here a timer does. send-notifications
// then e-mails those rows by each person's preferences.
import type { Database } from '../db/database'
import { periodicJob, type PeriodicJob } from '../lib/periodic-job'

const batchSize = 100

/** run() reminds what is due now and resolves with the number of leads reminded. */
export type LeadFollowUps = PeriodicJob<number>

export function startLeadFollowUps(options: {
  db: Database
  /** 0: no timer, only run(). */
  intervalMs: number
  log?: (line: string) => void
}): LeadFollowUps {
  const { db, intervalMs, log = () => undefined } = options

  async function runOnce(): Promise<number> {
    let total = 0
    for (;;) {
      const { rows } = await db.query<{ reminded: number }>(
        'select public.send_lead_follow_up_reminders($1) as reminded',
        [batchSize],
      )
      const reminded = Number(rows[0]?.reminded ?? 0)
      total += reminded
      if (reminded < batchSize) return total
    }
  }

  return periodicJob({ name: 'lead follow-ups', work: runOnce, intervalMs, log })
}
