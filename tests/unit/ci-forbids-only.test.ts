// In CI a focused test (`.only`) left behind fails the run instead of quietly running one test.
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

// Inside the repository (in an ignored folder) so that the test files resolve its packages.
mkdirSync('test-results', { recursive: true })
const dir = mkdtempSync(join(process.cwd(), 'test-results', 'only-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

function run(command: string[], env: Record<string, string> = {}) {
  const { CI: _ci, ...inherited } = process.env
  const result = spawnSync(process.execPath, command, {
    encoding: 'utf8',
    env: { ...inherited, NO_COLOR: '1', ...env },
    timeout: 60_000,
  })
  return { status: result.status, output: `${result.stdout}\n${result.stderr}` }
}

// Each case starts Playwright or Vitest twice: seconds each on a busy 2-core machine.
describe('a focused test in CI', { timeout: 120_000 }, () => {
  it('fails the end-to-end run (forbidOnly in playwright.config.ts)', () => {
    writeFileSync(
      join(dir, 'focused.spec.ts'),
      "import { test } from '@playwright/test'\ntest.only('alone', () => {})\ntest('other', () => {})\n",
    )
    // The project's config, pointed at this folder and without its servers (listing starts none anyway).
    writeFileSync(
      join(dir, 'playwright.config.ts'),
      "import config from '../../playwright.config'\nexport default { ...config, testDir: '.', webServer: undefined }\n",
    )
    const list = [
      'node_modules/@playwright/test/cli.js',
      'test',
      '--list',
      '--config',
      join(dir, 'playwright.config.ts'),
    ]
    const local = run(list)
    expect(local.status, local.output).toBe(0)
    expect(local.output).toContain('alone')
    const ci = run(list, { CI: 'true' })
    expect(ci.status, ci.output).not.toBe(0)
    expect(ci.output).toMatch(/focused with '\.only' is not allowed/)
  })

  it('fails the unit and integration run (vitest refuses .only when CI is set)', () => {
    const unit = join(dir, 'vitest')
    mkdirSync(unit)
    writeFileSync(join(unit, 'focused.test.ts'), "import { it } from 'vitest'\nit.only('alone', () => {})\n")
    // vitest's defaults (the project's config adds nothing on this point), on this folder alone.
    writeFileSync(join(unit, 'vitest.config.mjs'), 'export default {}\n')
    const command = [
      'node_modules/vitest/vitest.mjs',
      'run',
      '--config',
      join(unit, 'vitest.config.mjs'),
      '--root',
      unit,
    ]
    const local = run(command)
    expect(local.status, local.output).toBe(0)
    const ci = run(command, { CI: 'true' })
    expect(ci.status, ci.output).not.toBe(0)
  })
})
