// Stopping on SIGTERM or Ctrl+C: no new connections, requests in flight may finish for at most
// `graceMs` (then their connections are cut), and only then what must close last (the database).
// A stop always ends; if a step fails, the process says why and exits with 1.
import type { Server as HttpServer } from 'node:http'

export interface StopSteps {
  /** Before the HTTP server closes: what would keep it open (WebSockets). */
  before?: () => Promise<void>
  /** After the last request ended. */
  after?: () => Promise<void>
}

export function stopOnSignals(http: HttpServer, graceMs: number, steps: StopSteps = {}) {
  let stopping = false
  async function stop() {
    // A second signal while stopping must not close anything twice.
    if (stopping) return
    stopping = true
    setTimeout(() => http.closeAllConnections(), graceMs).unref()
    try {
      await steps.before?.()
      await new Promise<void>((resolve) => http.close(() => resolve()))
      await steps.after?.()
    } catch (error) {
      console.error('The server did not stop cleanly:', error)
      process.exitCode = 1
    }
    process.exit()
  }
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stop())
}
