// @vitest-environment node
// The public pages' route tree is an allow-list (scripts/lib/site-route-tree.ts): it holds the
// public pages and nothing else, and a route file added outside the list stays out of it. Runs
// TanStack Router's generator, as `npm run gen` does, on the real routes and on a copy with one
// more file in the public layout; and checks that the public layout, _site, holds the public
// pages only (decision 0054).
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Generator, getConfig } from '@tanstack/router-generator'
import { afterAll, describe, expect, it } from 'vitest'
import { siteRouteTreeConfig } from '../../scripts/lib/site-route-tree'

const root = new URL('../..', import.meta.url).pathname
const work = mkdtempSync(join(tmpdir(), 'cauce-site-tree-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))

/** The members of one of a generated tree's interfaces, one per line, up to its closing brace. */
function members(tree: string, name: 'FileRoutesByFullPath' | 'FileRoutesById'): string[] {
  const body = tree.split(`export interface ${name} {\n`)[1]?.split('\n}')[0] ?? ''
  return [...body.matchAll(/^\s*'([^']+)':/gm)].map((match) => match[1]!).sort()
}

/** The tree TanStack's generator writes for `routesDirectory` with `options` (the site's, or none). */
async function generate(routesDirectory: string, options: Partial<typeof siteRouteTreeConfig> = {}): Promise<string> {
  const generatedRouteTree = join(work, `tree-${Math.random().toString(36).slice(2)}.gen.ts`)
  const config = getConfig(
    { target: 'react', ...options, routesDirectory, generatedRouteTree, disableLogging: true },
    root,
  )
  await new Generator({ config, root }).run()
  return readFileSync(generatedRouteTree, 'utf8')
}

/** The full paths of the site tree generated from `routesDirectory`. */
async function sitePaths(routesDirectory: string): Promise<string[]> {
  return members(await generate(routesDirectory, siteRouteTreeConfig), 'FileRoutesByFullPath')
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
    expect(await generate(routes)).toContain("'/{-$lang}/welcome-back'")
  })

  // "Site" means the public pages (decision 0054): the _site layout holds them and nothing else, so
  // a page put there and not named in the list (or a sign-in page put there) fails here instead of
  // leaving the public pages' app by a document load. The sign-in pages have their own layout.
  it('has every route of the _site layout, and the sign-in pages are in a layout of their own', async () => {
    const routes = join(work, 'routes-as-they-are')
    cpSync(join(root, 'src/routes'), routes, { recursive: true })
    const under = (ids: string[], layout: string) => ids.filter((id) => id.startsWith(`/{-$lang}/${layout}`))
    const whole = members(await generate(routes), 'FileRoutesById')
    const site = members(await generate(routes, siteRouteTreeConfig), 'FileRoutesById')
    expect(under(whole, '_site')).toEqual(under(site, '_site'))
    expect(under(whole, '_sign-in/')).toEqual(
      [
        '/{-$lang}/_sign-in/admin/',
        '/{-$lang}/_sign-in/admin/forgot-password',
        '/{-$lang}/_sign-in/admin/login',
        '/{-$lang}/_sign-in/client-portal/',
        '/{-$lang}/_sign-in/client-portal/forgot-password',
        '/{-$lang}/_sign-in/client-portal/login',
        '/{-$lang}/_sign-in/confirm',
        '/{-$lang}/_sign-in/reset-password',
      ].sort(),
    )
    expect(under(site, '_sign-in')).toEqual([])
  })
})
