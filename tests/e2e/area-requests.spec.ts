// A returning visit asks for a page's data in one round (issue 24, item 2): with a stored session,
// the auth round (the profile and the second-factor question, side by side) is followed by one
// round in which the shell's and the page's requests all start. Every REST call is held back
// 400 ms, so a request that waited for another's answer shows as a longer chain, whatever the
// machine's speed: the chain of "started after that one had answered" may be at most two long.
import type { Page, Request } from '@playwright/test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { test, expect, startSession, type Prefix } from './support/auth'
import { demoUsers, organizations, projectsOf, type Account } from './support/users'
import { expectNoAxeViolations } from './support/a11y'
import { layoutShiftSoFar } from './support/layout-shift'
import { siteDist } from './support/servers'

const heldBackMs = 400

/** Opens `path` afresh and returns the longest chain of REST requests, each started after the previous answered. */
async function longestChain(page: Page, path: string) {
  const timings: { name: string; start: number; end: number }[] = []
  const started = new Map<Request, number>()
  await page.route('**/rest/v1/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, heldBackMs))
    await route.continue()
  })
  page.on('request', (request) => {
    if (request.url().includes('/rest/v1/')) started.set(request, Date.now())
  })
  page.on('requestfinished', (request) => {
    const start = started.get(request)
    if (start === undefined) return
    const { pathname, search } = new URL(request.url())
    timings.push({ name: `${pathname.replace('/rest/v1/', '')}${search.slice(0, 40)}`, start, end: Date.now() })
  })
  await page.goto(path)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await page.waitForLoadState('networkidle')
  await page.unrouteAll({ behavior: 'wait' })
  // chain[i]: the longest chain ending with request i (requests sorted by start).
  const sorted = timings.sort((a, b) => a.start - b.start)
  const chain: { length: number; path: string[] }[] = []
  sorted.forEach((request, i) => {
    let best = { length: 1, path: [request.name] }
    for (let j = 0; j < i; j++) {
      if (sorted[j]!.end <= request.start && chain[j]!.length + 1 > best.length) {
        best = { length: chain[j]!.length + 1, path: [...chain[j]!.path, request.name] }
      }
    }
    chain.push(best)
  })
  return chain.reduce((a, b) => (b.length > a.length ? b : a), { length: 0, path: [] as string[] })
}

test.use({ locale: 'es-ES' })

test('the portal overview, a project and its conversation ask for their data in one round after the auth round', async ({
  page,
  context,
  admin,
}) => {
  await startSession(page, demoUsers.lucia)
  const overview = await longestChain(page, '/es/client-portal/dashboard')
  expect(overview.length, overview.path.join(' → ')).toBeLessThanOrEqual(2)
  const project = (await projectsOf(admin, organizations.ribera)).find((row) => row.visible_to_client)!
  const fresh = await context.newPage()
  const projectPage = await longestChain(fresh, `/es/client-portal/dashboard/projects/${project.id}`)
  expect(projectPage.length, projectPage.path.join(' → ')).toBeLessThanOrEqual(2)
  const conversation = await longestChain(
    await context.newPage(),
    `/es/client-portal/dashboard/projects/${project.id}/conversation`,
  )
  expect(conversation.length, conversation.path.join(' → ')).toBeLessThanOrEqual(2)
})

test('the admin overview, a project and its documents ask for their data in one round after the auth round', async ({
  page,
  context,
  admin,
}) => {
  await startSession(page, demoUsers.admin)
  const overview = await longestChain(page, '/es/admin/dashboard')
  expect(overview.length, overview.path.join(' → ')).toBeLessThanOrEqual(2)
  const project = (await projectsOf(admin, organizations.ribera))[0]!
  const fresh = await context.newPage()
  const projectPage = await longestChain(fresh, `/es/admin/dashboard/projects/${project.id}`)
  expect(projectPage.length, projectPage.path.join(' → ')).toBeLessThanOrEqual(2)
  const documents = await longestChain(await context.newPage(), `/es/admin/dashboard/projects/${project.id}/documents`)
  expect(documents.length, documents.path.join(' → ')).toBeLessThanOrEqual(2)
})

