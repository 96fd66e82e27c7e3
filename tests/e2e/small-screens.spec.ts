// Every portal and admin page at 375 px and at 320 px (issue 12, item 3), in both languages: the
// page never scrolls sideways; no text spills out of its box (what would overlap the next thing)
// and no label is clipped; every control is a target of at least 24 x 24 px (WCAG 2.5.8); the
// lists are cards, and a table still wider than the screen scrolls inside its own box with a
// visible cue; password inputs take the row's width beside the show-password icon button. Axe on
// each page at 375 px.
import type { Page } from '@playwright/test'
import type { SupabaseClient } from '@supabase/supabase-js'
import { test, expect, signIn } from './support/auth'
import { signInStaff } from './support/admin'
import { expectNoAxeViolations } from './support/a11y'
import { t } from './support/catalog'
import { demoUsers, organizationId, organizations, projectsOf } from './support/users'
import { withLangPrefix } from '../../src/lib/pages'
import type { Locale } from '../../src/lib/locale'

const widths = [375, 320] as const

interface Findings {
  pastEdge: string[]
  pageWidth: number
  viewport: number
  spilling: string[]
  clipped: string[]
  smallTargets: string[]
  tablesWithoutCue: string[]
  narrowPasswords: string[]
}

/** Measures the page as it is laid out now; each list names the offending elements. */
function measure(): Findings {
  const describe = (element: Element) =>
    `<${element.tagName.toLowerCase()}> "${(element.textContent ?? element.getAttribute('aria-label') ?? '').trim().slice(0, 40)}"`
  const shown = (element: Element) => {
    const box = element.getBoundingClientRect()
    return box.width > 1 && box.height > 1 && getComputedStyle(element).visibility !== 'hidden'
  }
  const all = [...document.querySelectorAll('body *')].filter(shown)
  const spilling: string[] = []
  const clipped: string[] = []
  for (const element of all) {
    // SVG has no scroll box; a form control scrolls its own text (its value is not a label)
    if (element instanceof SVGElement || element.matches('input, textarea, select')) continue
    const style = getComputedStyle(element)
    if (style.display === 'inline' || style.display === 'contents') continue
    const wider = element.scrollWidth > element.clientWidth + 1
    if (!wider) continue
    // A scrolling box is allowed to be wider inside (the tables); TableScroll's cue is checked below.
    if (style.overflowX === 'auto' || style.overflowX === 'scroll') continue
    if (style.overflowX === 'visible') spilling.push(describe(element))
    else clipped.push(describe(element))
  }
  const controls = all.filter(
    (element) =>
      element.matches('button, select, textarea, input:not([type="hidden"]), [role="button"], [role="tab"]') ||
      // a link that is a block of its own (nav items, buttons made of links); links inside a
      // sentence are exempt from 2.5.8
      (element.matches('a[href]') && getComputedStyle(element).display !== 'inline'),
  )
  const smallTargets = controls
    .filter((element) => {
      const box = element.getBoundingClientRect()
      return box.width < 23.5 || box.height < 23.5
    })
    .map((element) => {
      const box = element.getBoundingClientRect()
      return `${describe(element)} ${Math.round(box.width)}x${Math.round(box.height)}`
    })
  const tablesWithoutCue = [...document.querySelectorAll('[data-table-scroll]')]
    .filter(shown)
    .filter((frame) => {
      const box = frame.querySelector('[role="region"]')!
      const wide = box.scrollWidth > box.clientWidth + 1
      const hint = frame.querySelector('p')
      return wide && !(frame.getAttribute('data-wide') === 'true' && hint && shown(hint))
    })
    .map(describe)
  const narrowPasswords = [...document.querySelectorAll('input[type="password"]')]
    .filter(shown)
    .filter((input) => {
      const row = input.parentElement!.getBoundingClientRect().width
      // the row less the 44px icon button and the gap
      return input.getBoundingClientRect().width < row - 60
    })
    .map(describe)
  // the innermost elements reaching past the right edge: where a too-wide page starts
  const pastEdge = all
    .filter((element) => element.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
    .filter(
      (element) =>
        ![...element.children].some(
          (child) =>
            all.includes(child) && child.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5,
        ),
    )
    .slice(0, 5)
    .map(describe)
  return {
    pastEdge,
    pageWidth: document.documentElement.scrollWidth,
    viewport: document.documentElement.clientWidth,
    spilling,
    clipped,
    smallTargets,
    tablesWithoutCue,
    narrowPasswords,
  }
}

/** Waits for the page's data (no skeleton left), then checks it at each width and runs axe at 375 px. */
async function checkPage(page: Page, lng: Locale, label: string) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page).toHaveTitle(/\S/)
  await expect(
    page
      .getByRole('main')
      .getByRole('status')
      .filter({ hasText: t(lng, 'Loading...') }),
  ).toHaveCount(0)
  for (const width of widths) {
    await page.setViewportSize({ width, height: 800 })
    // a layout pass after the resize, and ResizeObserver callbacks (the tables' cue) with it
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
    const found = await page.evaluate(measure)
    const at = `${label} at ${width}px`
    expect(
      found.pageWidth,
      `${at}: the page is ${found.pageWidth}px wide: ${found.pastEdge.join(', ')}`,
    ).toBeLessThanOrEqual(found.viewport)
    expect(found.spilling, `${at}: content running out of its box`).toEqual([])
    expect(found.clipped, `${at}: clipped labels`).toEqual([])
    expect(found.smallTargets, `${at}: targets under 24px`).toEqual([])
    expect(found.tablesWithoutCue, `${at}: wide tables without a cue`).toEqual([])
    expect(found.narrowPasswords, `${at}: password inputs not taking the row`).toEqual([])
  }
  await page.setViewportSize({ width: 375, height: 800 })
  // The admin overview's title is briefly empty right after the staff sign-in (seen in about one
  // run of five; left to the shell's owners): wait for it rather than fail on that moment.
  await expect(page).toHaveTitle(/\S/)
  await expectNoAxeViolations(page, `${label} at 375px`)
}

