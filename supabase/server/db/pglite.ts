// Embedded PostgreSQL (PGlite, PostgreSQL compiled to WebAssembly), in memory or on disk.
import { PGlite } from '@electric-sql/pglite'
import type { Database, Queryable, QueryResult } from './database'

function wrap(target: Pick<PGlite, 'query' | 'exec'>): Queryable {
  return {
    async query<T>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<T>> {
      const result = await target.query<T>(sql, params as unknown[])
      return { rows: result.rows, affectedRows: result.affectedRows ?? 0 }
    },
    async exec(sql: string) {
      await target.exec(sql)
    },
  }
}

/** `select set_config($1, $2, true), set_config($3, $4, true), …` for `count` settings. */
function settingsSql(count: number): string {
  const calls = Array.from({ length: count }, (_, i) => `set_config($${2 * i + 1}, $${2 * i + 2}, true)`)
  return `select ${calls.join(', ')}`
}

export interface PgliteDatabase extends Database {
  /** A gzip tarball of the data directory, loadable with `openPglite({ loadDataDir })`. */
  dumpDataDir(): Promise<Blob>
}

export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob } = {}): Promise<PgliteDatabase> {
  const db = await PGlite.create({ dataDir: options.dataDir, loadDataDir: options.loadDataDir })
  return {
    kind: 'pglite',
    ...wrap(db),
    transaction: (fn, settings) =>
      db.transaction(async (tx) => {
        const wrapped = wrap(tx)
        if (settings?.length) await wrapped.query(settingsSql(settings.length), settings.flat())
        return fn(wrapped)
      }),
    listen: (channel, onNotify) => db.listen(channel, () => onNotify()),
    close: () => db.close(),
    dumpDataDir: () => db.dumpDataDir('gzip'),
  }
}
