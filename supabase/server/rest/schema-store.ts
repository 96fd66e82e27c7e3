// Keeps the schema cache current: loaded on first use, reloaded when a request names something
// unknown or the database reports a missing object, at most once per interval, since migrations
// may run while the server does.
import type { Queryable } from '../db/database'
import { SchemaCache } from './schema-cache'
import { readCatalog, readTimezones } from './schema-query'

export class SchemaCacheStore {
  private loading: Promise<SchemaCache> | undefined
  private loadedAt = 0
  private stale = false
  private zones: Promise<ReadonlySet<string>> | undefined

  constructor(
    private readonly db: Queryable,
    private readonly minRefreshMs = 1000,
  ) {}

  get(): Promise<SchemaCache> {
    if (this.loading && !(this.stale && this.mayReload())) return this.loading
    return this.load()
  }

  /** Reloads when the last load is older than the interval; null when it is too soon to try again. */
  async refresh(): Promise<SchemaCache | null> {
    return this.mayReload() ? this.load() : null
  }

  /** The time zones `Prefer: timezone=` may name, read once. */
  timezones(): Promise<ReadonlySet<string>> {
    const zones = (this.zones ??= readTimezones(this.db))
    zones.catch(() => {
      if (this.zones === zones) this.zones = undefined
    })
    return zones
  }

  /** The database reported a missing table, column or function: reload on a coming request. */
  markStale() {
    this.stale = true
  }

  private mayReload() {
    return Date.now() - this.loadedAt >= this.minRefreshMs
  }

  private load(): Promise<SchemaCache> {
    this.loadedAt = Date.now()
    this.stale = false
    const loading = readCatalog(this.db).then((catalog) => new SchemaCache(catalog))
    // A failed load must not stick: the next request tries again.
    loading.catch(() => {
      if (this.loading === loading) this.loading = undefined
    })
    this.loading = loading
    return loading
  }
}
