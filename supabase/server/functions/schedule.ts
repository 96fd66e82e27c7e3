// Runs a project function on a schedule the way Supabase Cron does through pg_net (migration
// 20261130110000): a POST to /functions/v1/<name> with the service-role key, here into this app
// in-process, so the call reaches the function wherever it runs (in-process, or FUNCTIONS_URL).
// One run at a time in this process: a tick while a run is still going is skipped. Runs in other
// processes are kept apart by the database (the outbox's leases).
import { periodicJob, type PeriodicJob } from '../lib/periodic-job'

/** Runs it now (after the run in progress, if any); resolves with its answer's `data`. */
export type ScheduledFunction = PeriodicJob<unknown>

export interface ScheduleOptions {
  name: string
  appFetch: (request: Request) => Promise<Response>
  origin: string
  serviceRoleKey: string
  /** 0: no timer, only run(). */
  intervalMs: number
  log: (line: string) => void
}

export function scheduleFunction(options: ScheduleOptions): ScheduledFunction {
  const { name, appFetch, origin, serviceRoleKey, intervalMs, log } = options

  async function call(): Promise<unknown> {
    const response = await appFetch(
      new Request(`${origin}/functions/v1/${name}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${serviceRoleKey}`, 'Content-Type': 'application/json' },
        body: '{}',
      }),
    )
    const body = (await response.json().catch(() => undefined)) as { data?: unknown } | undefined
    if (!response.ok) throw new Error(`${name} answered ${response.status}: ${JSON.stringify(body ?? null)}`)
    return body?.data
  }

  return periodicJob({ name, work: call, intervalMs, log })
}
