// What is left of the account lock in memory; the lock itself is in SQL, in the Password and MFA
// Verification Attempt hooks (verification-hooks.ts). Two cases have no hook:
// - a password sign-in for an address without an account. Supabase Auth calls no hook then, so on
//   Supabase such an address is never locked (its IP rate limits remain); here it is counted like
//   an account, with the same settings and answer, so the lock tells nobody which addresses have
//   accounts;
// - an e-mailed code (POST /verify), which Supabase Auth has no hook for: counted per address.
// In memory, like the per-IP limits: enough for one process.
import { AuthError } from './errors'
import { passwordRejection } from './verification-hooks'

interface Failures {
  count: number
  windowEnd: number
}

export interface LockSettings {
  maxFailures: number
  windowMs: number
}

export class AccountLock {
  private readonly failures = new Map<string, Failures>()

  constructor(
    private readonly now: () => number,
    /** The e-mailed codes' settings (AUTH_ACCOUNT_*); mutable for tests. */
    readonly settings: LockSettings,
    /** Off in Supabase-only mode, where Supabase Auth counts neither case (its IP rate limits remain). */
    private readonly counting = true,
  ) {}

  /** Throws the 429 with the time to try again when `key` is locked. */
  check(key: string): void {
    if (!this.counting) return
    const entry = this.current(key)
    if (entry && entry.count >= this.settings.maxFailures) throw lockedError(new Date(entry.windowEnd))
  }

  /** Counts a failure; true exactly when this one locks the key. */
  fail(key: string, settings: LockSettings = this.settings): boolean {
    if (!this.counting) return false
    if (this.failures.size > 10_000) this.sweep()
    const entry = this.current(key) ?? { count: 0, windowEnd: this.now() + settings.windowMs }
    // One past the maximum keeps it locked; counting further would only grow the number.
    entry.count = Math.min(entry.count + 1, settings.maxFailures + 1)
    this.failures.set(key, entry)
    return entry.count === settings.maxFailures
  }

  /**
   * A password attempt for an address without an account, which can only fail: counted as the
   * password hook counts an account's, and answered as it answers once the count reaches the
   * maximum. Returns when the attempt is merely wrong.
   */
  failUnknown(key: string, settings: LockSettings): void {
    if (!this.counting) return
    this.fail(key, settings)
    const entry = this.current(key)
    if (entry && entry.count >= settings.maxFailures) {
      const until = new Date(entry.windowEnd).toISOString()
      throw passwordRejection(`Too many failed attempts for this account. Try again after ${until}`)
    }
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
