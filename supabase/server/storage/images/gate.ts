// At most N renders at once, and a bounded queue behind them: decoding a 12-megapixel photo holds
// tens of megabytes, so renders wait their turn instead of all decoding together, and a flood of
// them is refused (429) instead of queueing without end or waiting past the timeout (408).
import { storageErrors } from '../errors'

export class RenderGate {
  private running = 0
  private readonly waiting: Array<{ start: () => void; timer: NodeJS.Timeout }> = []

  constructor(
    private readonly concurrency: number,
    private readonly maxWaiting: number,
    private readonly maxWaitMs: number,
  ) {}

  /** Runs `work` when a slot is free; throws Storage's 429 or 408 answers when none frees in time. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    await this.acquire()
    try {
      return await work()
    } finally {
      this.release()
    }
  }

  private acquire(): Promise<void> {
    if (this.running < this.concurrency) {
      this.running += 1
      return Promise.resolve()
    }
    if (this.waiting.length >= this.maxWaiting) return Promise.reject(storageErrors.tooManyRenders())
    return new Promise((resolve, reject) => {
      const entry = {
        start: () => {
          clearTimeout(entry.timer)
          resolve()
        },
        timer: setTimeout(() => {
          const index = this.waiting.indexOf(entry)
          if (index >= 0) this.waiting.splice(index, 1)
          reject(storageErrors.renderTimedOut())
        }, this.maxWaitMs),
      }
      this.waiting.push(entry)
    })
  }

  private release() {
    const next = this.waiting.shift()
    // The slot passes straight to the next in line, so `running` never dips and lets a newcomer jump the queue.
    if (next) next.start()
    else this.running -= 1
  }
}