async function visit(page: Page, lng: Locale, path: string) {
  await page.goto(withLangPrefix(path, lng))
  await checkPage(page, lng, withLangPrefix(path, lng))
}

/** A lead whose e-mail address is one long word, the case that ran over the company. */
async function longLead(admin: SupabaseClient, lng: Locale): Promise<string> {
  const { data, error } = await admin
    .from('contact_messages')
    .insert({
      name: 'Maximiliano Fernández-Villaverde de la Concepción',
      email: `maximiliano.fernandez-villaverde.delaconcepcion.${lng}@departamento-de-compras.example.com`,
      company: 'Distribuciones Agroalimentarias del Valle del Guadalquivir',
      phone: '+34 955 000 000',
      interest: 'business-intelligence',
      message: 'Consulta de prueba para pantallas estrechas.',
      privacy_accepted: true,
      locale: lng,
    })
    .select('id')
    .single<{ id: string }>()
  if (error) throw new Error(error.message)
  return data.id
}

for (const lng of ['es', 'en'] as const) {
  test(`every portal page fits 375px and 320px (${lng})`, async ({ page, admin }) => {
    test.slow() // six pages, each at two widths with axe
    // signIn waits for the side bar, which a phone folds into the menu: sign in wide, then narrow
    await signIn(page, lng === 'es' ? demoUsers.lucia : demoUsers.james, lng)
    await page.setViewportSize({ width: 375, height: 800 })
    await checkPage(page, lng, 'the portal overview')
    const project = (await projectsOf(admin, organizations.ribera)).find((row) => row.visible_to_client)!
    await visit(page, lng, `/client-portal/dashboard/projects/${project.id}`)
    // the figures of a metric are a table behind a button: open it
    const figures = page.getByRole('button', { name: new RegExp(t(lng, 'Show the figures')) }).first()
    if (await figures.count()) {
      await figures.click()
      await checkPage(page, lng, 'a project with a metric table open')
    }
    await visit(page, lng, '/client-portal/dashboard/search?q=margen')
    await visit(page, lng, '/client-portal/dashboard/notifications')
    await visit(page, lng, '/client-portal/dashboard/account')

    // the show-password icon button: named, a toggle whose state aria-pressed tells
    const password = page.locator('input[type="password"]').first()
    const reveal = page.getByRole('button', { name: t(lng, 'Show password'), exact: true }).first()
    await expect(reveal).toHaveAttribute('aria-pressed', 'false')
    await reveal.click()
    await expect(reveal).toHaveAttribute('aria-pressed', 'true')
    await expect(page.locator(`#${await reveal.getAttribute('aria-controls')}`)).toHaveAttribute('type', 'text')
    await reveal.click()
    await expect(password).toHaveAttribute('type', 'password')
  })

  test(`every admin page fits 375px and 320px (${lng})`, async ({ page, admin }) => {
    test.slow() // nineteen pages, each at two widths with axe
    await page.setViewportSize({ width: 375, height: 800 })
    await signInStaff(page, demoUsers.superAdmin, lng)
    // a fresh load: right after the staff sign-in the title is briefly empty (see checkPage)
    await visit(page, lng, '/admin/dashboard')
    const organization = await organizationId(admin, organizations.ribera)
    const project = (await projectsOf(admin, organizations.ribera))[0]!
    const lead = await longLead(admin, lng)
    for (const path of [
      '/admin/dashboard/search?q=ribera',
      '/admin/dashboard/organizations',
      `/admin/dashboard/organizations/${organization}`,
      '/admin/dashboard/projects',
      `/admin/dashboard/projects/${project.id}`,
      `/admin/dashboard/projects/${project.id}/documents`,
      `/admin/dashboard/projects/${project.id}/reports`,
      `/admin/dashboard/projects/${project.id}/metrics`,
      `/admin/dashboard/projects/${project.id}/tasks`,
      `/admin/dashboard/projects/${project.id}/activity`,
      '/admin/dashboard/leads',
      `/admin/dashboard/leads/${lead}`,
      '/admin/dashboard/activity',
      '/admin/dashboard/team',
      '/admin/dashboard/account',
    ]) {
      await visit(page, lng, path)
      if (path.endsWith(`${project.id}/activity`)) {
        // A tab far along the project's tabs, opened directly: its tab is scrolled wholly into view.
        const current = page.locator('main nav ul [aria-current="page"]')
        await expect
          .poll(() =>
            current.evaluate((tab) => {
              const [shown, list] = [tab.getBoundingClientRect(), tab.closest('ul')!.getBoundingClientRect()]
              return shown.left >= list.left - 1 && shown.right <= list.right + 1
            }),
          )
          .toBe(true)
      }
      if (path === '/admin/dashboard/projects') {
        // five columns do not fit 375 px: each project is a card, nothing scrolls sideways or says so
        const table = page.getByRole('table', { name: t(lng, 'Current projects') })
        const links = table.getByRole('link')
        expect(await links.count()).toBeGreaterThan(0)
        for (const link of await links.all()) {
          const box = (await link.boundingBox())!
          expect(box.x + box.width, `the link to "${await link.textContent()}"`).toBeLessThanOrEqual(375)
        }
        await expect(page.locator('[data-table-scroll]').getByRole('region')).not.toHaveAttribute(
          'aria-describedby',
          /.+/,
        )
        await expect(page.getByText(t(lng, 'Scroll sideways to see every column.'))).toHaveCount(0)
      }
    }
  })
}
