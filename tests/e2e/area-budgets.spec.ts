// First-load weight of the sign-in pages and the areas' main routes (issue 24, item 4): the gzip
// size (level 9) of every JS and CSS file the browser fetches until the page is idle, measured on
// the built files the server serves, against a budget per route. The budgets hold today's weight
// (plus 2 %) so that it cannot grow unnoticed; issue 24's targets (a portal overview of at most
// 150 kB of JS; sign-in pages without the app shell) are lower, and each budget comes down as they
// are met. The home page has its own, stricter budget (budget.spec.ts).
import type { Page } from '@playwright/test'
import { readFileSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import { resolve } from 'node:path'
import { gzipSync } from 'node:zlib'
import { test, expect, startSession } from './support/auth'
import { demoUsers, organizations, projectsOf } from './support/users'
import { siteDist } from './support/servers'

const KB = 1000
const dist = pathToFileURL(`${resolve(siteDist)}/`)

/**
 * JS and CSS budgets in kB of gzip, per route (today's weight plus 2 %, measured 2026-11-27:
 * docs/benchmarks.md). The CSS is one file for the app: 9.07 kB on 2026-11-28 with the dashboards,
 * the plan and the case studies.
 */
const budgets = {
  // Without the auth module until the form is used (2026-11-28: 135.8 kB, from 208; 139.3 kB after
  // session 18: react-hook-form's resolver support for the one way to build a form, 1.3 kB, and the
  // link pages' settled-auth loader; 136.5 kB after session 20: the route tree's stubs in one `app`
  // chunk, decision 0055).
  'client sign-in': { js: 139.2, css: 9.3 },
  'staff sign-in': { js: 139.2, css: 9.3 },
  // Prerendered, without the auth module until a link's session or the button needs it (decision
  // 0048; 2026-11-28, opened without a link: 138.9 and 123.7 kB; 138.4 and 120.6 kB after session
  // 20's `app` chunk, decision 0055).
  'reset password': { js: 141.2, css: 9.3 },
  'sign-in link': { js: 123, css: 9.3 },
  // 2026-11-28, session 20 (decision 0055): 216.9 kB (from 226.2). The error-to-failure helper and
  // the auth messages it reads (2.2 kB) no longer come with the unread counts and the document
  // list (the conversation's writes in their own module, the document link loaded on opening);
  // the route tree's stubs in one `app` chunk (-3.8 kB); the shell's alert without the fields;
  // supabase-js without iceberg-js (-1.2 kB).
  'portal overview': { js: 221.2, css: 9.3 },
  // The Dashboards and Plan tabs and the pipeline came in (2026-11-28: 283.7 and 330.1 kB). The
  // client's upload and approval forms, on react-hook-form since decision 0045 (302.3 kB), load it
  // and their rules (zod) when the person turns to the form (components/form/form-on-demand.tsx),
  // and the dashboards' queries no longer bring the rules: 262.9 kB on 2026-11-28; 258.1 kB after
  // session 20 (decision 0055).
  'portal project': { js: 263.3, css: 9.3 },
  // 2026-11-28, session 20 (decision 0055): 217.1 kB (from 225.7), by the same changes.
  'admin overview': { js: 221.4, css: 9.3 },
  // The project's Overview tab. 333.0 kB on 2026-11-28 with every tab's sections in one module;
  // 270.7 kB on 2026-11-28, session 20, with one module per tab (decision 0044's amendment). Its
  // react-hook-form and zod stay in the first load: the overview is the project's edit form, in
  // view at once. 267.3 kB on 2026-11-28, session 21 (one way to build a form, decision 0058).
  'admin project': { js: 272.6, css: 9.3 },
  // The other tabs, each opened directly (all were 333.5-340.2 kB while they shared one module;
  // today's weight plus 2 %, 2026-11-28, session 21). The metrics and the plan bring their charts
  // and the CSV reader (the metrics' charts after the tab's first render, decision 0057's amendment).
  'admin project: conversation': { js: 271.8, css: 9.3 },
  'admin project: documents': { js: 278.3, css: 9.3 },
  'admin project: reports': { js: 274.6, css: 9.3 },
  'admin project: metrics': { js: 305.9, css: 9.3 },
  'admin project: tasks': { js: 275.8, css: 9.3 },
  'admin project: approvals': { js: 274.7, css: 9.3 },
  'admin project: plan': { js: 310.8, css: 9.3 },
  'admin project: activity': { js: 226.5, css: 9.3 },
  'admin project: team': { js: 258.4, css: 9.3 },
  'admin project: dashboards': { js: 279.3, css: 9.3 },
} as const

type Route = keyof typeof budgets

/** The JS and CSS that `open` makes the page fetch, in gzip bytes, with a line per file. */
async function firstLoad(page: Page, open: () => Promise<void>) {
  const loaded = new Map<string, 'js' | 'css'>()
  page.on('response', (response) => {
    const { pathname } = new URL(response.url())
    const kind = pathname.endsWith('.js') ? 'js' : pathname.endsWith('.css') ? 'css' : undefined
    if (kind && response.status() === 200) loaded.set(pathname, kind)
  })
  await open()
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await page.waitForLoadState('networkidle')
  const totals = { js: 0, css: 0 }
  const report: string[] = []
  for (const [pathname, kind] of loaded) {
    const gzipped = gzipSync(readFileSync(new URL(`.${pathname}`, dist)), { level: 9 }).length
    totals[kind] += gzipped
    report.push(`${pathname} ${(gzipped / KB).toFixed(1)} kB`)
  }
  return { totals, report }
}

async function check(page: Page, route: Route, open: () => Promise<void>) {
  const { totals, report } = await firstLoad(page, open)
  const description = `JS ${(totals.js / KB).toFixed(1)} kB, CSS ${(totals.css / KB).toFixed(1)} kB`
  test
    .info()
    .annotations.push({ type: `first-load gzip: ${route}`, description: `${description}\n${report.join('\n')}` })
  expect(totals.js, 'no JavaScript was measured').toBeGreaterThan(0)
  expect(totals.js, `${route}: JS gzip bytes\n${report.join('\n')}`).toBeLessThanOrEqual(budgets[route].js * KB)
  expect(totals.css, `${route}: CSS gzip bytes\n${report.join('\n')}`).toBeLessThanOrEqual(budgets[route].css * KB)
}

test.use({ locale: 'es-ES' })

test('the sign-in pages stay within their budgets', async ({ page }) => {
  await check(page, 'client sign-in', async () => void (await page.goto('/es/client-portal/login')))
  await page.context().clearCookies()
  const second = await page.context().newPage()
  await check(second, 'staff sign-in', async () => void (await second.goto('/es/admin/login')))
  const third = await page.context().newPage()
  await check(third, 'reset password', async () => void (await third.goto('/es/reset-password')))
  const fourth = await page.context().newPage()
  await check(fourth, 'sign-in link', async () => void (await fourth.goto('/es/confirm')))
})

test('the portal overview and a project stay within their budgets', async ({ page, context, admin }) => {
  await startSession(page, demoUsers.lucia)
  await check(page, 'portal overview', async () => void (await page.goto('/es/client-portal/dashboard')))
  const project = (await projectsOf(admin, organizations.ribera)).find((row) => row.visible_to_client)!
  const fresh = await context.newPage()
  await check(
    fresh,
    'portal project',
    async () => void (await fresh.goto(`/es/client-portal/dashboard/projects/${project.id}`)),
  )
})

test('the admin overview and a project stay within their budgets', async ({ page, context, admin }) => {
  await startSession(page, demoUsers.admin)
  await check(page, 'admin overview', async () => void (await page.goto('/es/admin/dashboard')))
  const project = (await projectsOf(admin, organizations.ribera))[0]!
  const fresh = await context.newPage()
  await check(fresh, 'admin project', async () => void (await fresh.goto(`/es/admin/dashboard/projects/${project.id}`)))
})

/** An admin project's tabs after the overview, each with its own budget above. */
const adminProjectTabs = [
  'conversation',
  'documents',
  'reports',
  'metrics',
  'tasks',
  'approvals',
  'plan',
  'activity',
  'team',
  'dashboards',
] as const

test('every other tab of an admin project stays within its budget', async ({ page, context, admin }) => {
  await startSession(page, demoUsers.admin)
  const project = (await projectsOf(admin, organizations.ribera))[0]!
  for (const tab of adminProjectTabs) {
    // Each tab as a first visit to it (the app's shared files come from the HTTP cache, as they do
    // for the other fresh pages above, and count all the same).
    const fresh = await context.newPage()
    const path = `/es/admin/dashboard/projects/${project.id}/${tab}`
    await check(fresh, `admin project: ${tab}`, async () => void (await fresh.goto(path)))
    await fresh.close()
  }
})
