// A run that cannot reach PostgreSQL must not pass as a whole one (issue 26): locally its
// PostgreSQL cases are reported as skipped, and in CI the run stops with a message saying why.
// Runs vitest itself on one small file, with PostgreSQL's binaries pointed at a folder without them.
import { spawnSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'

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
