// Any PostgreSQL server through node-postgres, with a small pool.
import pg from 'pg'
import type { Database, Queryable, QueryResult } from './database'

function wrap(target: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<T>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<T>> {
      const result = await target.query(sql, params as unknown[])
      return { rows: result.rows as T[], affectedRows: result.rowCount ?? 0 }
    },
    async exec(sql: string) {
      await target.query(sql)
    },
  }
}

export function openPostgres(connectionString: string, options: { max?: number } = {}): Database {
  const pool = new pg.Pool({ connectionString, max: options.max ?? 10 })
  // An idle client that loses its connection must not crash the process.
  pool.on('error', (error) => console.error('PostgreSQL pool error:', error.message))
  return {
    kind: 'postgres',
    ...wrap(pool),
    async transaction(fn) {
      const client = await pool.connect()
      try {
        await client.query('begin')
        const result = await fn(wrap(client))
        await client.query('commit')
        return result
      } catch (error) {
        await client.query('rollback').catch(() => undefined)
        throw error
      } finally {
        client.release()
      }
    },
    close: () => pool.end(),
  }
}
