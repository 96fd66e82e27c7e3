// A request answered with its query's EXPLAIN (REST_DB_PLAN_ENABLED, PostgREST's db-plan-enabled):
// the statement that would have answered it, explained as the caller in the same transaction, so
// ANALYZE runs it under the caller's role and row-level security (a write is written, unless the
// transaction is rolled back by `Prefer: tx=rollback`).
import type { PlanMedia } from './media'
import type { Prepared } from './request'

export function explainPrepared(plan: PlanMedia, sql: string, values: readonly unknown[]): Prepared {
  const options = [`format ${plan.format}`, ...plan.options].join(', ')
  return async (tx) => {
    const { rows } = await tx.query<{ 'QUERY PLAN': unknown }>(`explain (${options}) ${sql}`, values)
    // One JSON document, or one line of text per row; each line ends as PostgREST's does.
    const lines = rows.map(({ 'QUERY PLAN': line }) => (typeof line === 'string' ? line : JSON.stringify(line)))
    return { status: 200, body: lines.map((line) => `${line}\n`).join(''), headers: {} }
  }
}
