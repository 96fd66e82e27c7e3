import { describe, expect, it } from 'vitest'
import pg from 'pg'
import { quoteLiteral } from '../../supabase/server/db/postgres'

describe('quoteLiteral', () => {
  it('writes exactly what pg.escapeLiteral writes, so request values cannot leave the literal', () => {
    const samples = ['', 'plain', "it's", "''", '\\', "\\'", "a\\'b'c\\\\", '{"k":"v\\"q\'"}', 'é 💥\n', " E'x'"]
    for (const value of samples) expect(quoteLiteral(value)).toBe(pg.escapeLiteral(value))
  })
})
