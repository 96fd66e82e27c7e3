// Whether the session an access token names still exists: revocation that reaches REST, Storage
// and Functions, not only the auth API. Sign-out, a password change, a ban or refresh-token reuse
// delete the session row; an access token of that session then stops working within
// AUTH_REVOCATION_CHECK_MS (at most 5 s), not at its expiry. Each session's answer is remembered
// that long, so a client sending many requests costs one primary-key lookup per interval, and
// lookups for the same session at the same moment share one query. A staff member's preview of a
// client's portal (decision 0022) has an id of its own, asked the same way: it stands while it is
// open and the staff session it was opened from still exists.
import type { Queryable } from '../db/database'
import { isUuid } from '../../functions/_shared/uuid.ts'

interface Entry {
  /** The answer once known; until then the lookup that will give it. */
  live: boolean | Promise<boolean>
  checkedAt: number
}

const maxEntries = 10_000
const liveQuery = `
  select 1 from auth.sessions where id = $1 and (not_after is null or not_after > now())
  union all
  select 1 from private.view_as_previews p
  join auth.sessions s on s.id = p.session_id and (s.not_after is null or s.not_after > now())
  where p.id = $1 and p.ended_at is null and p.ends_at > now()
  limit 1`

export class SessionCheck {
  private readonly entries = new Map<string, Entry>()

  constructor(
    private readonly db: Queryable,
    private readonly maxAgeMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** True while the session (or preview) exists and has not passed its end. */
  isLive(sessionId: string): Promise<boolean> {
    return Promise.resolve(this.liveNow(sessionId))
  }

  /**
   * The same answer, synchronously when it is remembered: every request of an active client asks
   * this, so the usual case is one map lookup, with no promise and no turn of the event loop.
   */
  liveNow(sessionId: string): boolean | Promise<boolean> {
    const now = this.now()
    const cached = this.entries.get(sessionId)
    if (cached && now - cached.checkedAt < this.maxAgeMs) return cached.live
    // Only ids that were never remembered need checking: the map holds valid ones alone.
    if (!cached && !isUuid(sessionId)) return false
    if (this.entries.size >= maxEntries) this.sweep(now)
    const entry: Entry = { live: false, checkedAt: now }
    const live = this.db.query(liveQuery, [sessionId]).then((result) => {
      const answer = result.rows.length > 0
      entry.live = answer
      return answer
    })
    // A failed lookup is not remembered: the next request asks again.
    live.catch(() => {
      if (this.entries.get(sessionId) === entry) this.entries.delete(sessionId)
    })
    // Lookups for the same session at the same moment share this one query.
    entry.live = live
    this.entries.set(sessionId, entry)
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
