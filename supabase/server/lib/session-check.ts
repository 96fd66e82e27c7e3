// Whether the session an access token names still exists: revocation that reaches REST, Storage
// and Functions, not only the auth API. Sign-out, a password change, a ban or refresh-token reuse
// delete the session row; an access token of that session then stops working within
// AUTH_REVOCATION_CHECK_MS (at most 5 s), not at its expiry. Each session's answer is remembered
// that long, so a client sending many requests costs one primary-key lookup per interval, and
// lookups for the same session at the same moment share one query.
import type { Queryable } from '../db/database'

interface Entry {
  live: Promise<boolean>
  checkedAt: number
}

const maxEntries = 10_000
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export class SessionCheck {
  private readonly entries = new Map<string, Entry>()

  constructor(
    private readonly db: Queryable,
    private readonly maxAgeMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** True while the session exists and has not passed its not_after. */
  isLive(sessionId: string): Promise<boolean> {
    if (!uuid.test(sessionId)) return Promise.resolve(false)
    const now = this.now()
    const cached = this.entries.get(sessionId)
    if (cached && now - cached.checkedAt < this.maxAgeMs) return cached.live
    if (this.entries.size >= maxEntries) this.sweep(now)
    const live = this.db
      .query('select 1 from auth.sessions where id = $1 and (not_after is null or not_after > now())', [sessionId])
      .then((result) => result.rows.length > 0)
    // A failed lookup is not remembered: the next request asks again.
    live.catch(() => this.entries.delete(sessionId))
    this.entries.set(sessionId, { live, checkedAt: now })
    return live
  }

  /** Forgets a session at once (this process ended it). */
  forget(sessionId: string): void {
    this.entries.delete(sessionId)
  }

  private sweep(now: number) {
    for (const [id, entry] of this.entries) if (now - entry.checkedAt >= this.maxAgeMs) this.entries.delete(id)
    if (this.entries.size >= maxEntries) this.entries.clear()
  }
}
