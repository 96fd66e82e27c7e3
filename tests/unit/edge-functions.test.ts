// @vitest-environment node
// The Edge Functions' layout, as Supabase's CLI deploys it: supabase/functions/<name>/index.ts
// beside a deno.json whose npm: imports pin package.json's versions and map every bare import the
// function reaches (so Node and Deno run the same code), only .ts-suffixed relative imports that
// stay inside supabase/functions, a [functions.<name>] entry in config.toml, and every function
// registered in our server.
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { functionFiles, functionNames, functionsDir } from '../../scripts/lib/deno'
import { functions } from '../../supabase/server/functions/registry'

const packageJson = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  dependencies: Record<string, string>
}
const configToml = readFileSync(new URL('../../supabase/config.toml', import.meta.url), 'utf8')

/** Every .ts file under supabase/functions. */
function sources(dir = functionsDir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sources(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
  )
}

/** The module specifiers a file imports or re-exports. */
function specifiers(file: string): string[] {
  const text = readFileSync(file, 'utf8')
  const from = [...text.matchAll(/^\s*(?:import|export)\b[^'";=]*?\bfrom\s*['"]([^'"]+)['"]/gm)]
  const bare = [...text.matchAll(/^\s*import\s*['"]([^'"]+)['"]/gm)]
  return [...from, ...bare].map((match) => match[1]!)
}

/** The files a function's index.ts reaches through relative imports, itself included. */
function reachable(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen
  seen.add(file)
  for (const specifier of specifiers(file).filter((value) => value.startsWith('.')))
    reachable(resolve(dirname(file), specifier), seen)
  return seen
}

const importMap = (name: string) =>
  (JSON.parse(readFileSync(functionFiles(name).config, 'utf8')) as { imports: Record<string, string> }).imports

describe('Edge Functions', () => {
  const names = functionNames()

  it('are each registered in our server, and nothing else is', () => {
    expect(names.length).toBeGreaterThan(0)
    expect(Object.keys(functions).sort()).toEqual(names)
  })

  it.each(names)('%s has a config.toml entry', (name) => {
    expect(configToml).toMatch(new RegExp(`^\\[functions\\.${name}\\]$`, 'm'))
  })

  it.each(names)("%s pins package.json's versions in its deno.json", (name) => {
    for (const [bare, target] of Object.entries(importMap(name))) {
      const version = packageJson.dependencies[bare]
      expect(version, `${bare} is not a dependency in package.json`).toBeDefined()
      expect(target, bare).toBe(`npm:${bare}@${version}`)
    }
  })

  it.each(names)('%s can resolve every bare import it reaches through its deno.json', (name) => {
    const map = importMap(name)
    const bare = [...reachable(functionFiles(name).entry)]
      .flatMap(specifiers)
      .filter((specifier) => !/^(\.{1,2}\/|npm:|jsr:|node:|https:)/.test(specifier))
    expect(bare.length).toBeGreaterThan(0)
    for (const specifier of bare) expect(Object.keys(map), specifier).toContain(specifier)
  })

  it('import relative modules with their .ts suffix, and none outside supabase/functions', () => {
    for (const file of sources()) {
      for (const specifier of specifiers(file).filter((value) => value.startsWith('.'))) {
        const where = `${relative(functionsDir, file)} imports ${specifier}`
        expect(specifier, where).toMatch(/\.ts$/)
        expect(relative(functionsDir, resolve(dirname(file), specifier)), where).not.toMatch(/^\.\./)
      }
    }
  })
})
