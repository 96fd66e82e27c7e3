// When the app cannot start (its code or its catalog fails to download), the pages rendered in
// the browser show the seed's error screen, in the page's language, from the markup the server
// put in the page; a prerendered public page stays readable as it is. (A render error inside the
// app shows the same screen through React: tests/unit/error-screen.test.tsx.)
import { test, expect, allowConsoleErrors } from './support/fixtures'
import { expectNoAxeViolations } from './support/a11y'
import { t } from './support/catalog'
import { siteConfig } from '../../src/config/site'
import type { Locale } from '../../src/lib/locale'

// The aborted downloads and the app's own report of why it could not start.
test.use(allowConsoleErrors(/net::ERR_FAILED|The app could not start/))

async function expectErrorScreen(page: import('@playwright/test').Page, lng: Locale, home: string) {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t(lng, 'Something went wrong'))
  await expect(page.getByRole('button', { name: t(lng, 'Reload Page') })).toBeVisible()
  await expect(page.getByRole('link', { name: t(lng, 'Go to Homepage') })).toHaveAttribute('href', home)
  await expect(page.getByRole('link', { name: siteConfig.email })).toHaveAttribute('href', `mailto:${siteConfig.email}`)
  await expect(page.locator('html')).toHaveAttribute('lang', lng)
}

test.describe('the app cannot start', () => {
  test.use({ locale: 'en-GB' })

  test("its code fails to download: the sign-in page shows the error screen in the page's language", async ({
    page,
  }) => {
    await page.route(/\/assets\/app-[\w-]+\.js$/, (route) => route.abort())
    await page.goto('/es/client-portal/login')
    await expectErrorScreen(page, 'es', '/es')
    await expectNoAxeViolations(page, 'error screen')
    // The connection is back: Reload brings the page.
    await page.unroute(/\/assets\/app-[\w-]+\.js$/)
    await page.getByRole('button', { name: t('es', 'Reload Page') }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('es', 'Sign in to the client portal'))
  })

  test('its catalog fails to download: the error screen, in the browser language on an unprefixed page', async ({
    page,
  }) => {
    await page.route(/\/assets\/catalog-\w+-[\w-]+\.json$/, (route) => route.abort())
    await page.goto('/client-portal/login')
    await expectErrorScreen(page, 'en', '/')
  })

  test('a prerendered page stays readable, its links plain links', async ({ page }) => {
    await page.route(/\/assets\/app-[\w-]+\.js$/, (route) => route.abort())
    await page.goto('/en/contact')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('en', 'Tell us about your project'))
    await expect(page.getByRole('heading', { name: t('en', 'Something went wrong') })).toHaveCount(0)
    await page
      .getByRole('contentinfo')
      .getByRole('link', { name: t('en', 'Legal notice') })
      .click()
    await expect(page).toHaveURL('/en/legal/notice')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('en', 'Legal notice'))
  })
})
