// Every public page in its three URL forms (/x, /es/x, /en/x), language detection for
// unprefixed URLs, the ES | EN switch, prefix-preserving links and the runtime catalogs.
import { test, expect } from './support/fixtures'
import { expectPageIn } from './support/assertions'
import { catalog, messageId, t } from './support/catalog'
import { findPage, pageUrl, publicPages, urlForms } from './support/pages'
import { Site } from './support/site'
import { publicPagePaths, withLangPrefix } from '../../src/lib/pages'
import { localeStorageKey, type Locale } from '../../src/lib/locale'

/** The English catalog, a hashed asset (src/lib/catalog-urls.ts). */
const englishCatalog = /\/assets\/catalog-en-[\w-]+\.json$/

test.describe('public pages in every URL form', () => {
  test.use({ locale: 'es-ES' })

  for (const expected of publicPages) {
    const urls = urlForms.map((form) => pageUrl(expected.path, form))
    test(`${urls.join(', ')} show the right page in the right language`, async ({ page }) => {
      for (const form of urlForms) {
        const url = pageUrl(expected.path, form)
        const lng: Locale = form === 'bare' ? 'es' : form
        await test.step(`${url} in ${lng}`, async () => {
          const response = await page.goto(url)
          expect(response?.status(), `HTTP status of ${url}`).toBe(200)
          await expectPageIn(page, expected, lng)
        })
      }
    })
  }
})

// English is checked on every page; for the Spanish outcomes (a regional Spanish, an unsupported
// language) detection is what is under test, so three representative pages suffice.
const browserLocales: { locale: string; lng: Locale; paths: readonly string[] }[] = [
  { locale: 'en-US', lng: 'en', paths: publicPages.map((page) => page.path) },
  { locale: 'es-419', lng: 'es', paths: ['/', '/services/governance', '/contact'] },
  { locale: 'de-DE', lng: 'es', paths: ['/', '/specializations/customer-intelligence', '/contact'] },
]

for (const { locale, lng, paths } of browserLocales) {
  test.describe(`browser language ${locale}`, () => {
    test.use({ locale })

    test(`unprefixed pages are shown in ${lng}`, async ({ page }) => {
      expect(await page.evaluate(() => navigator.language)).toBe(locale)
      for (const path of paths) {
        await test.step(path, async () => {
          await page.goto(path)
          await expectPageIn(page, findPage(path), lng)
        })
      }
    })
  })
}

test.describe('detection order', () => {
  test.use({ locale: 'en-US' })

  test('a stored choice beats the browser language on unprefixed URLs', async ({ page }) => {
    await page.addInitScript((key) => localStorage.setItem(key, 'es'), localeStorageKey)
    await page.goto('/contact')
    await expectPageIn(page, findPage('/contact'), 'es')
  })

  test('the URL prefix beats the stored choice', async ({ page }) => {
    await page.addInitScript((key) => localStorage.setItem(key, 'es'), localeStorageKey)
    await page.goto('/en/services/governance')
    await expectPageIn(page, findPage('/services/governance'), 'en')
  })
})

test.describe('language switch', () => {
  test.use({ locale: 'es-ES' })
  const contact = findPage('/contact')

  test('on /es/contact, EN moves to /en/contact in English', async ({ page }) => {
    const { site } = await Site.open(page, '/es/contact', 'es')
    await expect(site.langButton('es')).toHaveAttribute('aria-pressed', 'true')
    await expect(site.langButton('en')).toHaveAttribute('aria-pressed', 'false')

    await site.langButton('en').click()

    await expect(page).toHaveURL('/en/contact')
    await expectPageIn(page, contact, 'en')
    await expect(site.langButton('en')).toHaveAttribute('aria-pressed', 'true')
    await expect(site.langButton('es')).toHaveAttribute('aria-pressed', 'false')
    await expectFrameLinksIn(site, 'en')
  })

  test('on /en/contact, ES moves back to /es/contact in Spanish', async ({ page }) => {
    const { site } = await Site.open(page, '/en/contact', 'en')
    await site.langButton('es').click()
    await expect(page).toHaveURL('/es/contact')
    await expectPageIn(page, contact, 'es')
  })

  test('on unprefixed /contact, EN switches in place and is remembered', async ({ page }) => {
    const { site } = await Site.open(page, '/contact', 'es')
    await expectPageIn(page, contact, 'es')

    await site.langButton('en').click()

    await expect(site.h1).toHaveText(t('en', contact.h1))
    await expect(page).toHaveURL('/contact')
    await expectPageIn(page, contact, 'en')
    await expect(site.langButton('en')).toHaveAttribute('aria-pressed', 'true')
    // The frame follows too, not only the page content.
    await expect(site.in('en').services.trigger).toBeVisible()
    expect(await page.evaluate((key) => localStorage.getItem(key), localeStorageKey)).toBe('en')

    await expectFrameLinksIn(site, undefined) // English now, and still unprefixed

    await page.reload()
    await expect(page).toHaveURL('/contact')
    await expectPageIn(page, contact, 'en')
  })
})

// Each case study is linked from its services and the list, not from the header or the footer.
const framePaths = [
  ...publicPagePaths.filter((path) => !path.startsWith('/case-studies/')),
  '/client-portal/login',
  '/admin',
]

