import { afterEach, describe, expect, it, vi } from 'vitest'
import { periodicJob } from '../../supabase/server/lib/periodic-job'

afterEach(() => vi.useRealTimers())

function gate() {
  let open!: () => void
  const opened = new Promise<void>((resolve) => (open = resolve))
  return { open, opened }
}

describe('a periodic job', () => {
  it('runs one at a time: run() during a run waits for it, then runs again', async () => {
    const first = gate()
    let calls = 0
    let concurrent = 0
    let most = 0
    const job = periodicJob({
      name: 'job',
      intervalMs: 0,
      log: () => undefined,
      work: async () => {
        concurrent++
        most = Math.max(most, concurrent)
        calls++
        if (calls === 1) await first.opened
        concurrent--
        return calls
      },
    })
    const a = job.run()
    const b = job.run()
    first.open()
    expect(await a).toBe(1)
    expect(await b).toBe(2)
    expect(most).toBe(1)
    await job.stop()
  })

  it('skips a tick while a run is going, logs a failed tick by name, and stops ticking on stop()', async () => {
    vi.useFakeTimers()
    const lines: string[] = []
    const slow = gate()
    let calls = 0
    const job = periodicJob({
      name: 'reminders',
      intervalMs: 1000,
      log: (line) => lines.push(line),
      work: async () => {
        calls++
        if (calls === 1) await slow.opened
        if (calls === 2) throw new Error('database away')
        return calls
      },
    })
    await vi.advanceTimersByTimeAsync(1000)
    await vi.advanceTimersByTimeAsync(1000) // the first run is still going: skipped
    expect(calls).toBe(1)
    slow.open()
    await vi.advanceTimersByTimeAsync(1000)
    expect(calls).toBe(2)
    expect(lines).toEqual(['reminders: database away'])
    await job.stop()
    await vi.advanceTimersByTimeAsync(5000)
    expect(calls).toBe(2)
  })
})
