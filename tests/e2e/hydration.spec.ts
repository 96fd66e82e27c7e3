// Prerendered pages come alive without being rebuilt: React hydrates the markup as it is (no
// element of the page's content is replaced, no console error or hydration warning, nothing
// fetched twice), and navigation afterwards stays in the page, as before prerendering.
import { test, expect } from './support/fixtures'
import { t } from './support/catalog'
import { pageUrl, publicPages, urlForms } from './support/pages'
import { Site } from './support/site'
import { followServiceCard } from './support/assertions'
import type { Locale } from '../../src/lib/locale'

declare global {
  interface Window {
    __replaced?: string[]
    __sameDocument?: boolean
    __frame?: Element[]
  }
}

/** Records every heading, main, header or footer element taken out of the page. */
function watchReplacements() {
  window.__replaced = []
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.removedNodes) {
        if (!(node instanceof Element)) continue
        const hit = node.matches('h1, h2, main, header, footer')
          ? node
          : node.querySelector('h1, h2, main, header, footer')
        if (hit) window.__replaced!.push(`${hit.tagName} ${hit.textContent?.slice(0, 40)}`)
      }
    }
  }).observe(document, { childList: true, subtree: true })
}

for (const form of urlForms) {
  const lng: Locale = form === 'bare' ? 'en' : form
  test.describe(`${form} URLs`, () => {
    test.use({ locale: lng === 'en' ? 'en-GB' : 'es-ES' })

    test(`every public page hydrates in place (${lng})`, async ({ page }) => {
      await page.addInitScript(watchReplacements)
      const requests: string[] = []
      page.on('request', (request) => {
        const { pathname } = new URL(request.url())
        if (!pathname.startsWith('/assets/')) requests.push(pathname)
      })
      const site = new Site(page, lng)
      for (const expected of publicPages) {
        const url = pageUrl(expected.path, form)
        await test.step(url, async () => {
          requests.length = 0
          await page.goto(url)
          await expect(page.locator('html[data-hydrated]')).toHaveCount(1)
          await expect(site.h1).toHaveText(t(lng, expected.h1))
          expect(await page.evaluate(() => window.__replaced), `elements replaced on ${url}`).toEqual([])
          // The document and the icon; no data, nothing twice. The catalog it needs to hydrate is a
          // hashed file under /assets/ (routing-i18n.spec.ts follows it).
          expect(
            requests.filter((path) => path !== '/favicon.svg'),
            url,
          ).toEqual([url])
          // Live: the language buttons replaced the no-JavaScript links.
          await expect(site.langButton(lng)).toHaveAttribute('aria-pressed', 'true')
        })
      }
    })
  })
}

test('after hydration, links navigate inside the page', async ({ page }) => {
  const site = new Site(page, 'es')
  await page.goto('/es')
  await page.evaluate(() => (window.__sameDocument = true))
  await followServiceCard(site)
  await site.footer.getByRole('link', { name: t('es', 'Legal notice') }).click()
  await expect(page).toHaveURL('/es/legal/notice')
  await expect(site.h1).toHaveText(t('es', 'Legal notice'))
  expect(await page.evaluate(() => window.__sameDocument)).toBe(true)
})

// The public pages' app routes only the marketing pages (decision 0025): a link elsewhere loads
// its page as a document, from the app that has its routes, and Back comes back in place.
test('a link from a public page to the sign-in page loads it as a document; Back returns', async ({ page }) => {
  const site = new Site(page, 'es')
  await page.goto('/es/services/governance')
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1)
  await page.evaluate(() => (window.__sameDocument = true))
  // Hovering preloads the link's target on the public pages: here there is none to preload.
  await site.banner.getByRole('link', { name: t('es', 'Client portal') }).hover()
  await site.banner.getByRole('link', { name: t('es', 'Client portal') }).click()
  await expect(page).toHaveURL('/es/client-portal/login')
  await expect(page.getByRole('button', { name: t('es', 'Sign in'), exact: true })).toBeVisible()
  expect(await page.evaluate(() => window.__sameDocument)).toBeUndefined()
  await page.goBack()
  await expect(page).toHaveURL('/es/services/governance')
  await expect(site.h1).toHaveText(t('es', publicPages.find((p) => p.path === '/services/governance')!.h1))
})

test("without a language prefix, the footer's portal link leaves the public pages too", async ({ page }) => {
  const site = new Site(page, 'en')
  await page.goto('/services/governance')
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1)
  await page.evaluate(() => (window.__sameDocument = true))
  // "client-portal" could pass for the optional language segment: it is not one of ours.
  await site.footer.getByRole('link', { name: t('en', 'Client portal') }).click()
  await expect(page).toHaveURL('/client-portal/login')
  await expect(page.getByRole('button', { name: t('en', 'Sign in'), exact: true })).toBeVisible()
  expect(await page.evaluate(() => window.__sameDocument)).toBeUndefined()
})

// The other way, the app has every route: from a sign-in page a public page opens in the page.
// The sign-in pages' layout (_sign-in) renders the same frame as the public pages' (_site,
// decision 0054): the header and the footer are kept, not rebuilt, and reading starts at <main>.
test('from the sign-in page, a public page opens in the page, in the same header and footer', async ({ page }) => {
  const site = new Site(page, 'en')
  await page.goto('/en/client-portal/login')
  await expect(page.getByRole('button', { name: t('en', 'Sign in'), exact: true })).toBeVisible()
  await page.evaluate(() => {
    window.__sameDocument = true
    window.__frame = [document.querySelector('header')!, document.querySelector('footer')!]
  })
  await site.footer.getByRole('link', { name: t('en', 'Legal notice') }).click()
  await expect(page).toHaveURL('/en/legal/notice')
  await expect(site.h1).toHaveText(t('en', 'Legal notice'))
  await expect(site.main).toBeFocused()
  expect(await page.evaluate(() => window.__sameDocument)).toBe(true)
  expect(
    await page.evaluate(() =>
      window.__frame!.map((element) => element.isConnected && document.querySelector(element.localName) === element),
    ),
    'the header and the footer are the same elements',
  ).toEqual([true, true])
})