test('the admin area shows its two-step banner with the page, never pushing the page down after', async ({ page }) => {
  await startSession(page, demoUsers.admin)
  // The banner's question (the account's factors, from Auth) answers late: the page waits for it.
  await page.route('**/auth/v1/user', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2 * heldBackMs))
    await route.continue()
  })
  await page.goto('/es/admin/dashboard')
  await expect(page.getByRole('heading', { level: 1, name: 'Resumen' })).toBeVisible()
  await expect(page.getByTestId('mfa-banner')).toBeVisible({ timeout: 100 })
  // Everything the page asked for has come, and the shifts until then are counted.
  await page.waitForLoadState('networkidle')
  const shifts = await layoutShiftSoFar(page)
  expect(shifts).toBeLessThan(0.02)
})

/** The modules a page imports after its first render, not before it: the metrics' charts (decision 0057). */
const afterFirstRender = ['src/features/metrics/metric-chart.tsx']

type Chunk = { file: string; imports?: string[] }

type Manifest = Record<string, Chunk>
let manifestRead: Manifest | undefined

/** The build's manifest, read once per run of this file. */
function buildManifest(): Manifest {
  manifestRead ??= JSON.parse(readFileSync(join(siteDist, '.vite', 'manifest.json'), 'utf8')) as Manifest
  return manifestRead
}

/**
 * Every script the page loaded is preloaded, or comes after its first render: in the chunks of
 * `afterFirstRender` and what they import, unless a preloaded chunk imports it too (the first
 * render needs that one). Every preloaded script is loaded.
 */
function expectPreloadedAsLoaded(path: string, { fetched, preloaded }: { fetched: string[]; preloaded: string[] }) {
  const manifest = buildManifest()
  const fileOf = (key: string) => {
    const chunk = manifest[key]
    if (!chunk) throw new Error(`The build manifest has no chunk ${key}`)
    return `/${chunk.file}`
  }
  const importedByPreloaded = new Set(
    Object.values(manifest)
      .filter((chunk) => preloaded.includes(`/${chunk.file}`))
      .flatMap((chunk) => (chunk.imports ?? []).map(fileOf)),
  )
  const later = new Set<string>()
  const pending = [...afterFirstRender]
  for (let key = pending.pop(); key !== undefined; key = pending.pop()) {
    const file = fileOf(key)
    if (later.has(file) || importedByPreloaded.has(file)) continue
    later.add(file)
    pending.push(...(manifest[key]?.imports ?? []))
  }
  expect(fetched.length, path).toBeGreaterThan(20)
  expect(
    fetched.filter((file) => !preloaded.includes(file) && !later.has(file)),
    `${path}: loaded, not preloaded`,
  ).toEqual([])
  expect(
    preloaded.filter((file) => !fetched.includes(file)),
    `${path}: preloaded, not loaded`,
  ).toEqual([])
}

/** The JS files a fresh page of `path` fetched, and those index.html's inline script preloaded. */
async function scriptsOf(page: Page, path: string) {
  const fetched = new Set<string>()
  page.on('request', (request) => {
    const { pathname } = new URL(request.url())
    if (pathname.endsWith('.js')) fetched.add(pathname)
  })
  await page.goto(path)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await page.waitForLoadState('networkidle')
  const preloaded = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map(
      (link) => new URL(link.href).pathname,
    ),
  )
  const entry = await page.evaluate(
    () => new URL(document.querySelector<HTMLScriptElement>('script[src]')!.src).pathname,
  )
  return { fetched: [...fetched].filter((file) => file !== entry).sort(), preloaded: [...new Set(preloaded)].sort() }
}

