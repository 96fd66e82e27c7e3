// @vitest-environment node
// The public pages' route tree is an allow-list (scripts/lib/site-route-tree.ts): it holds the
// public pages and nothing else, and a route file added outside the list stays out of it. Runs
// TanStack Router's generator, as `npm run gen` does, on the real routes and on a copy with one
// more file in the public layout.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Generator, getConfig } from '@tanstack/router-generator'
import { afterAll, describe, expect, it } from 'vitest'
import { siteRouteTreeConfig } from '../../scripts/lib/site-route-tree'

const root = new URL('../..', import.meta.url).pathname
const work = mkdtempSync(join(tmpdir(), 'cauce-site-tree-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))

/** The full paths of the site tree generated from `routesDirectory`. */
async function sitePaths(routesDirectory: string): Promise<string[]> {
  const generatedRouteTree = join(work, `tree-${Math.random().toString(36).slice(2)}.gen.ts`)
  const config = getConfig({ ...siteRouteTreeConfig, routesDirectory, generatedRouteTree, disableLogging: true }, root)
  await new Generator({ config, root }).run()
  const tree = readFileSync(generatedRouteTree, 'utf8')
  // The interface's members, one per line, up to its closing brace on a line of its own.
  const byFullPath = tree.split('export interface FileRoutesByFullPath {\n')[1]?.split('\n}')[0] ?? ''
  return [...byFullPath.matchAll(/^\s*'([^']+)':/gm)].map((match) => match[1]!).sort()
}

const publicPages = [
  '/{-$lang}',
  '/{-$lang}/',
  '/{-$lang}/case-studies/',
  '/{-$lang}/case-studies/$caseStudy',
  '/{-$lang}/contact',
  '/{-$lang}/legal/$document',
  '/{-$lang}/services/$service',
  '/{-$lang}/specializations/$specialization',
].sort()

describe('the public pages route tree', { timeout: 60_000 }, () => {
  it('holds the public pages, and no sign-in page, portal, admin, confirm or reset page', async () => {
    const routes = join(work, 'routes')
    cpSync(join(root, 'src/routes'), routes, { recursive: true })
    expect(await sitePaths(routes)).toEqual(publicPages)
  })

  it('leaves out a page added to the public layout until the list names it', async () => {
    const routes = join(work, 'routes-with-more')
    cpSync(join(root, 'src/routes'), routes, { recursive: true })
    writeFileSync(
      join(routes, '{-$lang}/_site/welcome-back.tsx'),
      "import { createFileRoute } from '@tanstack/react-router'\n\nexport const Route = createFileRoute('/{-$lang}/_site/welcome-back')({})\n",
    )
    const full = await sitePaths(routes)
    expect(full).toEqual(publicPages)
    // The same file is a route of the whole app: only the public tree leaves it out.
    const whole = join(work, 'whole.gen.ts')
    await new Generator({
      config: getConfig(
        { target: 'react', routesDirectory: routes, generatedRouteTree: whole, disableLogging: true },
        root,
      ),
      root,
    }).run()
    expect(readFileSync(whole, 'utf8')).toContain("'/{-$lang}/welcome-back'")
  })
})
