// Fixed-window request counting per key (bucket + client IP), in memory. Enough for one
// process; a multi-instance deployment would need a shared store.
export interface RateLimitRule {
  max: number
  windowMs: number
}

interface Window {
  count: number
  resetAt: number
}

export class RateLimiter {
  private readonly windows = new Map<string, Window>()

  constructor(private readonly now: () => number) {}

  /** Counts one request; false when the key has used up its window. */
  take(key: string, rule: RateLimitRule): boolean {
    const now = this.now()
    if (this.windows.size > 10_000) this.sweep(now)
    let window = this.windows.get(key)
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + rule.windowMs }
      this.windows.set(key, window)
    }
    if (window.count >= rule.max) return false
    window.count += 1
    return true
  }

  reset(): void {
    this.windows.clear()
  }

  private sweep(now: number) {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key)
  }
}
