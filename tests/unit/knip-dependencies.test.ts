// @vitest-environment node
// `npm run lint:unused` checks dependencies (decision 0032): knip, with every setting of knip.jsonc
// but its file lists, run on a small project that lists a package it never imports and imports one
// it never lists. If a setting stopped knip from reporting either, this fails.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import ts from 'typescript'
import { afterAll, describe, expect, it } from 'vitest'

const root = new URL('../..', import.meta.url)
const knipBin = new URL('node_modules/knip/bin/knip.js', root).pathname
const dir = mkdtempSync(join(tmpdir(), 'knip-dependencies-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

type Issue = { file: string; devDependencies: { name: string }[]; unlisted: { name: string }[] }

function knipOn(files: Record<string, string>) {
  const config = ts.parseConfigFileTextToJson('knip.jsonc', readFileSync(new URL('knip.jsonc', root), 'utf8'))
  expect(config.error).toBeUndefined()
  const settings = { ...config.config, entry: ['index.ts'], project: ['index.ts'], ignore: [] }
  writeFileSync(join(dir, 'knip.json'), JSON.stringify(settings))
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text)
  const run = spawnSync(process.execPath, [knipBin, '--directory', dir, '--no-progress', '--reporter', 'json'], {
    encoding: 'utf8',
  })
  return { status: run.status, issues: (JSON.parse(run.stdout) as { issues: Issue[] }).issues }
}

describe("knip's dependency check", { timeout: 60_000 }, () => {
  it('reports a dev dependency nothing imports and a package imported but not listed', () => {
    const { status, issues } = knipOn({
      'package.json': JSON.stringify({
        name: 'knip-fixture',
        private: true,
        type: 'module',
        devDependencies: { 'left-pad': '1.3.0', zod: '4.6.7' },
      }),
      'index.ts': "import { z } from 'zod'\nimport kleur from 'kleur'\n\nexport const both = [z, kleur]\n",
    })
    expect(status).toBe(1)
    expect(issues.flatMap((issue) => issue.devDependencies.map((dependency) => dependency.name))).toEqual(['left-pad'])
    expect(issues.flatMap((issue) => issue.unlisted.map((dependency) => dependency.name))).toEqual(['kleur'])
  })
})
