// Runs a project function on a schedule the way Supabase Cron does through pg_net (migration
// 20261130110000): a POST to /functions/v1/<name> with the service-role key, here into this app
// in-process, so the call reaches the function wherever it runs (in-process, or FUNCTIONS_URL).
// One run at a time in this process: a tick while a run is still going is skipped. Runs in other
// processes are kept apart by the database (the outbox's leases).

export interface ScheduledFunction {
  /** Runs it now (after the run in progress, if any); resolves with its answer's `data`. */
  run(): Promise<unknown>
  stop(): Promise<void>
}

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
  let running: Promise<unknown> | undefined

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

  async function run(): Promise<unknown> {
    while (running) await running.catch(() => undefined)
    running = call()
    try {
      return await running
    } finally {
      running = undefined
    }
  }

  const timer =
    intervalMs > 0
      ? setInterval(() => {
          if (!running) run().catch((error: Error) => log(`${name}: ${error.message}`))
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
