// axe on every public page in both languages, in the light and dark colour schemes, and with
// the interactive parts of the frame open (a desktop dropdown, the mobile panel, the 404 page).
import { test, expect, allowConsoleErrors } from './support/fixtures'
import { expectNoAxeViolations } from './support/a11y'
import { t } from './support/catalog'
import { pageUrl, publicPages } from './support/pages'
import { Site } from './support/site'

test.use({ locale: 'es-ES', viewport: { width: 1280, height: 800 }, colorScheme: 'light' })

test.describe('every public page, light colour scheme', () => {
  for (const expected of publicPages) {
    const urls = (['es', 'en'] as const).map((lng) => pageUrl(expected.path, lng))
    test(`${urls.join(' and ')} have no axe violations`, async ({ page }) => {
      for (const lng of ['es', 'en'] as const) {
        const url = pageUrl(expected.path, lng)
        const { site } = await Site.open(page, url, lng)
        await expect(site.h1).toHaveText(t(lng, expected.h1))
        await expectNoAxeViolations(page, url)
      }
    })
  }
})

// The light scheme of these pages is covered above.
test.describe('dark colour scheme', () => {
  test.use({ colorScheme: 'dark' })

  for (const path of ['/', '/services/business-intelligence']) {
    test(`${path} in both languages has no axe violations`, async ({ page }) => {
      for (const lng of ['es', 'en'] as const) {
        const url = pageUrl(path, lng)
        await Site.open(page, url, lng)
        expect(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)).toBe(true)
        // The dark palette is really in use (not just the media query).
        expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe(
          'rgb(255, 255, 255)',
        )
        await expectNoAxeViolations(page, `${url} (dark)`)
      }
    })
  }
})

test('a page with a dropdown open, in both schemes, has no axe violations', async ({ page }) => {
  const { site } = await Site.open(page, '/en/services/governance', 'en')
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme })
    await site.services.trigger.focus()
    await page.keyboard.press('ArrowDown')
    await expect(await site.services.menu()).toBeVisible()
    await expectNoAxeViolations(page, `/en/services/governance with Services open (${colorScheme})`)
    await page.keyboard.press('Escape')
  }
})

test.describe('mobile', () => {
  test.use({ viewport: { width: 375, height: 812 } })

  test('the open mobile panel, in both schemes, has no axe violations', async ({ page }) => {
    const { site } = await Site.open(page, '/es/contact', 'es')
    await site.mobileMenu.toggle.click()
    await expect(await site.mobileMenu.panel()).toBeVisible()
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme })
      await expectNoAxeViolations(page, `/es/contact with the mobile panel open (${colorScheme})`)
    }
  })
})

test.describe('404', () => {
  test.use(allowConsoleErrors(/status of 404 \(Not Found\)/))

  // One language now (issue 9): the prefix's, else the visitor's.
  test('the 404 page has no axe violations, in either language', async ({ page }) => {
    for (const lng of ['es', 'en'] as const) {
      await page.goto(`/${lng}/nope`)
      await expect(new Site(page, lng).h1).toHaveText(t(lng, 'Page not found'))
      await expectNoAxeViolations(page, `/${lng}/nope`)
    }
  })
})
