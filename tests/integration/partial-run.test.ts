// A run that cannot reach PostgreSQL, or PostgreSQL's pg_cron, must not pass as a whole one (issue
// 26): locally their cases are reported as skipped, and in CI the run stops with a message saying
// why. Runs vitest itself on one small file, with PostgreSQL's binaries pointed at a folder without
// them (or without pg_cron); the end-to-end stacks' lookup is called in-process.
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { postgresBinDir } from './support/postgres-bin'
import { postgresBin as e2ePostgresBin } from '../e2e/support/database'

function runHarness(env: Record<string, string | undefined>) {
  const { CI: _ci, TEST_POSTGRES: _choice, ...inherited } = process.env
  const result = spawnSync(
    process.execPath,
    ['node_modules/vitest/vitest.mjs', 'run', '--project', 'integration', 'tests/integration/harness.test.ts'],
    {
      encoding: 'utf8',
      env: { ...inherited, TEST_POSTGRES_BIN: '/nonexistent-postgresql/bin', NO_COLOR: '1', ...env },
      timeout: 240_000,
    },
  )
  return { status: result.status, output: `${result.stdout}\n${result.stderr}` }
}

describe('a run without PostgreSQL', () => {
  it('reports the PostgreSQL cases as skipped when run locally', { timeout: 240_000 }, () => {
    const { status, output } = runHarness({})
    expect(status, output).toBe(0)
    expect(output).toMatch(/Tests\s+\d+ passed \| (\d+) skipped/)
    const [, passed, skipped] = /Tests\s+(\d+) passed \| (\d+) skipped/.exec(output) ?? []
    expect(Number(skipped)).toBe(Number(passed))
  })

  it('fails in CI, saying that PostgreSQL is missing', { timeout: 240_000 }, () => {
    const { status, output } = runHarness({ CI: 'true' })
    expect(status).not.toBe(0)
    expect(output).toContain('CI runs the integration tests on PostgreSQL as well as PGlite')
  })
})

// The machine's PostgreSQL, seen through a bin folder of links to its programs beside a lib folder
// without pg_cron's library: what a machine with Debian's postgresql but not postgresql-15-cron has.
const installed = postgresBinDir()
const withoutCron = mkdtempSync(join(tmpdir(), 'cauce-no-cron-'))
afterAll(() => rmSync(withoutCron, { recursive: true, force: true }))
const linkedBin = join(withoutCron, 'bin')
if (installed) {
  mkdirSync(linkedBin)
  mkdirSync(join(withoutCron, 'lib'))
  for (const program of readdirSync(installed)) symlinkSync(join(installed, program), join(linkedBin, program))
}

describe.skipIf(!installed)('a run on a PostgreSQL without pg_cron', () => {
  it('fails in CI, naming the package to install, before any server starts', { timeout: 240_000 }, () => {
    const { status, output } = runHarness({ CI: 'true', TEST_POSTGRES_BIN: linkedBin })
    expect(status).not.toBe(0)
    expect(output).toContain('CI runs the Supabase Cron cases on PostgreSQL with pg_cron')
    expect(output).toMatch(/apt-get install postgresql-\d+-cron/)
  })
})

describe("the end-to-end stacks' database", () => {
  const missing = { TEST_POSTGRES_BIN: '/nonexistent-postgresql/bin' }

  it('is PGlite when run locally without PostgreSQL', () => {
    expect(e2ePostgresBin(missing)).toBeUndefined()
  })

  it('stops the run in CI when PostgreSQL is missing, unless PGlite is asked for', () => {
    expect(() => e2ePostgresBin({ ...missing, CI: 'true' })).toThrow(
      'CI runs the end-to-end tests on PostgreSQL, but no PostgreSQL server binaries were found',
    )
    expect(e2ePostgresBin({ ...missing, CI: 'true', E2E_DATABASE: 'pglite' })).toBeUndefined()
  })

  it.skipIf(!installed)('is the PostgreSQL TEST_POSTGRES_BIN points at, as for the integration tests', () => {
    expect(e2ePostgresBin({ CI: 'true', TEST_POSTGRES_BIN: linkedBin })).toBe(linkedBin)
  })
})
