// Screenshots of the client portal, the admin area and the public site's newer pages (the case
// studies) at 375 and 1366 px, for whoever judges the design without running the project:
// `npm run screenshots` (after `npm run build`) writes docs/screenshots/{area}/*.jpg and
// docs/screenshots/README.md. It starts our server on a fresh
// embedded database with the demo data, signs in as a demo client (Spanish) and a demo staff
// member (English), and follows the area's own links from its overview: every section, the first
// of each kind of detail page (a project and its sub-pages, an organization, a lead).
import { spawn } from 'node:child_process'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type Browser, type Page } from '@playwright/test'
import { chromiumPath } from './chromium-path.mjs'
import { demoPassword } from '../supabase/server/welcome'

const port = Number(process.env.SCREENSHOTS_PORT ?? 4590)
const origin = `http://localhost:${port}`
const outDir = 'docs/screenshots'
const widths = [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1366, height: 900 },
] as const
/** Enough for every section and detail page of an area; a guard against a crawl that runs away. */
const maxPagesPerArea = 24

interface Area {
  key: 'portal' | 'admin'
  title: string
  login: string
  root: string
  email: string
}

const areas: Area[] = [
  {
    key: 'portal',
    title: 'Client portal (a demo client, Spanish)',
    login: '/es/client-portal/login',
    root: '/es/client-portal/dashboard',
    email: 'lucia.martin@example.com',
  },
  {
    key: 'admin',
    title: 'Admin area (a demo staff member, English)',
    login: '/en/admin/login',
    root: '/en/admin/dashboard',
    email: 'admin@caucedata.com',
  },
]

/** Public pages, shot as a visitor sees them (no sign-in): the case studies and a service's block of them. */
const sitePages: readonly string[] = [
  '/es/case-studies',
  '/es/case-studies/regional-retail-chain',
  '/en/case-studies',
  '/en/case-studies/industrial-manufacturer',
  '/en/case-studies/private-clinic-network',
  '/en/services/governance',
]

const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g

async function startServer(dataDir: string): Promise<() => Promise<void>> {
  const child = spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'supabase/server/index.ts'], {
    env: { ...process.env, PORT: String(port), HOST: 'localhost', DATA_DIR: dataDir, NODE_ENV: 'test' },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const deadline = Date.now() + 90_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server stopped (exit ${child.exitCode})`)
    const up = await fetch(`${origin}/`).then(
      (response) => response.ok,
      () => false,
    )
    if (up) {
      return async () => {
        child.kill('SIGTERM')
        await new Promise((resolve) => child.once('exit', resolve))
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  child.kill('SIGKILL')
  throw new Error('The server did not answer within 90 s')
}

async function signIn(page: Page, area: Area) {
  await page.goto(origin + area.login)
  await page.locator('input[type="email"]').fill(area.email)
  await page.locator('input[type="password"]').first().fill(demoPassword)
  await page.locator('form button[type="submit"]').first().click()
  await page.waitForURL((url) => url.pathname.startsWith(area.root), { timeout: 30_000 })
}

/** The area's pages, by following its links: one of each shape (ids stand for any id). */
async function crawl(page: Page, area: Area): Promise<string[]> {
  const found: string[] = []
  const shapes = new Set<string>()
  const queue = [area.root]
  while (queue.length > 0 && found.length < maxPagesPerArea) {
    const path = queue.shift()!
    const shape = path.replace(uuid, ':id')
    if (shapes.has(shape)) continue
    shapes.add(shape)
    await page.goto(origin + path)
    await settle(page)
    if (new URL(page.url()).pathname !== path) continue // a redirect: not a page of its own
    found.push(path)
    const links = await page
      .locator('a[href]')
      .evaluateAll((anchors) => anchors.map((anchor) => new URL((anchor as HTMLAnchorElement).href).pathname))
    for (const link of links) if (link.startsWith(area.root) && !link.endsWith('/account')) queue.push(link)
  }
  // The account page last: it is the same screen in both areas.
  found.push(`${area.root}/account`)
  return found
}

/** Waits until the page has loaded its data: no skeleton or spinner left, fonts ready. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle')
  await page
    .locator('[aria-busy="true"], [role="status"][data-pending]')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => undefined)
  await page.evaluate(() => document.fonts.ready)
}

function fileName(area: Area, path: string): string {
  const rest = path.slice(area.root.length).replace(uuid, 'id').replace(/^\//, '')
  return (rest || 'overview').replaceAll('/', '-')
}

async function shoot(browser: Browser, area: Area): Promise<string[]> {
  const rows: string[] = []
  const context = await browser.newContext({ viewport: widths[1], colorScheme: 'light' })
  const page = await context.newPage()
  await signIn(page, area)
  const paths = await crawl(page, area)
  await mkdir(join(outDir, area.key), { recursive: true })
  for (const path of paths) {
    const name = fileName(area, path)
    const cells: string[] = []
    for (const size of widths) {
      await page.setViewportSize({ width: size.width, height: size.height })
      await page.goto(origin + path)
      await settle(page)
      const file = `${area.key}/${name}-${size.width}.jpg`
      await page.screenshot({ path: join(outDir, file), type: 'jpeg', quality: 70, fullPage: true })
      cells.push(`[${size.width} px](${file})`)
    }
    rows.push(`| \`${path.replace(uuid, ':id')}\` | ${cells.join(' | ')} |`)
  }
  await context.close()
  return [`## ${area.title}`, '', '| Page | Phone | Desktop |', '| --- | --- | --- |', ...rows, '']
}

async function shootSite(browser: Browser): Promise<string[]> {
  const rows: string[] = []
  const context = await browser.newContext({ viewport: widths[1], colorScheme: 'light' })
  const page = await context.newPage()
  await mkdir(join(outDir, 'site'), { recursive: true })
  for (const path of sitePages) {
    const name = path.slice(1).replaceAll('/', '-')
    const cells: string[] = []
    for (const size of widths) {
      await page.setViewportSize({ width: size.width, height: size.height })
      await page.goto(origin + path)
      await settle(page)
      const file = `site/${name}-${size.width}.jpg`
      await page.screenshot({ path: join(outDir, file), type: 'jpeg', quality: 70, fullPage: true })
      cells.push(`[${size.width} px](${file})`)
    }
    rows.push(`| \`${path}\` | ${cells.join(' | ')} |`)
  }
  await context.close()
  return ['## Public site: case studies', '', '| Page | Phone | Desktop |', '| --- | --- | --- |', ...rows, '']
}

const dataDir = await mkdtemp(join(tmpdir(), 'screenshots-'))
const stop = await startServer(dataDir)
const browser = await chromium.launch({ executablePath: chromiumPath() })
try {
  await rm(outDir, { recursive: true, force: true })
  const sections: string[] = [...(await shootSite(browser))]
  for (const area of areas) sections.push(...(await shoot(browser, area)))
  const readme = [
    '# Screenshots',
    '',
    'The case studies of the public site, the client portal and the admin area at 375 px (a phone)',
    'and 1366 px (a laptop), light scheme, whole pages, on the demo data. Made by `npm run screenshots`',
    'after `npm run build`; run it again after a change to a screen.',
    '',
    ...sections,
  ]
  await writeFile(join(outDir, 'README.md'), readme.join('\n'))
  console.log(`Screenshots written to ${outDir}/`)
} finally {
  await browser.close()
  await stop()
  await rm(dataDir, { recursive: true, force: true })
}
