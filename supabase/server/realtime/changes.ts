// postgres_changes: which channel bindings listen to which published table, and the delivery of
// each captured change (db/platform/40-realtime.sql) to those whose row-level security lets them
// select the row, evaluated as each subscriber in the database (decision 0014). Deciding one change
// costs one statement per filtered column and operator, whatever the number of filters, and one
// row-level-security check per identity, whatever the number of its bindings.
import type { Database } from '../db/database'
import type { DbRole } from '../db/request-context'
import type { JwtPayload } from '../lib/jwt'
import { parseFilter, type Filter } from './filters'

export interface ChangeSettings {
  pollIntervalMs: number
  changesPerQuery: number
  subscribersPerQuery: number
  maxFilterChars: number
}

/** The `postgres_changes` element of a join, as the client sent it. */
export interface BindingRequest {
  event?: unknown
  schema?: unknown
  table?: unknown
  filter?: unknown
}

/** A channel that listens: the identity its changes are checked as, and where they go. */
export interface Subscriber {
  role: DbRole
  claims: JwtPayload
  deliver(ids: number[], data: Record<string, unknown>): void
}

interface Column {
  name: string
  type: string
  sqlType: string
  anon: boolean
  authenticated: boolean
  service_role: boolean
}

interface TableInfo {
  schema: string
  table: string
  target: string
  rls: boolean
  replicaFull: boolean
  columns: Column[]
  primaryKey: string[]
}

interface Subscription {
  /** `schema.table` */
  key: string
  subscriber: Subscriber
  id: number
  event: 'INSERT' | 'UPDATE' | 'DELETE' | '*'
  filters: Filter[]
}

interface Change {
  id: string
  schema_name: string
  table_name: string
  operation: 'INSERT' | 'UPDATE' | 'DELETE'
  record: Record<string, unknown> | null
  old_record: Record<string, unknown> | null
  commit_timestamp: string
}

const tablesSql = `
  select n.nspname as schema, c.relname as table, c.oid::regclass::text as target, c.relrowsecurity as rls,
    c.relreplident = 'f' as "replicaFull",
    coalesce((select json_agg(json_build_object(
        'name', a.attname, 'type', t.typname, 'sqlType', format_type(a.atttypid, a.atttypmod),
        'anon', has_column_privilege('anon', c.oid, a.attnum, 'SELECT'),
        'authenticated', has_column_privilege('authenticated', c.oid, a.attnum, 'SELECT'),
        'service_role', has_column_privilege('service_role', c.oid, a.attnum, 'SELECT')) order by a.attnum)
      from pg_attribute a join pg_type t on t.oid = a.atttypid
      where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped), '[]') as columns,
    coalesce((select json_agg(a.attname order by a.attnum) from pg_index i
      join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
      where i.indrelid = c.oid and i.indisprimary), '[]') as "primaryKey"
  from pg_publication_tables p
  join pg_namespace n on n.nspname = p.schemaname
  join pg_class c on c.relnamespace = n.oid and c.relname = p.tablename
  where p.pubname = 'supabase_realtime'`

const drainSql = `
  delete from _realtime.changes where id in (select id from _realtime.changes order by id limit $1)
  returning id, schema_name, table_name, operation, record, old_record,
    to_char(committed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as commit_timestamp`

/** Realtime's error for a table it will not stream (absent, unpublished, or not readable by the role). */
function notEnabled(binding: Label, filters: Filter[]): string {
  return `Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: [event: ${binding.event}, schema: ${binding.schema}, table: ${binding.table ?? '*'}, filters: ${JSON.stringify(filters.map((f) => [f.column, f.op, f.value ?? f.values]))}]`
}

interface Label {
  event: string
  schema: string
  table?: string
}

/** Realtime's error for a binding whose filter the database refused. */
const exception = (label: Label, problem: string) =>
  `Unable to subscribe to changes with given parameters. An exception happened so please check your connect parameters: [event: ${label.event}, schema: ${label.schema}, table: ${label.table ?? '*'}]. Exception: ${problem}`

