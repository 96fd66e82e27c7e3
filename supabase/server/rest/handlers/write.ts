// POST (insert, bulk insert, upsert), PATCH and DELETE on /rest/v1/<table>, with the statuses and
// headers of PostgREST: 201 / 204 / 200, Content-Range, Preference-Applied and Location.
import { filterSql, logicSql } from '../build/conditions'
import { readSql } from '../build/select-sql'
import { SqlParams } from '../build/sql'
import { deleteSql, insertSql, updateSql, writeCte, type Conflict, type InsertGroup } from '../build/write-sql'
import { restErrors } from '../errors'
import { explainPrepared } from '../explain'
import { planRead } from '../plan/read-plan'
import { preferenceApplied, requireValidPreferences } from '../prefer'
import { requireAcceptable, type PageRow, type Prepared, type RestRequest } from '../request'
import { contentRange, type RestResult } from '../response'
import type { Relation, SchemaCache } from '../schema-cache'
import { requireRelation } from './read'
import { payloadColumns, requireColumns } from './payload'

interface Statement {
  sql: string
  values: unknown[]
}

export function prepareWrite(cache: SchemaCache, request: RestRequest): Prepared {
  const relation = requireRelation(cache, request.target)
  const root = planRead(cache, relation, request.query, request)
  const wantsRows = request.prefs.return === 'representation' || request.prefs.return === 'headers-only'
  // Rows come back through one statement (the writes as CTEs, read like a table); without them,
  // each write runs on its own, so that no RETURNING asks RLS for SELECT rights the caller lacks.
  // A plan explains that one statement, as PostgREST explains its own.
  const asOne = wantsRows || request.media.plan !== undefined
  const shared = new SqlParams()
  const paramsFor = () => (asOne ? shared : new SqlParams())
  const statements: Statement[] = []
  const add = (sql: string, params: SqlParams) => statements.push({ sql, values: params.values })
  const { columns: written, rows: payloadRows } =
    request.method === 'POST'
      ? payloadColumns(relation, request.body, request.query.columns, true)
      : { columns: [], rows: [] }
  const conflict = request.method === 'POST' ? upsertConflict(relation, request, written) : undefined
  if (request.method === 'POST') {
    for (const group of insertGroups(request, relation, written, payloadRows)) {
      const params = paramsFor()
      add(insertSql(relation, root.alias, group, conflict, params, asOne), params)
    }
  } else {
    const params = paramsFor()
    const where = [
      ...root.filters.map((f) => filterSql(root.alias, f, params)),
      ...root.logic.map((t) => logicSql(root.alias, t, params)),
    ]
    if (request.method === 'PATCH') {
      if (where.length === 0) throw restErrors.safeUpdate('UPDATE')
      const { columns, rows } = payloadColumns(relation, request.body, request.query.columns, false)
      const row = rows[0] as object
      const defaults =
        request.prefs.missing === 'default' ? columns.filter((column) => !Object.hasOwn(row, column)) : []
      if (columns.length > 0) add(updateSql(relation, root.alias, columns, row, where, params, asOne, defaults), params)
    } else {
      if (where.length === 0) throw restErrors.safeUpdate('DELETE')
      add(deleteSql(relation, root.alias, where, asOne), params)
    }
  }
  // PostgREST's order once a write is planned: the preferences, then the media type.
  requireValidPreferences(request.prefs)
  requireAcceptable(request)
  const readQuery = asOne && statements.length > 0 ? readSql(root, shared, readOptions(request)) : undefined
  const merging = conflict?.action === 'merge'
  if (request.media.plan) {
    // A PATCH with no columns writes nothing: the plan of nothing.
    const sql = readQuery
      ? `${writeCte(statements.map((statement) => statement.sql))} select q.* from (${readQuery}) as q`
      : 'select where false'
    return explainPrepared(request.media.plan, sql, shared.values)
  }
  return async (tx) => {
    let rows = 0
    // Rows inserted by this request; undefined unless it is an upsert, where it decides 201 or 200.
    let inserted: number | undefined
    let body: string | undefined
    if (readQuery) {
      const cte = writeCte(statements.map((statement) => statement.sql))
      const insertedSql = merging ? `(select count(*) from w where w._inserted)::int` : 'null::int'
      const { rows: result } = await tx.query<PageRow & { inserted: number | null }>(
        `${cte} select q.*, ${insertedSql} as inserted from (${readQuery}) as q`,
        shared.values,
      )
      const page = result[0] ?? { total: null, page_rows: 0, body: null, inserted: null }
      rows = page.page_rows
      body = page.body ?? undefined
      inserted = merging ? (page.inserted ?? 0) : rows
    } else {
      inserted = 0
      for (const statement of statements) {
        const result = await tx.query<{ _inserted?: boolean }>(statement.sql, statement.values)
        rows += result.affectedRows
        inserted += merging ? result.rows.filter((row) => row._inserted).length : result.affectedRows
      }
      if (wantsRows) body = request.media.csv ? '\n' : '[]'
    }
    return writeResult(request, relation, rows, body, inserted, conflict)
  }
}

