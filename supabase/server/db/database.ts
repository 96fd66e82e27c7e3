// One small interface over the two databases the server runs on: embedded PGlite and any
// PostgreSQL. Everything above this file speaks only `query`, `exec` and `transaction`.
export interface QueryResult<T> {
  rows: T[]
  affectedRows: number
}

export interface QueryOptions {
  /**
   * Keeps the statement prepared under this name on each PostgreSQL connection, so later runs skip
   * parsing and planning; a name must always go with the same SQL. PGlite ignores it.
   */
  name?: string
}

/** Transaction-local settings, applied in order as `set_config(name, value, true)`. */
export type Settings = ReadonlyArray<readonly [name: string, value: string]>

export interface TransactionOptions {
  /**
   * The callback does nothing but database work (no e-mail, file or in-memory effect before the
   * commit), so the whole transaction may be rolled back and run again from the start. PGlite then
   * stops it for others when it runs long (decision 0018); PostgreSQL never needs to.
   */
  retryable?: boolean
}

export interface Queryable {
  query<T = Record<string, unknown>>(
    sql: string,
    params?: readonly unknown[],
    options?: QueryOptions,
  ): Promise<QueryResult<T>>
  /** Runs a script of several statements, no parameters (migrations, bootstrap). */
  exec(sql: string): Promise<void>
}

export interface LockOptions {
  /** Give up waiting after this many ms with PostgreSQL's lock timeout error (55P03); 0 waits for ever. */
  timeoutMs?: number
  /** Called once when the lock is held by someone else, before waiting for it. */
  onWait?: () => void
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres'
  /** Runs `fn` in one transaction, after `settings`: commit when it resolves, rollback when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>, settings?: Settings, options?: TransactionOptions): Promise<T>
  /**
   * Calls `onNotify` for each NOTIFY on `channel` (delivered at commit). `onReconnect` runs when a
   * lost listening connection is back, since notifications sent meanwhile are gone. Resolves to a
   * function that stops listening.
   */
  listen(channel: string, onNotify: () => void, onReconnect?: () => void): Promise<() => Promise<void>>
  /**
   * Waits for, then holds, the exclusive lock called `name` until the returned function is called.
   * On PostgreSQL an advisory lock on a connection of its own, so that servers sharing one database
   * take turns (the start-up's migrations and seed, decision 0027); on PGlite nothing to wait for,
   * as only one process can have its data directory open (data-dir-lock.ts).
   */
  lock(name: string, options?: LockOptions): Promise<() => Promise<void>>
  close(): Promise<void>
}

/** A PostgreSQL error as both drivers report it: the SQLSTATE code plus the server's fields. */
export interface PgError extends Error {
  code: string
  detail?: string
  hint?: string
  constraint?: string
  table?: string
  column?: string
}

export function isPgError(error: unknown): error is PgError {
  return (
    error instanceof Error &&
    typeof (error as { code?: unknown }).code === 'string' &&
    /^[0-9A-Z]{5}$/.test((error as PgError).code)
  )
}
