// Failed attempts counted per account as well as per client address: someone trying passwords
// (or TOTP codes) for one account from many addresses is stopped too. After
// AUTH_ACCOUNT_MAX_FAILURES failures within AUTH_ACCOUNT_LOCK_MINUTES, further attempts for that
// account are refused until the window ends, and the answer says when. The key is the address as
// typed (normalized), whether or not an account has it: an unknown address locks exactly like a
// known one, so the lock tells nobody which addresses have accounts. In memory, like the per-IP
// limits: enough for one process.
import { AuthError } from './errors'

interface Failures {
  count: number
  windowEnd: number
}

export class AccountLock {
  private readonly failures = new Map<string, Failures>()

  constructor(
    private readonly now: () => number,
    readonly settings: { maxFailures: number; windowMs: number },
  ) {}

  /** Throws the 429 with the time to try again when `key` is locked. */
  check(key: string): void {
    const entry = this.current(key)
    if (entry && entry.count >= this.settings.maxFailures) throw lockedError(new Date(entry.windowEnd))
  }

  /** Counts a failure; true exactly when this one locks the key (the moment to tell the owner). */
  fail(key: string): boolean {
    if (this.failures.size > 10_000) this.sweep()
    const entry = this.current(key) ?? { count: 0, windowEnd: this.now() + this.settings.windowMs }
    entry.count += 1
    this.failures.set(key, entry)
    return entry.count === this.settings.maxFailures
  }

  succeed(key: string): void {
    this.failures.delete(key)
  }

  reset(): void {
    this.failures.clear()
  }

  private current(key: string): Failures | undefined {
    const entry = this.failures.get(key)
    if (entry && entry.windowEnd <= this.now()) {
      this.failures.delete(key)
      return undefined
    }
    return entry
  }

  private sweep() {
    const now = this.now()
    for (const [key, entry] of this.failures) if (entry.windowEnd <= now) this.failures.delete(key)
  }
}

/**
 * GoTrue's 429 code; the message ends with the ISO time after which trying again works, which
 * the site reads to tell the person, in their language and time zone, when to come back.
 */
export function lockedError(until: Date): AuthError {
  return new AuthError(
    429,
    'over_request_rate_limit',
    `Too many failed attempts for this account. Try again after ${until.toISOString()}`,
  )
}
