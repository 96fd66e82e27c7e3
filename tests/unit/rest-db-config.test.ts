// PostgREST's in-database configuration of the opt-in features (supabase/server/rest/db-config.ts):
// values read as PostgREST reads them, and what the database sets winning over the server's settings.
import { describe, expect, it } from 'vitest'
import { readDbConfig, withDbConfig } from '../../supabase/server/rest/db-config'

const server = { aggregates: false, plans: true, txEnd: 'commit' as const, maxEmbeds: 40 }

describe('readDbConfig', () => {
  it('reads booleans as PostgREST does: the letters true or false in any case, or a whole number', () => {
    for (const value of ['true', 'TRUE', '"True"', '1', '7'])
      expect(readDbConfig({ db_aggregates_enabled: value }).aggregates, value).toBe(true)
    for (const value of ['false', 'False', '0', '-1'])
      expect(readDbConfig({ db_aggregates_enabled: value }).aggregates, value).toBe(false)
    for (const value of ['on', 'yes', '', '1.5'])
      expect(readDbConfig({ db_plan_enabled: value }).plans, value).toBe(undefined)
  })

  it('takes only the four transaction ends', () => {
    expect(readDbConfig({ db_tx_end: 'rollback-allow-override' }).txEnd).toBe('rollback-allow-override')
    expect(readDbConfig({ db_tx_end: 'Rollback' }).txEnd).toBe(undefined)
  })
})

describe('withDbConfig', () => {
  it('puts what the database sets over the server’s settings, and keeps the rest', () => {
    expect(withDbConfig(server, {})).toEqual(server)
    expect(
      withDbConfig(
        server,
        readDbConfig({ db_aggregates_enabled: 'true', db_plan_enabled: 'false', db_tx_end: 'rollback' }),
      ),
    ).toEqual({
      ...server,
      aggregates: true,
      plans: false,
      txEnd: 'rollback',
    })
  })
})
