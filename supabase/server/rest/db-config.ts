// PostgREST's in-database configuration for the opt-in features: `alter role authenticator set
// pgrst.db_aggregates_enabled = 'true'` (how a Supabase project turns aggregates on), and likewise
// `pgrst.db_plan_enabled` and `pgrst.db_tx_end`. As in PostgREST, a value set in the database
// wins over the server's setting (REST_DB_*), so one migration turns a feature on in both places.
import type { Env } from '../env'

type TxEnd = Env['REST_DB_TX_END']

export interface DbConfig {
  aggregates?: boolean
  plans?: boolean
  txEnd?: TxEnd
}

const txEnds: readonly string[] = ['commit', 'commit-allow-override', 'rollback', 'rollback-allow-override']

/** A boolean as PostgREST reads one: its letters spell `true` or `false` in any case,
 * or it is a whole number (> 0 is true). */
function readBool(value: string | undefined): boolean | undefined {
  if (value === undefined) return undefined
  const letters = value.replace(/[^A-Za-z]/g, '').toLowerCase()
  if (letters === 'true') return true
  if (letters === 'false') return false
  return /^-?\d+$/.test(value.trim()) ? Number(value) > 0 : undefined
}

/** The settings the database sets; a value PostgREST would not accept is left to the server's. */
export function readDbConfig(settings: Record<string, string>): DbConfig {
  const txEnd = settings.db_tx_end
  return {
    aggregates: readBool(settings.db_aggregates_enabled),
    plans: readBool(settings.db_plan_enabled),
    txEnd: txEnd !== undefined && txEnds.includes(txEnd) ? (txEnd as TxEnd) : undefined,
  }
}

/** The server's settings with the database's over them. */
export function withDbConfig<T extends { aggregates: boolean; plans: boolean; txEnd: TxEnd }>(
  settings: T,
  config: DbConfig,
): T {
  return {
    ...settings,
    aggregates: config.aggregates ?? settings.aggregates,
    plans: config.plans ?? settings.plans,
    txEnd: config.txEnd ?? settings.txEnd,
  }
}