function readOptions(request: RestRequest) {
  return {
    source: 'w',
    count: true,
    single: request.media.single,
    stripNulls: request.media.stripNulls,
    // headers-only reads the rows as JSON for the Location header, whatever was accepted.
    csv: request.media.csv && request.prefs.return === 'representation',
    noBody: false,
    rootFilters: false,
  }
}

/** The upsert's ON CONFLICT; none without a resolution, or on a table without a key or `on_conflict`. */
function upsertConflict(relation: Relation, request: RestRequest, written: string[]): Conflict | undefined {
  const target = request.query.onConflict ?? relation.primaryKey
  if (!request.prefs.resolution || target.length === 0) return undefined
  requireColumns(relation, target)
  const action = request.prefs.resolution === 'ignore-duplicates' ? 'ignore' : 'merge'
  return { columns: target, action, written }
}

function insertGroups(request: RestRequest, relation: Relation, columns: string[], rows: unknown[]): InsertGroup[] {
  if (rows.length === 0) return []
  // missing=default, as PostgREST: every row gets the written columns, each default merged under
  // the row's own keys (a column without a default is NULL where a row lacks it).
  if (request.prefs.missing === 'default') {
    const defaults = columns.flatMap((column) => {
      const sql = relation.byName.get(column)?.defaultSql
      return sql ? [{ column, sql }] : []
    })
    return [{ columns, rows, defaults }]
  }
  return [{ columns, rows }]
}

function writeResult(
  request: RestRequest,
  relation: Relation,
  rows: number,
  body: string | undefined,
  inserted: number | undefined,
  conflict: Conflict | undefined,
): RestResult {
  const { prefs, media } = request
  if (media.single && rows !== 1) throw restErrors.singular(rows)
  // max-affected bounds updates and deletes (and rpc), never inserts, as in PostgREST 13.
  if (
    request.method !== 'POST' &&
    prefs.handling === 'strict' &&
    prefs.maxAffected !== undefined &&
    rows > prefs.maxAffected
  )
    throw restErrors.maxAffected(rows)
  const total = prefs.count ? rows : undefined
  const headers: Record<string, string> = {
    'Content-Range': request.method === 'POST' ? `*/${total ?? '*'}` : contentRange(0, rows, total),
  }
  const to =
    request.method === 'POST' ? (conflict ? 'upsert' : 'insert') : request.method === 'PATCH' ? 'update' : 'delete'
  const applied = preferenceApplied(prefs, to)
  if (applied) headers['Preference-Applied'] = applied
  if (prefs.return === 'headers-only' && request.method === 'POST' && body) {
    const location = locationOf(relation, body)
    if (location) headers.Location = location
  }
  const representation = prefs.return === 'representation'
  // A merge-duplicates upsert that inserted nothing (every row merged) answers 200, as PostgREST
  // 12+ does; ignore-duplicates answers 201 even when every row was skipped.
  const upsertOnly = conflict?.action === 'merge' && inserted === 0
  const status = request.method === 'POST' ? (upsertOnly ? 200 : 201) : representation ? 200 : 204
  return { status, body: representation ? body : undefined, headers }
}

/** `/table?pk=eq.value` for the first inserted row, when the table has a primary key. */
function locationOf(relation: Relation, body: string): string | undefined {
  if (relation.primaryKey.length === 0) return undefined
  const parsed = JSON.parse(body) as unknown
  const row = (Array.isArray(parsed) ? parsed[0] : parsed) as Record<string, unknown> | undefined
  if (!row || relation.primaryKey.some((column) => row[column] === undefined)) return undefined
  const query = relation.primaryKey.map(
    (column) => `${encodeURIComponent(column)}=eq.${encodeURIComponent(String(row[column]))}`,
  )
  return `/${encodeURIComponent(relation.name)}?${query.join('&')}`
}
