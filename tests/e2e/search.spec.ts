// Search (issue 12, item 5): a client finds their project by words in either language, without
// accents or capitals, and nothing of another organization; staff find people, organizations and
// leads and follow a result to its page. The words live in the URL (?q=). es at 375 px and en at
// 1366 px, axe on the results. A typing error is forgiven, and a client finds their tasks.
import type { Page } from '@playwright/test'
import { test, expect, signIn } from './support/auth'
import { signInStaff } from './support/admin'
import { expectNoAxeViolations } from './support/a11y'
import { t } from './support/catalog'
import { demoUsers } from './support/users'
import { withLangPrefix } from '../../src/lib/pages'
import type { Locale } from '../../src/lib/locale'

function searchForm(page: Page, lng: Locale) {
  const form = page.getByRole('search', { name: t(lng, 'Search') })
  return {
    input: form.getByRole('searchbox', { name: t(lng, 'Words to search for') }),
    submit: form.getByRole('button', { name: t(lng, 'Search') }),
  }
}

async function searchFor(page: Page, lng: Locale, words: string) {
  const { input, submit } = searchForm(page, lng)
  await input.fill(words)
  await submit.click()
}

for (const [lng, width] of [
  ['es', 375],
  ['en', 1366],
] as const) {
  test(`a client finds a project in both languages, and nothing of another organization (${lng}, ${width}px)`, async ({
    page,
  }) => {
    await signIn(page, lng === 'es' ? demoUsers.lucia : demoUsers.james, lng)
    await page.setViewportSize({ width, height: 900 })
    await page.goto(withLangPrefix('/client-portal/dashboard/search', lng))
    await expect(page.getByRole('heading', { level: 1, name: t(lng, 'Search') })).toBeVisible()
    const projects = page.getByRole('region', { name: t(lng, 'Projects') })

    // too short: said next to the field, nothing searched
    await searchFor(page, lng, 'a')
    await expect(searchForm(page, lng).input).toHaveAttribute('aria-invalid', 'true')
    await expect(page.getByText(t(lng, 'Type at least {min} characters.', { min: 2 }))).toBeVisible()

    // the metric is "Margen bruto" / "Gross margin": either language, any case, no accents
    for (const words of ['GROSS margin', 'margen bruto', 'categoria']) {
      await searchFor(page, lng, words)
      await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(words).replace(/%20/g, '(\\+|%20)')}`))
      await expect(projects.getByRole('link', { name: 'Cuadro de mando comercial' })).toBeVisible()
    }
    await expectNoAxeViolations(page, `portal search results (${lng}, ${width}px)`)
    await projects.getByRole('link', { name: 'Cuadro de mando comercial' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Cuadro de mando comercial' })).toBeVisible()

    // Kuntur Pay's project is not theirs
    await page.goBack()
    await searchFor(page, lng, 'credit risk scoring')
    await expect(page.getByRole('status').filter({ hasText: 'credit risk scoring' })).toHaveText(
      t(lng, 'Nothing matches “{query}”.', { query: 'credit risk scoring' }),
    )

    // a typing error is forgiven, and tasks are found too (issue 23, item 15)
    await searchFor(page, lng, 'definicones')
    const tasks = page.getByRole('region', { name: t(lng, 'Tasks') })
    await expect(tasks.getByRole('link', { name: 'Validar las definiciones de KPI' })).toBeVisible()
    await expectNoAxeViolations(page, `portal search, a task with a typing error (${lng}, ${width}px)`)
    await tasks.getByRole('link', { name: 'Validar las definiciones de KPI' }).click()
    await expect(page).toHaveURL(/#tasks$/)
  })

  test(`staff find people, organizations and leads, and open them (${lng}, ${width}px)`, async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 900 })
    await signInStaff(page, demoUsers.admin, lng)
    await page.setViewportSize({ width, height: 900 })
    await page.goto(withLangPrefix('/admin/dashboard/search?q=navarro', lng))
    const leads = page.getByRole('region', { name: t(lng, 'Leads') })
    await expect(leads.getByRole('link', { name: 'Elena Navarro' })).toBeVisible()

    await searchFor(page, lng, 'LUCIA')
    const people = page.getByRole('region', { name: t(lng, 'People') })
    await expect(people.getByRole('link', { name: 'Lucía Martín' })).toBeVisible()
    await expectNoAxeViolations(page, `admin search results (${lng}, ${width}px)`)
    await people.getByRole('link', { name: 'Lucía Martín' }).click()
    await expect(page).toHaveURL(/\/admin\/dashboard\/organizations\/[0-9a-f-]{36}$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Almacenes Ribera' })).toBeVisible()
  })
}
