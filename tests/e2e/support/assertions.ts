// Shared checks: "this is page X, in language Y" — heading, <html lang>, title, description,
// canonical and hreflang alternates.
import type { Page } from '@playwright/test'
import { withLangPrefix } from '../../../src/lib/pages'
import type { Locale } from '../../../src/lib/locale'
import { expect } from './fixtures'
import { t } from './catalog'
import { expectedTitle, publicPages, type PublicPage } from './pages'
import { Site } from './site'

export async function expectPageIn(page: Page, expected: PublicPage, lng: Locale): Promise<void> {
  const site = new Site(page, lng)
  const origin = new URL(page.url()).origin
  await expect(site.h1).toHaveText(t(lng, expected.h1))
  await expect(site.html).toHaveAttribute('lang', lng)
  await expect(page).toHaveTitle(expectedTitle(expected, lng))
  // The page's own description is the last one: index.html still ships a static one first
  // (see the known-bug test in routing-i18n.spec.ts).
  await expect(page.locator('meta[name="description"]').last()).toHaveAttribute('content', t(lng, expected.description))
  const canonical = page.locator('link[rel="canonical"]')
  await expect(canonical).toHaveCount(1)
  await expect(canonical).toHaveAttribute('href', origin + withLangPrefix(expected.path, lng))
  const alternate = (hreflang: string) => page.locator(`link[rel="alternate"][hreflang="${hreflang}"]`)
  for (const other of ['es', 'en'] as const) {
    await expect(alternate(other)).toHaveCount(1)
    await expect(alternate(other)).toHaveAttribute('href', origin + withLangPrefix(expected.path, other))
  }
  await expect(alternate('x-default')).toHaveCount(1)
  await expect(alternate('x-default')).toHaveAttribute('href', origin + expected.path)
}

/** The status message that takes the focus after an action, in the page's language. */
export async function expectFocusedStatus(page: Page, lng: Locale, message: string): Promise<void> {
  await expect(page.getByRole('status').filter({ hasText: t(lng, message) })).toBeFocused()
}

/** From the Spanish home page, follows the first Data engineering card to its service page. */
export async function followServiceCard(site: Site): Promise<void> {
  await site.main
    .getByRole('link', { name: t('es', 'Data engineering') })
    .first()
    .click()
  await expect(site.page).toHaveURL('/es/services/data-engineering')
  await expect(site.h1).toHaveText(t('es', publicPages.find((p) => p.path === '/services/data-engineering')!.h1))
}
