// Any PostgreSQL server through node-postgres, with a small pool.
import pg from 'pg'
import type { Database, LockOptions, Queryable, QueryOptions, QueryResult, Settings } from './database'

function wrap(target: pg.Pool | pg.PoolClient, prepare: boolean): Queryable {
  return {
    async query<T>(sql: string, params: readonly unknown[] = [], options?: QueryOptions): Promise<QueryResult<T>> {
      const result = await target.query({
        text: sql,
        values: params as unknown[],
        name: prepare ? options?.name : undefined,
      })
      return { rows: result.rows as T[], affectedRows: result.rowCount ?? 0 }
    },
    async exec(sql: string) {
      await target.query(sql)
    },
  }
}

/**
 * A string literal, as pg's escapeLiteral (libpq's) writes it: quotes doubled, and backslashes doubled
 * in an E'' string, so it reads the same whatever standard_conforming_strings says. pg's loop over
 * characters costs ~15 µs per request on the ~1 KB of headers; these native replaces, ~1 µs.
 */
export function quoteLiteral(value: string): string {
  const quoted = `'${value.replaceAll("'", "''")}'`
  return value.includes('\\') ? ` E${quoted.replaceAll('\\', '\\\\')}` : quoted
}

/**
 * `begin` and the settings as one simple-protocol query: one round trip instead of two. Values are
 * quoted literals, since the simple protocol takes no parameters.
 */
function beginSql(settings: Settings | undefined): string {
  if (!settings?.length) return 'begin'
  // PostgreSQL text cannot hold NUL, and in a literal it would cut the query short.
  if (settings.some(([name, value]) => name.includes('\0') || value.includes('\0')))
    throw new Error('A setting cannot contain a NUL character')
  const calls = settings.map(([name, value]) => `set_config(${quoteLiteral(name)}, ${quoteLiteral(value)}, true)`)
  return `begin; select ${calls.join(', ')}`
}

function hasOptions(connectionString: string): boolean {
  try {
    return new URL(connectionString).searchParams.has('options')
  } catch {
    return true // not a URL (a key=value string): keep the setting per transaction
  }
}

/**
 * `preparedStatements: false` for a transaction-mode pooler (PgBouncer before 1.21, Supavisor in
 * transaction mode), where a statement prepared on one connection is not there on the next.
 */
export function openPostgres(
  connectionString: string,
  options: { max?: number; preparedStatements?: boolean } = {},
): Database {
  const prepare = options.preparedStatements ?? true
  // LLVM compiles without checking for interrupts, so a statement timeout cannot fire while a large
  // query is being JIT-compiled, and short API queries gain nothing from JIT (decision 0012). Sent
  // once, in the connection's startup options; a transaction-mode pooler keeps no settings per
  // connection, and a URL's own `options` replace ours, so there it goes with every transaction.
  const perConnection = prepare && !hasOptions(connectionString)
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    options: perConnection ? '-c jit=off' : undefined,
  })
  // An idle client that loses its connection must not crash the process.
  pool.on('error', (error) => console.error('PostgreSQL pool error:', error.message))
  const jitOff: Settings = [['jit', 'off']]
  return {
    kind: 'postgres',
    ...wrap(pool, prepare),
    async transaction(fn, settings) {
      const client = await pool.connect()
      try {
        await client.query(beginSql(perConnection ? settings : [...jitOff, ...(settings ?? [])]))
        const result = await fn(wrap(client, prepare))
        await client.query('commit')
        return result
      } catch (error) {
        await client.query('rollback').catch(() => undefined)
        throw error
      } finally {
        client.release()
      }
    },
    listen: (channel, onNotify, onReconnect) => listenOn(connectionString, channel, onNotify, onReconnect),
    lock: (name, lockOptions) => advisoryLock(connectionString, name, !prepare, lockOptions),
    close: () => pool.end(),
  }
}

/**
 * LISTEN on a connection of its own (a pooled one would be handed to others). A lost connection is
 * opened again after a second, and `onReconnect` told, until the returned function is called.
 */
async function listenOn(
  connectionString: string,
  channel: string,
  onNotify: () => void,
  onReconnect?: () => void,
): Promise<() => Promise<void>> {
  let stopped = false
  let client: pg.Client | undefined
  const retry = () => {
    if (!stopped) setTimeout(() => void connect().then(onReconnect, retry), 1000).unref()
  }
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString })
    next.on('notification', (message) => {
      if (message.channel === channel) onNotify()
    })
    next.on('error', (error) => {
      console.error('PostgreSQL listener error:', error.message)
      void next.end().catch(() => undefined)
      retry()
    })
    await next.connect()
    await next.query(`listen ${pg.escapeIdentifier(channel)}`)
    client = next
  }
  await connect()
  return async () => {
    stopped = true
    await client?.end().catch(() => undefined)
  }
}

/**
 * An advisory lock on a connection of its own (never a pooled one: the lock belongs to the session
 * that took it). Session-level, released by `pg_advisory_unlock` or when the connection drops.
 * Behind a transaction-mode pooler (`inTransaction`) a session lock would stay on whichever server
 * connection ran the statement, so the lock is a transaction-level one in a transaction kept open
 * until release: the pooler keeps that server connection ours for as long.
 */
async function advisoryLock(
  connectionString: string,
  name: string,
  inTransaction: boolean,
  { timeoutMs = 0, onWait }: LockOptions = {},
): Promise<() => Promise<void>> {
  const client = new pg.Client({ connectionString })
  client.on('error', (error) => console.error('PostgreSQL lock connection error:', error.message))
  await client.connect()
  const kind = inTransaction ? 'xact_' : ''
  try {
    if (inTransaction) await client.query('begin')
    const tried = await client.query<{ held: boolean }>(
      `select pg_try_advisory_${kind}lock(hashtextextended($1, 0)) as held`,
      [name],
    )
    if (!tried.rows[0]?.held) {
      onWait?.()
      // lock_timeout bounds the wait for an advisory lock too.
      await client.query(`select set_config('lock_timeout', $1, ${inTransaction})`, [`${Math.max(0, timeoutMs)}ms`])
      await client.query(`select pg_advisory_${kind}lock(hashtextextended($1, 0))`, [name])
    }
  } catch (error) {
    await client.end().catch(() => undefined)
    throw error
  }
  let released = false
  return async () => {
    if (released) return
    released = true
    await client
      .query(
        inTransaction ? 'commit' : 'select pg_advisory_unlock(hashtextextended($1, 0))',
        inTransaction ? [] : [name],
      )
      .catch(() => undefined)
    await client.end().catch(() => undefined)
  }
}
