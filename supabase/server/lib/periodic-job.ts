// A job this process runs on a timer and on demand, one run at a time: run() waits for the run in
// progress and then starts its own (the caller wants what is due now); a tick that finds a run
// still going is skipped (the next tick catches up). Runs in other processes are kept apart by
// the database, not here.

export interface PeriodicJob<T> {
  /** Runs it now, after the run in progress if any; resolves with what the run returned. */
  run(): Promise<T>
  /** Stops the timer and waits for the run in progress. */
  stop(): Promise<void>
}

export function periodicJob<T>(options: {
  /** Names the job in the log line of a failed tick. */
  name: string
  work: () => Promise<T>
  /** 0: no timer, only run(). */
  intervalMs: number
  log: (line: string) => void
}): PeriodicJob<T> {
  const { name, work, intervalMs, log } = options
  let running: Promise<T> | undefined

  async function run(): Promise<T> {
    while (running) await running.catch(() => undefined)
    running = work()
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