/** Every same-site link of the header and footer points into the given prefix form, and all are there. */
async function expectFrameLinksIn(site: Site, prefix: Locale | undefined) {
  const expected = new Set(framePaths.map((path) => withLangPrefix(path, prefix)))
  await expect.poll(async () => new Set(await site.frameLinkHrefs())).toEqual(expected)
}

test.describe('language switch, afterwards', () => {
  test.use({ locale: 'es-ES' })

  test('after switching in place, client-side navigation stays in the chosen language', async ({ page }) => {
    const { site } = await Site.open(page, '/contact', 'es')
    await site.langButton('en').click()
    await expect(site.h1).toHaveText(t('en', findPage('/contact').h1))
    const governance = findPage('/services/governance')
    await site.footer.getByRole('link', { name: t('en', governance.title), exact: true }).click()
    await expect(page).toHaveURL('/services/governance')
    await expectPageIn(page, governance, 'en')
  })

  test('Back after switching /es/contact to /en/contact shows Spanish again', async ({ page }) => {
    const { site } = await Site.open(page, '/es/contact', 'es')
    await site.langButton('en').click()
    await expect(page).toHaveURL('/en/contact')
    await page.goBack()
    await expect(page).toHaveURL('/es/contact')
    await expectPageIn(page, findPage('/contact'), 'es')
    await expect(site.langButton('es')).toHaveAttribute('aria-pressed', 'true')
  })
})

test.describe('language switch, interrupted', () => {
  test.use({ locale: 'es-ES' })

  test('Back before the English catalog arrives leaves /es/contact in Spanish', async ({ page }) => {
    const { site } = await Site.open(page, '/es/contact', 'es')
    let releaseCatalog!: () => void
    const catalogHeld = new Promise<void>((resolve) => (releaseCatalog = resolve))
    const catalogRequested = page.waitForRequest(englishCatalog)
    await page.route(englishCatalog, async (route) => {
      await catalogHeld
      await route.continue()
    })

    await site.langButton('en').click()
    await catalogRequested
    await expect(page).toHaveURL('/en/contact')
    await page.goBack()
    await expect(page).toHaveURL('/es/contact')
    await expectPageIn(page, findPage('/contact'), 'es')

    // Now let the late catalog in, and wait until the page has handled it and gone idle.
    const catalogResponse = page.waitForResponse(englishCatalog)
    releaseCatalog()
    await (await catalogResponse).finished()
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 2000 })))

    expect(await site.html.getAttribute('lang')).toBe('es')
    expect(await site.h1.textContent()).toBe(t('es', findPage('/contact').h1))
    await expect(site.langButton('es')).toHaveAttribute('aria-pressed', 'true')
  })
})

test.describe('links keep the URL form', () => {
  test.use({ locale: 'es-ES' })

  for (const prefix of [undefined, 'es', 'en'] as const) {
    const url = withLangPrefix('/services/data-engineering', prefix)
    test(`header and footer links on ${url} are ${prefix ? `under /${prefix}` : 'unprefixed'}`, async ({ page }) => {
      const { site } = await Site.open(page, url, prefix ?? 'es')
      await expectFrameLinksIn(site, prefix)
    })
  }
})

test.describe('runtime catalogs', () => {
  test.use({ locale: 'es-ES' })

  test('an English page loads the English catalog, kept for good, and shows its messages', async ({ page }) => {
    const contact = findPage('/contact')
    const catalogResponse = page.waitForResponse((response) => englishCatalog.test(new URL(response.url()).pathname))
    await page.goto('/en/contact')
    const response = await catalogResponse
    expect(response.status()).toBe(200)
    expect(response.headers()['content-type']).toContain('application/json')
    // Its name carries its content's hash: a returning visit takes it from the cache, asking nothing.
    expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable')
    const body = (await response.json()) as { messages: Record<string, unknown> }
    expect(body.messages[messageId(contact.h1)]).toEqual(catalog('en')[messageId(contact.h1)])
    await expect(new Site(page, 'en').h1).toHaveText(t('en', contact.h1))
  })

  test('a Spanish page loads only the Spanish catalog', async ({ page }) => {
    const catalogsRequested: string[] = []
    page.on('request', (request) => {
      const { pathname } = new URL(request.url())
      if (/\/catalog-\w+-/.test(pathname)) catalogsRequested.push(pathname)
    })
    const { site } = await Site.open(page, '/es', 'es')
    await expect(site.h1).toHaveText(t('es', findPage('/').h1))
    expect(catalogsRequested).toHaveLength(1)
    expect(catalogsRequested[0]).toMatch(/^\/assets\/catalog-es-[\w-]+\.json$/)
  })
})

test.describe('index.html head', () => {
  test.use({ locale: 'en-US' })

  test('an English page has one <title> and one meta description, both in English', async ({ page }) => {
    const home = findPage('/')
    await Site.open(page, '/en', 'en')
    await expectPageIn(page, home, 'en') // the router's own tags are in place; now count them
    expect(await page.locator('head title').count()).toBe(1)
    const descriptions = page.locator('meta[name="description"]')
    expect(await descriptions.evaluateAll((metas) => metas.map((meta) => meta.getAttribute('content')))).toEqual([
      t('en', home.description),
    ])
  })
})
