// Reminds the approvers of requests that have waited too long. The work is one database call,
// public.send_approval_reminders, which claims the due requests and writes the reminder
// notifications in one statement (skip locked): with two servers, each request is reminded once.
// On Supabase, Supabase Cron makes the same call (migration 20261130110000); here a timer does.
// send-notifications then e-mails those rows like any other.
import type { Database } from '../db/database'

const batchSize = 100

export interface ApprovalReminders {
  /** Reminds what is due now; resolves with the number of requests reminded. */
  run(): Promise<number>
  stop(): Promise<void>
}

export function startApprovalReminders(options: {
  db: Database
  afterDays: number
  maxReminders: number
  /** 0: no timer, only run(). */
  intervalMs: number
  log?: (line: string) => void
}): ApprovalReminders {
  const { db, afterDays, maxReminders, intervalMs, log = () => undefined } = options
  let running: Promise<number> | undefined

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

  async function run(): Promise<number> {
    // One round at a time in this process; other processes are kept apart by the database.
    while (running) await running.catch(() => undefined)
    running = runOnce()
    try {
      return await running
    } finally {
      running = undefined
    }
  }

  const timer =
    intervalMs > 0
      ? setInterval(() => {
          run().catch((error: Error) => log(`approval reminders: ${error.message}`))
        }, intervalMs)
      : undefined
  timer?.unref()

  return {
    run,
    async stop() {
      if (timer) clearInterval(timer)
      await running?.catch(() => undefined)
    },
  }
}
