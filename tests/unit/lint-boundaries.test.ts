// @vitest-environment node
// The rules in eslint.config.js (decisions 0029 and 0032), run by ESLint itself on fixtures that
// break them and ones that keep them: if a rule stopped resolving '@/…', lost a zone or stopped
// reading TypeScript modules, this fails.
import { readFileSync } from 'node:fs'
import { ESLint } from 'eslint'
import tseslint from 'typescript-eslint'
import { describe, expect, it } from 'vitest'

const cwd = new URL('../..', import.meta.url).pathname
// The fixtures are linted as if they lived elsewhere, at paths the type checker's program does not
// hold: the rules without type information are checked without it.
const eslint = new ESLint({ cwd, overrideConfig: tseslint.configs.disableTypeChecked })
const fixture = (name: string) => readFileSync(new URL(`./fixtures/boundaries/${name}`, import.meta.url), 'utf8')

async function boundaryErrors(name: string, asIf: string) {
  const [result] = await eslint.lintText(fixture(name), { filePath: asIf })
  return (result?.messages ?? []).filter((message) => message.ruleId === 'import-x/no-restricted-paths')
}

describe('import boundaries', { timeout: 60_000 }, () => {
  it('refuses a feature importing another feature through the alias', async () => {
    const errors = await boundaryErrors('cross-feature.ts', 'src/features/tasks/boundary-fixture.ts')
    expect(errors).toHaveLength(1)
    expect(errors[0]?.message).toContain('Features do not import each other')
  })

  it('refuses shared code importing a feature through a relative path', async () => {
    const errors = await boundaryErrors('shared-imports-feature.ts', 'src/lib/boundary-fixture.ts')
    expect(errors).toHaveLength(1)
    expect(errors[0]?.message).toContain('Shared code imports no feature')
  })

  it('lets a feature import shared code and its own modules', async () => {
    expect(await boundaryErrors('allowed.ts', 'src/features/tasks/boundary-fixture.ts')).toEqual([])
  })

  it.each([
    ['a feature', 'src/features/leads/boundary-fixture.ts'],
    ['shared code', 'src/lib/boundary-fixture.ts'],
    ['a component', 'src/components/ui/boundary-fixture.ts'],
    ['a machine', 'machines/boundary-fixture.ts'],
  ])('refuses %s importing an area', async (_, asIf) => {
    const errors = await boundaryErrors('imports-area.ts', asIf)
    expect(errors.map((error) => error.message)).toEqual([
      expect.stringContaining('Nothing imports an area or a route'),
    ])
  })

  it('refuses a feature importing a route file', async () => {
    const errors = await boundaryErrors('imports-route.ts', 'src/features/leads/boundary-fixture.ts')
    expect(errors.map((error) => error.message)).toEqual([
      expect.stringContaining('Nothing imports an area or a route'),
    ])
  })

  it('refuses one area importing the other', async () => {
    const errors = await boundaryErrors('imports-area.ts', 'src/areas/portal/boundary-fixture.ts')
    expect(errors.map((error) => error.message)).toEqual([
      expect.stringContaining('An area does not import another area'),
    ])
  })

  it('lets an area compose several features and its own modules', async () => {
    expect(await boundaryErrors('area-composes.ts', 'src/areas/admin/boundary-fixture.ts')).toEqual([])
  })

  it.each([
    ['a feature', 'src/features/site/boundary-fixture.ts'],
    ['shared code', 'src/lib/boundary-fixture.ts'],
    ['a route', 'src/routes/boundary-fixture.ts'],
  ])('refuses %s importing the prerenderer', async (_, asIf) => {
    const errors = await boundaryErrors('imports-prerender.ts', asIf)
    expect(errors.map((error) => error.message)).toEqual([
      expect.stringContaining('Nothing in the app imports the prerenderer'),
    ])
  })

  it("refuses a machine importing a feature, the contact form's included", async () => {
    const text =
      "import type { ContactField } from '@/features/site/contact-form/rules'\nexport type F = ContactField\n"
    const [result] = await eslint.lintText(text, { filePath: 'machines/boundary-fixture.machine.ts' })
    const errors = (result?.messages ?? []).filter((message) => message.ruleId === 'import-x/no-restricted-paths')
    expect(errors.map((error) => error.message)).toEqual([expect.stringContaining('Machines import no feature')])
  })

  it('refuses our server importing a feature, a component, an unlisted module of the app, or a machine', async () => {
    const errors = await boundaryErrors('server-imports-app.ts', 'supabase/server/static/boundary-fixture.ts')
    expect(errors.map((error) => [error.line, error.message])).toEqual([
      [3, expect.stringContaining('Our server imports from the app only the modules eslint.config.js lists')],
      [4, expect.stringContaining('Our server imports from the app only the modules eslint.config.js lists')],
      [5, expect.stringContaining('Our server imports from the app only the modules eslint.config.js lists')],
      [6, expect.stringContaining('Our server imports no machine')],
    ])
  })

  it('lets our server import the modules of the app it is given, and its own', async () => {
    expect(await boundaryErrors('server-allowed.ts', 'supabase/server/static/boundary-fixture.ts')).toEqual([])
  })

  it.each([
    ['a feature', 'src/features/site/contact-form/boundary-fixture.ts', '../../../../'],
    ['shared code', 'src/lib/boundary-fixture.ts', '../../'],
    ['the prerenderer', 'src/prerender/boundary-fixture.ts', '../../'],
    ['a machine', 'machines/boundary-fixture.ts', '../'],
  ])('refuses %s importing our server', async (_, asIf, up) => {
    const text = `import { readEnv } from '${up}supabase/server/env'\nexport const env = readEnv\n`
    const [result] = await eslint.lintText(text, { filePath: asIf })
    const errors = (result?.messages ?? []).filter((message) => message.ruleId === 'import-x/no-restricted-paths')
    expect(errors.map((error) => error.message)).toEqual([
      expect.stringContaining('The app and its machines import nothing of our server'),
    ])
  })
})

