// @vitest-environment node
// The import-boundary rules in eslint.config.js (decision 0029), run by ESLint itself on fixtures
// that break them and ones that keep them: if a rule stopped resolving '@/…' or lost a zone, this
// fails.
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

  it("keeps the projects data-layer exception to a project's concept views and to the data layer", async () => {
    const inTasks = await boundaryErrors('project-data-layer.ts', 'src/features/tasks/boundary-fixture.ts')
    expect(inTasks.map((error) => error.line)).toEqual([4])
    const inLeads = await boundaryErrors('project-data-layer.ts', 'src/features/leads/boundary-fixture.ts')
    expect(inLeads.map((error) => error.line)).toEqual([3, 4])
  })
})
