// Reminds the approvers of requests that have waited too long. The work is one database call,
// public.send_approval_reminders, which claims the due requests and writes the reminder
// notifications in one statement (skip locked): with two servers, each request is reminded once.
// On Supabase, Supabase Cron makes the same call (migration 20261130110000); here a timer does.
// send-notifications then e-mails those rows like any other.
import type { Database } from '../db/database'
import { periodicJob, type PeriodicJob } from '../lib/periodic-job'

const batchSize = 100

/** run() reminds what is due now and resolves with the number of requests reminded. */
export type ApprovalReminders = PeriodicJob<number>

export function startApprovalReminders(options: {
  db: Database
  afterDays: number
  maxReminders: number
  /** 0: no timer, only run(). */
  intervalMs: number
  log?: (line: string) => void
}): ApprovalReminders {
  const { db, afterDays, maxReminders, intervalMs, log = () => undefined } = options

  async function runOnce(): Promise<number> {
    let total = 0
    for (;;) {
      const { rows } = await db.query<{ reminded: number }>(
        'select public.send_approval_reminders($1, $2, $3) as reminded',
        [afterDays, maxReminders, batchSize],
      )
      const reminded = Number(rows[0]?.reminded ?? 0)
      total += reminded
      if (reminded < batchSize) return total
    }
  }

  return periodicJob({ name: 'approval reminders', work: runOnce, intervalMs, log })
}