test('a returning visit asks for all its scripts at once: every one its first load needs is preloaded, none it does not load', async ({
  page,
  context,
  admin,
}) => {
  await startSession(page, demoUsers.lucia)
  const portalProject = (await projectsOf(admin, organizations.ribera)).find((row) => row.visible_to_client)!
  for (const path of ['/es/client-portal/dashboard', `/en/client-portal/dashboard/projects/${portalProject.id}`]) {
    expectPreloadedAsLoaded(path, await scriptsOf(await context.newPage(), path))
  }
})

test('an admin page asks for all its scripts at once too', async ({ page, context, admin }) => {
  await startSession(page, demoUsers.admin)
  // A tab other than the overview too: each tab is a module of its own, preloaded with the frame's.
  const project = (await projectsOf(admin, organizations.ribera))[0]!
  const paths = [
    '/es/admin/dashboard',
    `/en/admin/dashboard/projects/${project.id}`,
    `/es/admin/dashboard/projects/${project.id}/documents`,
  ]
  for (const path of paths) expectPreloadedAsLoaded(path, await scriptsOf(await context.newPage(), path))
})

/**
 * Opens `path` with every script held back: the area's frame must already be on screen, in the
 * page's language, with nothing about the person in the document. Then lets the scripts go and
 * returns once the page's own heading has replaced the skeletons, with the layout shift measured.
 */
async function frameThenPage(
  page: Page,
  path: string,
  frame: { area: 'client' | 'staff'; lang: Prefix; texts: string[] },
  personal: string[],
) {
  let release!: () => void
  const scripts = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await scripts
    await route.continue()
  })
  await page.goto(path, { waitUntil: 'commit' })
  const shell = page.locator(`[data-area-shell="${frame.area}"]`)
  await expect(shell).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('lang', frame.lang!)
  for (const text of frame.texts) await expect(shell).toContainText(text)
  const html = await page.content()
  for (const value of personal) expect(html, 'the frame carries nothing about the person').not.toContain(value)
  await expectNoAxeViolations(page, `${path}, its frame before any script`)
  release()
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(shell).toHaveCount(0)
  await page.waitForLoadState('networkidle')
  return layoutShiftSoFar(page)
}

test('a returning visit paints the area’s frame before any script, then the page takes its place without a shift', async ({
  page,
  context,
  admin,
}) => {
  const project = (await projectsOf(admin, organizations.ribera)).find((row) => row.visible_to_client)!
  // No session: the frame paints, and the guard still sends the visitor to sign in once the app runs.
  await page.goto(`/es/client-portal/dashboard/projects/${project.id}`)
  await expect(page).toHaveURL(/\/es\/client-portal\/login\?redirect=/)

  const personalOf = (account: Account) => [account.name, account.email, 'Almacenes Ribera', project.name]
  // A client, in Spanish, on a phone: the overview.
  await page.setViewportSize({ width: 375, height: 812 })
  await startSession(page, demoUsers.lucia)
  const client = await context.newPage()
  await client.setViewportSize({ width: 375, height: 812 })
  const clientShifts = await frameThenPage(
    client,
    '/es/client-portal/dashboard',
    { area: 'client', lang: 'es', texts: ['Portal de clientes', 'Cargando...'] },
    personalOf(demoUsers.lucia),
  )
  await expect(client.getByRole('heading', { level: 1, name: 'Resumen' })).toBeVisible()
  expect(clientShifts).toBeLessThanOrEqual(0.02)

  // Staff, in English, on a desktop: a project's page.
  await startSession(page, demoUsers.admin)
  const staff = await context.newPage()
  await staff.setViewportSize({ width: 1366, height: 900 })
  const staffShifts = await frameThenPage(
    staff,
    `/en/admin/dashboard/projects/${project.id}`,
    { area: 'staff', lang: 'en', texts: ['Admin', 'Verifying permissions...'] },
    personalOf(demoUsers.admin),
  )
  await expect(staff.getByRole('heading', { level: 1, name: project.name })).toBeVisible()
  expect(staffShifts).toBeLessThanOrEqual(0.02)
})
