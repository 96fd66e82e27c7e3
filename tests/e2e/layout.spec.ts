// The shared frame around every page: footer, skip link, scroll position after navigation and
// the loading state while a page's code is on its way.
import type { Route } from '@playwright/test'
import { test, expect } from './support/fixtures'
import { both, t } from './support/catalog'
import { findPage } from './support/pages'
import { Site } from './support/site'
import { publicPagePaths, withLangPrefix } from '../../src/lib/pages'
import { siteConfig } from '../../src/config/site'

test.use({ locale: 'es-ES', viewport: { width: 1280, height: 800 } })

test.describe('footer', () => {
  for (const [url, lng, prefix] of [
    ['/es/contact', 'es', 'es'],
    ['/en', 'en', 'en'],
    ['/services/governance', 'es', undefined],
  ] as const) {
    test(`on ${url} it links every offering, contact, e-mail, sister product and admin`, async ({ page }) => {
      const { site } = await Site.open(page, url, lng)
      const { footer } = site

      for (const path of publicPagePaths.filter(
        (path) => path.startsWith('/services/') || path.startsWith('/specializations/'),
      )) {
        await expect(footer.getByRole('link', { name: t(lng, findPage(path).title), exact: true })).toHaveAttribute(
          'href',
          withLangPrefix(path, prefix),
        )
      }
      await expect(footer.getByRole('link', { name: t(lng, 'Contact'), exact: true })).toHaveAttribute(
        'href',
        withLangPrefix('/contact', prefix),
      )
      await expect(footer.getByRole('link', { name: siteConfig.email })).toHaveAttribute(
        'href',
        `mailto:${siteConfig.email}`,
      )

      const year = new Date().getFullYear()
      await expect(
        footer.getByText(t(lng, '© {year} {0}. All rights reserved.', { year, 0: siteConfig.name }), { exact: true }),
      ).toBeVisible()

      const sister = footer.getByRole('link', { name: siteConfig.sisterProduct.name, exact: true })
      await expect(sister).toHaveAttribute('href', siteConfig.sisterProduct.url)
      await expect(sister).toHaveAttribute('target', '_blank')
      await expect(sister).toHaveAttribute('rel', /(^|\s)noopener(\s|$)/)
      // Screen readers must hear that it opens a new tab, not only see it in the page text.
      await expect(sister).toHaveAccessibleDescription(t(lng, '(opens in a new tab)'))

      const admin = footer.getByRole('link', { name: t(lng, 'Admin'), exact: true })
      await expect(admin).toHaveAttribute('title', t(lng, 'Admin'))
      await expect(admin).toHaveAttribute('href', withLangPrefix('/admin', prefix))
      await expect(admin).toBeVisible()
    })
  }
})

for (const lng of ['es', 'en'] as const) {
  test(`the first Tab focuses the skip link (${lng}), which moves focus to main`, async ({ page }) => {
    const { site } = await Site.open(page, withLangPrefix('/services/data-architecture', lng), lng)
    await page.keyboard.press('Tab')
    const skip = site.skipLink()
    await expect(skip).toBeFocused()
    await expect(skip).toHaveText(t(lng, 'Skip to content'))
    await expect(skip).toBeInViewport()
    await page.keyboard.press('Enter')
    await expect(site.main).toBeFocused()
    // The next Tab continues inside the content, not back in the header.
    await page.keyboard.press('Tab')
    await expect(site.main.locator(':focus')).toHaveCount(1)
  })
}

test('a client-side navigation starts the new page at the top', async ({ page }) => {
  const { site } = await Site.open(page, '/es', 'es')
  const target = findPage('/services/governance')
  const link = site.footer.getByRole('link', { name: t('es', target.title), exact: true })
  await link.scrollIntoViewIfNeeded()
  await expect.poll(() => site.scrollY()).toBeGreaterThan(500)

  await link.click()

  await expect(page).toHaveURL('/es/services/governance')
  await expect(site.h1).toHaveText(t('es', target.h1))
  await expect.poll(() => site.scrollY()).toBe(0)
  await expect(site.h1).toBeInViewport()
})

/** Holds every JavaScript request until released, so a page's lazy chunk cannot arrive early. */
function holdScripts() {
  const held: string[] = []
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  const handler = async (route: Route) => {
    held.push(new URL(route.request().url()).pathname)
    await released
    await route.continue()
  }
  return { held, release, handler }
}

for (const lng of ['es', 'en'] as const) {
  test(`while a page's code loads, a status says "${both('Loading...')[lng]}"`, async ({ page }) => {
    const { site } = await Site.open(page, withLangPrefix('/', lng), lng)
    const scripts = holdScripts()
    await page.route('**/assets/*.js', scripts.handler)

    // The header's call to action; the contact page's component chunk is not loaded yet.
    await site.banner.getByRole('link', { name: t(lng, 'Contact us'), exact: true }).click()

    const spinner = page.getByRole('status')
    await expect(spinner).toBeVisible()
    await expect(spinner).toHaveText(t(lng, 'Loading...'))
    expect(scripts.held.length, 'no script was requested, so nothing was delayed').toBeGreaterThan(0)

    scripts.release()

    await expect(page).toHaveURL(withLangPrefix('/contact', lng))
    await expect(site.h1).toHaveText(t(lng, findPage('/contact').h1))
    await expect(spinner).toHaveCount(0)
    await page.unroute('**/assets/*.js', scripts.handler)
  })
}
