// A client's project page starts all its lists at once (issue 24, item 2), and they arrive in any
// order. The page shows when all have arrived, so a list that arrives late (here the documents, the
// first section) does not push down sections already on screen: a phone's reader would lose their
// place, and Lighthouse counted it as a layout shift of 0.24 on a slow run.
import type { Page } from '@playwright/test'
import { test, expect, startSession } from './support/auth'
import { demoUsers, organizations, projectsOf } from './support/users'
import { expectNoAxeViolations } from './support/a11y'
import { layoutShiftSoFar } from './support/layout-shift'

/** Holds the project's document list back until `release()`. */
async function holdDocuments(page: Page) {
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/rest\/v1\/documents\?/, async (route) => {
    await released
    await route.continue()
  })
  return release
}

test('a late list does not push the sections below it: the client project page shows them together (es, 375 px)', async ({
  page,
  admin,
}) => {
  const project = (await projectsOf(admin, organizations.ribera)).find((row) => row.visible_to_client)!
  await page.setViewportSize({ width: 375, height: 812 })
  await startSession(page, demoUsers.lucia)
  const release = await holdDocuments(page)
  const below = ['reports', 'tasks', 'analytics_metrics'].map((table) =>
    page.waitForResponse((response) => new URL(response.url()).pathname === `/rest/v1/${table}`),
  )
  await page.goto(`/es/client-portal/dashboard/projects/${project.id}`)
  // The lists below have arrived; while the documents are held, the page waits in its frame.
  await Promise.all(below)
  const heading = page.getByRole('heading', { level: 1, name: project.name })
  await expect(page.getByRole('status').filter({ hasText: 'Cargando...' }).first()).toBeVisible()
  await expect(heading).toHaveCount(0)
  release()
  await expect(heading).toBeVisible()
  // Everything arrived with the page: no section is still loading.
  await expect(page.locator('main').getByRole('status').filter({ hasText: 'Cargando...' })).toHaveCount(0)
  const reports = page.getByRole('region', { name: 'Informes' })
  await expect(reports.getByRole('heading', { level: 3 }).first()).toBeVisible()
  await expect(
    page
      .getByRole('region', { name: 'Documentos' })
      .getByRole('button', { name: /^Descargar/ })
      .first(),
  ).toBeVisible()
  expect(await layoutShiftSoFar(page), 'layout shift while the sections arrived').toBeLessThanOrEqual(0.02)
  // A metric's chart is drawn at its frame's width on the phone (measured by a ResizeObserver,
  // with the browser's layout, not by forcing one in React's commit).
  const chart = page.getByRole('region', { name: 'Métricas' }).getByRole('img').first()
  const drawn = await chart.evaluate((svg) => ({
    width: Number(svg.getAttribute('width')),
    frame: Math.round(svg.parentElement!.getBoundingClientRect().width),
  }))
  expect(drawn.width).toBe(Math.max(240, drawn.frame))
  expect(drawn.frame).toBeLessThan(375)
  await expectNoAxeViolations(page, 'the client project page, every section arrived')
})
