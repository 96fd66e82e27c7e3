// The Node versions the project promises (package.json `engines`, the README) are the ones its
// installed packages accept: every release our range admits must be admitted by every package in
// node_modules that declares `engines.node`, save the exceptions named here with the reason. A
// dependency upgraded to a narrower range, or a promise wider than the packages, fails here.
import { readdirSync, readFileSync, existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

// Node's version ranges as npm reads them (semver is in the tree for npm's own tools and Babel).
const { satisfies } = createRequire(import.meta.url)('semver') as {
  satisfies: (version: string, range: string) => boolean
}

const root = process.cwd()
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { engines: { node: string } }

/**
 * Packages whose declared range is narrower than what they need, with what they do need. Each is
 * checked to still declare what is written here, so the exception goes when the package changes.
 */
const declaredOnly: Record<string, { declares: string; why: string }> = {
  '@rolldown/plugin-babel': {
    declares: '>=22.12.0 || ^24.0.0',
    why: 'an ES module that needs import.meta.resolve (Node 20.6) and runs Babel 7 here; the build runs on Node 20',
  },
}

/** Every installed package that declares engines.node: name, range. */
function installedEngines(): { name: string; range: string }[] {
  const found: { name: string; range: string }[] = []
  const walk = (dir: string) => {
    for (const entry of existsSync(dir) ? readdirSync(dir, { withFileTypes: true }) : []) {
      if (entry.name.startsWith('.') || !(entry.isDirectory() || entry.isSymbolicLink())) continue
      const path = join(dir, entry.name)
      if (entry.name.startsWith('@')) {
        walk(path)
        continue
      }
      const manifest = join(path, 'package.json')
      if (existsSync(manifest)) {
        const json = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string; engines?: { node?: string } }
        if (json.name && json.engines?.node) found.push({ name: json.name, range: json.engines.node })
      }
      walk(join(path, 'node_modules'))
    }
  }
  walk(join(root, 'node_modules'))
  return found
}

/** Node releases to try: every minor of the majors that matter, and the next few majors. */
const releases = Array.from({ length: 10 }, (_, i) => 18 + i).flatMap((major) =>
  Array.from({ length: 31 }, (_, minor) => `${major}.${minor}.0`),
)

describe('the Node versions we promise', () => {
  const engines = installedEngines()

  it('are accepted by every installed package that declares a range', () => {
    expect(engines.length).toBeGreaterThan(100)
    const ours = releases.filter((version) => satisfies(version, pkg.engines.node))
    expect(ours).toContain('20.19.0')
    // Each distinct range once per version: thousands of packages share a few dozen ranges.
    const ranges = new Map<string, string[]>()
    for (const { name, range } of engines)
      if (!declaredOnly[name]) ranges.set(range, [...(ranges.get(range) ?? []), name])
    const refused = ours.flatMap((version) =>
      [...ranges]
        .filter(([range]) => !satisfies(version, range))
        .flatMap(([range, names]) => names.map((name) => `${name} (${range}) refuses Node ${version}`)),
    )
    expect([...new Set(refused)]).toEqual([])
  })

  it('name each package that declares more than it needs, as it declares it', () => {
    for (const [name, { declares }] of Object.entries(declaredOnly)) {
      expect(
        engines.filter((engine) => engine.name === name).map((engine) => engine.range),
        name,
      ).toEqual([declares])
    }
  })

  it('are the ones the README states', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8')
    expect(readme).toContain(`\`${pkg.engines.node}\``)
    for (const name of Object.keys(declaredOnly)) expect(readme).toContain(`\`${name}\``)
  })
})
