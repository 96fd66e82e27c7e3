// Small screens: the menu toggle and its panel (machines/disclosure.machine.ts), and no
// horizontal overflow on any public page at 375px and 320px.
import { test, expect } from './support/fixtures'
import { t } from './support/catalog'
import { findPage, pageUrl, publicPages } from './support/pages'
import { Site } from './support/site'
import { serviceSlugs, specializationSlugs, withLangPrefix } from '../../src/lib/pages'
import type { Locale } from '../../src/lib/locale'

test.use({ locale: 'es-ES', viewport: { width: 375, height: 812 } })

/** The links the panel must hold, in order: name and href, for a URL prefix form. */
function expectedPanelLinks(lng: Locale, prefix: Locale | undefined): { name: string; href: string }[] {
  const offerings = [
    ...serviceSlugs.map((slug) => `/services/${slug}`),
    ...specializationSlugs.map((slug) => `/specializations/${slug}`),
  ]
  return [
    ...offerings.map((path) => ({ name: t(lng, findPage(path).title), href: withLangPrefix(path, prefix) })),
    { name: t(lng, 'Case studies'), href: withLangPrefix('/case-studies', prefix) },
    { name: t(lng, 'Client portal'), href: withLangPrefix('/client-portal/login', prefix) },
    { name: t(lng, 'Contact us'), href: withLangPrefix('/contact', prefix) },
  ]
}

async function expectNoHorizontalOverflow(site: Site, label: string) {
  const { scrollWidth, clientWidth } = await site.page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }))
  expect(scrollWidth, `${label}: document width ${scrollWidth}px in a ${clientWidth}px viewport`).toBeLessThanOrEqual(
    clientWidth,
  )
}

for (const [url, lng, prefix] of [
  ['/es/contact', 'es', 'es'],
  ['/contact', 'es', undefined],
  ['/en', 'en', 'en'],
] as const) {
  test(`on ${url} the menu toggle opens a panel with every link`, async ({ page }) => {
    const { site } = await Site.open(page, url, lng)
    const { toggle } = site.mobileMenu
    const panel = await site.mobileMenu.panel()
    await expect(site.services.trigger).toBeHidden() // the desktop menus give way to the toggle
    await expect(toggle).toBeVisible()
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await expect(panel).toBeHidden()

    await toggle.click()

    await expect(toggle).toHaveAttribute('aria-expanded', 'true')
    await expect(panel).toBeVisible()
    const links = panel.getByRole('link')
    const expected = expectedPanelLinks(lng, prefix)
    await expect(links).toHaveText(expected.map((link) => link.name))
    expect(await links.evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')))).toEqual(
      expected.map((link) => link.href),
    )
    for (const link of await links.all()) await expect(link).toBeInViewport()
    await expectNoHorizontalOverflow(site, 'open panel')

    await toggle.click()
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await expect(panel).toBeHidden()
  })
}

test('Escape closes the panel and returns focus to the toggle', async ({ page }) => {
  const { site } = await Site.open(page, '/es', 'es')
  const { toggle } = site.mobileMenu
  const panel = await site.mobileMenu.panel()
  await toggle.focus()
  await page.keyboard.press('Enter')
  await expect(panel).toBeVisible()
  await page.keyboard.press('Tab') // into the panel, which follows the toggle
  await expect(panel.getByRole('link').first()).toBeFocused()

  await page.keyboard.press('Escape')

  await expect(toggle).toHaveAttribute('aria-expanded', 'false')
  await expect(panel).toBeHidden()
  await expect(toggle).toBeFocused()
})

test('a tap on the menu toggle while its machine still loads opens the panel once loaded', async ({ page }) => {
  // The panel's machine and xstate load on first use (src/lib/lazy-actor.ts): hold them back.
  let release = () => undefined as void
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/assets\/(xstate|disclosure-actor)-[^/]+\.js$/, async (route) => {
    await held
    await route.continue()
  })
  const { site } = await Site.open(page, '/en', 'en')
  const { toggle } = site.mobileMenu
  const panel = await site.mobileMenu.panel()
  await toggle.click()
  await expect(panel).toBeHidden()
  release()
  await expect(toggle).toHaveAttribute('aria-expanded', 'true')
  await expect(panel).toBeVisible()
})

test('following a link in the panel navigates and closes it', async ({ page }) => {
  const { site } = await Site.open(page, '/en/contact', 'en')
  const target = findPage('/specializations/financial-intelligence')
  const panel = await site.mobileMenu.panel()
  await site.mobileMenu.toggle.click()
  await panel.getByRole('link', { name: t('en', target.title), exact: true }).click()

  await expect(page).toHaveURL('/en/specializations/financial-intelligence')
  await expect(site.h1).toHaveText(t('en', target.h1))
  await expect(site.mobileMenu.toggle).toHaveAttribute('aria-expanded', 'false')
  await expect(panel).toBeHidden()
  await expect(site.h1).toBeInViewport()
})

test.describe('no horizontal overflow', () => {
  for (const expected of publicPages) {
    const urls = (['es', 'en'] as const).map((lng) => pageUrl(expected.path, lng))
    test(`${urls.join(' and ')} fit 375px and 320px`, async ({ page }) => {
      for (const lng of ['es', 'en'] as const) {
        const url = pageUrl(expected.path, lng)
        await page.setViewportSize({ width: 375, height: 812 })
        const { site } = await Site.open(page, url, lng)
        await expect(site.h1).toHaveText(t(lng, expected.h1))
        await expectNoHorizontalOverflow(site, `${url} at 375px`)
        await page.setViewportSize({ width: 320, height: 640 })
        await expectNoHorizontalOverflow(site, `${url} at 320px`)
      }
    })
  }
})