const lintFixture = (name: string) => readFileSync(new URL(`./fixtures/lint/${name}`, import.meta.url), 'utf8')

async function ruleErrors(linter: ESLint, text: string, asIf: string, ruleId: string) {
  const [result] = await linter.lintText(text, { filePath: asIf })
  const fatal = (result?.messages ?? []).filter((message) => message.fatal)
  expect(fatal).toEqual([])
  return (result?.messages ?? []).filter((message) => message.ruleId === ruleId)
}

describe('what ESLint reads', () => {
  it("skips what git ignores, such as Deno's package cache, and reads the server, tests and scripts", async () => {
    expect(await eslint.isPathIgnored('.deno/npm/registry.npmjs.org/zod/4.6.7/index.js')).toBe(true)
    expect(await eslint.isPathIgnored('dist/assets/index.js')).toBe(true)
    for (const path of [
      'supabase/server/index.ts',
      'supabase/functions/view-as/handler.ts',
      'tests/unit/setup.ts',
      'scripts/db-reset.mjs',
      'vite.config.ts',
    ]) {
      expect(await eslint.isPathIgnored(path), path).toBe(false)
    }
  })
})

describe('import cycles', { timeout: 60_000 }, () => {
  // The fixtures' own folder is ignored by the config, so this instance lints them where they are:
  // the cycle rule reads the other module from disk.
  const unignored = new ESLint({ cwd, ignore: false, overrideConfig: tseslint.configs.disableTypeChecked })

  it('refuses two modules that import each other', async () => {
    const errors = await ruleErrors(
      unignored,
      lintFixture('cycle/a.ts'),
      'tests/unit/fixtures/lint/cycle/a.ts',
      'import-x/no-cycle',
    )
    expect(errors.map((error) => [error.line, error.message])).toEqual([[2, 'Dependency cycle detected']])
  })

  it('lets a module import one that does not import it back', async () => {
    const oneWay = "import { formatDate } from '@/lib/format'\nexport const f = formatDate\n"
    expect(await ruleErrors(eslint, oneWay, 'src/lib/cycle-fixture.ts', 'import-x/no-cycle')).toEqual([])
  })
})

describe("the Edge Functions' zone", { timeout: 60_000 }, () => {
  it("refuses an import from outside supabase/functions and Node's globals", async () => {
    const asIf = 'supabase/functions/_shared/lint-fixture.ts'
    const text = lintFixture('function-imports-server.ts')
    const imports = await ruleErrors(eslint, text, asIf, 'import-x/no-restricted-paths')
    expect(imports.map((error) => error.message)).toEqual([
      expect.stringContaining('An Edge Function is deployed on its own'),
    ])
    const globals = await ruleErrors(eslint, text, asIf, 'no-restricted-globals')
    expect(globals.map((error) => [error.line, error.message])).toEqual([
      [5, expect.stringContaining('Edge Functions run on Deno')],
    ])
  })

  it('lets a function import its shared modules and packages', async () => {
    const text =
      "import { z } from 'zod'\nimport { withCors } from '../_shared/cors.ts'\nexport const both = [z, withCors]\n"
    const asIf = 'supabase/functions/view-as/lint-fixture.ts'
    expect(await ruleErrors(eslint, text, asIf, 'import-x/no-restricted-paths')).toEqual([])
  })
})

// Type-aware, so the snippet is linted in place of a file the program holds (its text, not the
// file's, is what gets checked).
describe('floating promises', { timeout: 180_000 }, () => {
  const typed = new ESLint({ cwd })

  it.each([
    ['the app', 'src/main.tsx'],
    ['our server', 'supabase/server/index.ts'],
  ])('refuses a promise nobody awaits in %s', async (_, asIf) => {
    const errors = await ruleErrors(
      typed,
      lintFixture('floating-promise.ts'),
      asIf,
      '@typescript-eslint/no-floating-promises',
    )
    expect(errors.map((error) => error.line)).toEqual([6])
  })
})

describe('focused tests', { timeout: 60_000 }, () => {
  it.each([
    [
      "Vitest's it.only",
      "import { it } from 'vitest'\nit.only('alone', () => {})\n",
      'tests/unit/lint-fixture.test.ts',
    ],
    [
      "Playwright's test.describe.only",
      "import { test } from '@playwright/test'\ntest.describe.only('alone', () => {})\n",
      'tests/e2e/lint-fixture.spec.ts',
    ],
  ])('refuses %s', async (_, text, asIf) => {
    const errors = await ruleErrors(eslint, text, asIf, 'no-restricted-syntax')
    expect(errors.map((error) => [error.line, error.message])).toEqual([[2, expect.stringContaining('A focused test')]])
  })
})