const glob = (pattern: string, value: string) =>
  pattern === '*' || new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replaceAll('*', '.*')}$`).test(value)

const pick = (record: Record<string, unknown> | null, names: string[]) =>
  Object.fromEntries(names.filter((name) => record && name in record).map((name) => [name, record![name]]))

class Rollback extends Error {
  constructor(readonly value: unknown) {
    super('rollback')
  }
}

export class ChangeFeed {
  private tables = new Map<string, TableInfo>()
  private tablesLoadedAt = 0
  private readonly byTable = new Map<string, Set<Subscription>>()
  private readonly bySubscriber = new Map<Subscriber, Subscription[]>()
  private draining = false
  private again = false
  private stopListening?: () => Promise<void>
  private timer?: NodeJS.Timeout

  constructor(
    private readonly db: Database,
    private readonly settings: ChangeSettings,
    private readonly log: (line: string) => void,
  ) {}

  async start() {
    await this.db.query('select _realtime.sync_publication()')
    // Changes queued while no server ran had nobody to go to.
    await this.db.query('delete from _realtime.changes')
    await this.loadTables()
    this.stopListening = await this.db.listen(
      '_realtime_changes',
      () => void this.drain(),
      () => void this.drain(),
    )
    // A safety net for a notification lost with its connection; a drain finds nothing most times.
    if (this.settings.pollIntervalMs > 0)
      this.timer = setInterval(() => void this.drain(), this.settings.pollIntervalMs).unref()
  }

  async stop() {
    if (this.timer) clearInterval(this.timer)
    await this.stopListening?.()
  }

  private async loadTables() {
    const { rows } = await this.db.query<TableInfo>(tablesSql)
    this.tables = new Map(rows.map((row) => [`${row.schema}.${row.table}`, row]))
    this.tablesLoadedAt = Date.now()
  }

  /**
   * Registers a channel's bindings (ids already assigned), all or none. Resolves to Realtime's
   * system message for the outcome.
   */
  async subscribe(
    subscriber: Subscriber,
    bindings: { id: number; request: BindingRequest }[],
  ): Promise<{ ok: true } | { ok: false; message: string }> {
    if (Date.now() - this.tablesLoadedAt > 5000) await this.loadTables()
    const created: Subscription[] = []
    /** Every filter value with its type, and the binding to blame when it does not cast. */
    const values: { value: string; type: string; column: string; label: Label }[] = []
    for (const { id, request } of bindings) {
      const event = typeof request.event === 'string' ? request.event : '*'
      const schema = typeof request.schema === 'string' ? request.schema : '*'
      const table = typeof request.table === 'string' ? request.table : undefined
      const label = { event, schema, table }
      const parsed = parseFilter(
        typeof request.filter === 'string' ? request.filter : undefined,
        this.settings.maxFilterChars,
      )
      if (!parsed.ok) return { ok: false, message: parsed.message }
      const upper = event.toUpperCase()
      const action = upper === 'INSERT' || upper === 'UPDATE' || upper === 'DELETE' ? upper : '*'
      const matching = [...this.tables.entries()].filter(
        ([, info]) => glob(schema, info.schema) && glob(table ?? '*', info.table),
      )
      const readable = matching.filter(
        ([, info]) =>
          info.primaryKey.length > 0 &&
          info.primaryKey.every((name) => this.columnReadable(info, name, subscriber.role)),
      )
      if (readable.length === 0) return { ok: false, message: notEnabled(label, parsed.filters) }
      for (const [key, info] of readable) {
        for (const filter of parsed.filters) {
          const column = info.columns.find((candidate) => candidate.name === filter.column)
          if (!column || !column[subscriber.role])
            return { ok: false, message: exception(label, `invalid column for filter ${filter.column}`) }
          for (const value of filter.values ?? [filter.value ?? ''])
            values.push({ value, type: column.sqlType, column: filter.column, label })
        }
        created.push({ key, subscriber, id, event: action, filters: parsed.filters })
      }
    }
    if (values.length > 0) {
      // One query for every value of every binding: each must cast to its column's type.
      const { rows } = await this.db.query<{ index: number | null }>(
        'select _realtime.invalid_value($1::text[], $2::text[]) as index',
        [values.map((entry) => entry.value), values.map((entry) => entry.type)],
      )
      const bad = rows[0]?.index ? values[rows[0].index - 1] : undefined
      if (bad) return { ok: false, message: exception(bad.label, `invalid value for filter ${bad.column}`) }
    }
    this.unsubscribe(subscriber)
    for (const subscription of created) {
      const set = this.byTable.get(subscription.key) ?? new Set()
      set.add(subscription)
      this.byTable.set(subscription.key, set)
    }
    this.bySubscriber.set(subscriber, created)
    return { ok: true }
  }

  unsubscribe(subscriber: Subscriber) {
    for (const subscription of this.bySubscriber.get(subscriber) ?? [])
      this.byTable.get(subscription.key)?.delete(subscription)
    this.bySubscriber.delete(subscriber)
  }

  get subscriptionCount() {
    let count = 0
    for (const set of this.byTable.values()) count += set.size
    return count
  }

  private columnReadable(info: TableInfo, name: string, role: DbRole) {
    return info.columns.some((column) => column.name === name && column[role])
  }

  /** Takes queued changes in order and delivers each before the next. */
  async drain(): Promise<void> {
    if (this.draining) {
      this.again = true
      return
    }
    this.draining = true
    try {
      do {
        this.again = false
        const { rows } = await this.db.query<Change>(drainSql, [this.settings.changesPerQuery])
        rows.sort((a, b) => Number(a.id) - Number(b.id))
        for (const change of rows) await this.dispatch(change)
        if (rows.length === this.settings.changesPerQuery) this.again = true
      } while (this.again)
    } catch (error) {
      this.log(`realtime: could not read changes: ${(error as Error).message}`)
    } finally {
      this.draining = false
    }
  }

  private async dispatch(change: Change) {
    const key = `${change.schema_name}.${change.table_name}`
    const info = this.tables.get(key)
    const subscriptions = [...(this.byTable.get(key) ?? [])].filter(
      (subscription) => subscription.event === '*' || subscription.event === change.operation,
    )
    if (!info || subscriptions.length === 0) return
    const row = change.operation === 'DELETE' ? change.old_record : change.record
    const matching = await this.filtersHold(info, row, subscriptions)
    // Subscriptions with the same identity share one row-level-security check, whatever their
    // filters (already applied): the row is the same, and so is the answer.
    const checks = new Map<string, { role: DbRole; claims: JwtPayload; subscriptions: Subscription[] }>()
    for (const subscription of matching) {
      const { role, claims } = subscription.subscriber
      const id = JSON.stringify([role, claims])
      const check = checks.get(id) ?? { role, claims, subscriptions: [] }
      check.subscriptions.push(subscription)
      checks.set(id, check)
    }
    const all = [...checks.values()]
    const chunks: (typeof all)[] = []
    for (let i = 0; i < all.length; i += this.settings.subscribersPerQuery)
      chunks.push(all.slice(i, i + this.settings.subscribersPerQuery))
    const payloads = new Map<DbRole, Record<string, unknown>>()
    const decide = async (chunk: (typeof chunks)[number]) => {
      const visible = await this.visible(info, change, chunk)
      const ids = new Map<Subscriber, number[]>()
      chunk.forEach((check, index) => {
        if (!visible[index]) return
        for (const subscription of check.subscriptions) {
          const list = ids.get(subscription.subscriber) ?? []
          if (!list.includes(subscription.id)) list.push(subscription.id)
          ids.set(subscription.subscriber, list)
        }
      })
      for (const [subscriber, list] of ids) {
        let data = payloads.get(subscriber.role)
        if (!data) {
          data = this.payloadFor(info, change, subscriber.role)
          payloads.set(subscriber.role, data)
        }
        subscriber.deliver(list, data)
      }
    }
    // PGlite is one backend that runs statements in the order asked: batches go one after another,
    // so other requests queue behind one batch, not behind all of them. PostgreSQL runs them at once.
    if (this.db.kind === 'pglite') for (const chunk of chunks) await decide(chunk)
    else await Promise.all(chunks.map(decide))
  }

  /**
   * The subscriptions whose filters all hold for the change's row. Every distinct condition is
   * asked once, in one query (one statement per column and operator in the database); when the
   * database cannot answer, filtered subscriptions get nothing (fail closed).
   */
  private async filtersHold(
    info: TableInfo,
    row: Record<string, unknown> | null,
    subscriptions: Subscription[],
  ): Promise<Subscription[]> {
    const conditions = new Map<string, number>()
    const list: Filter[] = []
    for (const { filters } of subscriptions)
      for (const filter of filters) {
        const key = JSON.stringify([filter.column, filter.op, filter.value, filter.values])
        if (!conditions.has(key)) conditions.set(key, list.push(filter) - 1)
      }
    if (list.length === 0) return subscriptions
    let held: boolean[] = []
    try {
      const { rows } = await this.db.query<{ held: boolean[] }>(
        'select _realtime.conditions_hold($1::regclass, $2::jsonb, $3::jsonb) as held',
        [info.target, JSON.stringify(row), JSON.stringify(list)],
      )
      held = rows[0]?.held ?? []
    } catch (error) {
      this.log(`realtime: filter check failed: ${(error as Error).message}`)
    }
    return subscriptions.filter(({ filters }) =>
      filters.every(
        (filter) =>
          held[conditions.get(JSON.stringify([filter.column, filter.op, filter.value, filter.values]))!] === true,
      ),
    )
  }

  /** One answer per check, false when the database could not give one (fail closed). */
  private async visible(
    info: TableInfo,
    change: Change,
    checks: { role: DbRole; claims: JwtPayload }[],
  ): Promise<boolean[]> {
    const subscribers = JSON.stringify(checks.map(({ role, claims }) => ({ role, claims })))
    try {
      if (change.operation !== 'DELETE') {
        const { rows } = await this.db.query<{ visible: boolean[] }>(
          'select _realtime.visible_to($1::regclass, $2::jsonb, $3::jsonb) as visible',
          [info.target, JSON.stringify(change.record), subscribers],
        )
        return rows[0]?.visible ?? []
      }
      // The deleted row is put back for the question only: always rolled back.
      try {
        await this.db.transaction(async (tx) => {
          const { rows } = await tx.query<{ visible: boolean[] | null }>(
            'select _realtime.deleted_visible_to($1::regclass, $2::jsonb, $3::jsonb) as visible',
            [info.target, JSON.stringify(change.old_record), subscribers],
          )
          throw new Rollback(rows[0]?.visible ?? null)
        })
      } catch (error) {
        if (!(error instanceof Rollback)) throw error
        // Not restorable: only a role that bypasses row-level security may be told.
        return (error.value as boolean[] | null) ?? checks.map((check) => check.role === 'service_role')
      }
      return []
    } catch (error) {
      if (checks.length > 1) {
        // One subscriber's failure (a privilege revoked since it subscribed) must not silence the rest.
        const single = await Promise.all(checks.map((check) => this.visible(info, change, [check])))
        return single.map((answer) => answer[0] ?? false)
      }
      this.log(`realtime: visibility check failed: ${(error as Error).message}`)
      return [false]
    }
  }

  /** The change as Realtime sends it to one role: only the columns that role may select. */
  private payloadFor(info: TableInfo, change: Change, role: DbRole): Record<string, unknown> {
    const columns = info.columns.filter((column) => column[role])
    const names = columns.map((column) => column.name)
    const data: Record<string, unknown> = {
      schema: info.schema,
      table: info.table,
      commit_timestamp: change.commit_timestamp,
      type: change.operation,
      columns: columns.map((column) => ({ name: column.name, type: column.type })),
    }
    if (change.operation !== 'DELETE') data.record = pick(change.record, names)
    if (change.operation === 'UPDATE')
      data.old_record = pick(change.old_record, info.replicaFull ? names : info.primaryKey)
    if (change.operation === 'DELETE')
      data.old_record = pick(change.old_record, info.replicaFull && !info.rls ? names : info.primaryKey)
    data.errors = null
    return data
  }
}
