// @vitest-environment node
// The import-boundary rule in eslint.config.js, run by ESLint itself on fixtures that break it
// and one that keeps it: if the rule stopped resolving '@/…' or lost a zone, this fails.
import { readFileSync } from 'node:fs'
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

const eslint = new ESLint({ cwd: new URL('../..', import.meta.url).pathname })
const fixture = (name: string) => readFileSync(new URL(`./fixtures/boundaries/${name}`, import.meta.url), 'utf8')

async function boundaryErrors(name: string, asIf: string) {
  const [result] = await eslint.lintText(fixture(name), { filePath: asIf })
  return (result?.messages ?? []).filter((message) => message.ruleId === 'import-x/no-restricted-paths')
}

describe('import boundaries', { timeout: 60_000 }, () => {
  it('refuses a feature importing another feature through the alias', async () => {
    const errors = await boundaryErrors('cross-feature.ts', 'src/features/admin/boundary-fixture.ts')
    expect(errors).toHaveLength(1)
    expect(errors[0]?.message).toContain('Features do not import each other')
  })

  it('refuses shared code importing a feature through a relative path', async () => {
    const errors = await boundaryErrors('shared-imports-feature.ts', 'src/lib/boundary-fixture.ts')
    expect(errors).toHaveLength(1)
    expect(errors[0]?.message).toContain('Shared code imports no feature')
  })

  it('lets a feature import shared code and its own modules', async () => {
    expect(await boundaryErrors('allowed.ts', 'src/features/portal/boundary-fixture.ts')).toEqual([])
  })
})
