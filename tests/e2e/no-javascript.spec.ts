// The public site with JavaScript turned off, as a reader whose scripts failed, a crawler or a
// cautious visitor sees it: every page in both languages is there in full (heading, body text,
// header and footer), its links lead where they say, the menus and the language switch degrade to
// plain links, and the contact form is sent as a plain POST that reaches the staff.
import { test, expect, allowConsoleErrors } from './support/fixtures'
import { t } from './support/catalog'
import { contactForm, fillValid, visitor } from './support/contact'
import { inbox } from './support/mail'
import { pageUrl, publicPages } from './support/pages'
import { serviceClient } from './support/users'
import { Site } from './support/site'
import { followServiceCard } from './support/assertions'
import { withLangPrefix } from '../../src/lib/pages'
import type { Locale } from '../../src/lib/locale'

test.use({ javaScriptEnabled: false })

const locales: Locale[] = ['es', 'en']

for (const lng of locales) {
  test(`every public page is complete without JavaScript (${lng})`, async ({ page }) => {
    const site = new Site(page, lng)
    for (const expected of publicPages) {
      const url = pageUrl(expected.path, lng)
      await test.step(url, async () => {
        const response = await page.goto(url)
        expect(response?.status()).toBe(200)
        await expect(site.h1).toHaveText(t(lng, expected.h1))
        await expect(site.html).toHaveAttribute('lang', lng)
        // Body text, not just a heading: every page has paragraphs of its own.
        const text = await site.main.innerText()
        expect(text.length, `text on ${url}`).toBeGreaterThan(400)
        await expect(site.banner).toBeVisible()
        await expect(site.footer).toBeVisible()
      })
    }
  })
}

test('links, menus and the language switch work as plain links', async ({ page }) => {
  const site = new Site(page, 'es')
  await page.goto('/es')
  // A service card, then the footer's contact link: each a full page load.
  await followServiceCard(site)
  await site.footer.getByRole('link', { name: t('es', 'Contact'), exact: true }).click()
  await expect(page).toHaveURL('/es/contact')
  // The Services trigger leads to the footer's list of services.
  await site.banner.getByRole('link', { name: t('es', 'Services'), exact: true }).click()
  await expect(page).toHaveURL('/es/contact#site-services')
  await expect(site.footer.getByRole('navigation', { name: t('es', 'Services') })).toBeInViewport()
  // The language switch is a link to the same page in the other language.
  await site.banner.getByRole('link', { name: 'English', exact: true }).click()
  await expect(page).toHaveURL('/en/contact')
  await expect(new Site(page, 'en').h1).toHaveText(t('en', publicPages.find((p) => p.path === '/contact')!.h1))
  // The legal pages are linked from the footer.
  await page
    .getByRole('contentinfo')
    .getByRole('link', { name: t('en', 'Privacy policy') })
    .click()
  await expect(page).toHaveURL('/en/legal/privacy')
})

test('on a phone the menu button leads to the footer links', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 })
  const site = new Site(page, 'en')
  await page.goto('/en/specializations/customer-intelligence')
  const menu = site.banner.getByRole('link', { name: t('en', 'Menu'), exact: true })
  await expect(menu).toBeVisible()
  await menu.click()
  await expect(site.footer.getByRole('navigation', { name: t('en', 'Services') })).toBeInViewport()
  await site.footer.getByRole('link', { name: t('en', 'Data governance') }).click()
  await expect(page).toHaveURL('/en/services/governance')
})

test('an unprefixed page without JavaScript is in the language of the cookie, else the browser', async ({
  browser,
  baseURL,
}) => {
  for (const { locale, cookie, lng } of [
    { locale: 'en-GB', cookie: undefined, lng: 'en' as const },
    { locale: 'en-GB', cookie: 'es', lng: 'es' as const },
    { locale: 'es-ES', cookie: 'en', lng: 'en' as const },
  ]) {
    const context = await browser.newContext({ javaScriptEnabled: false, locale })
    if (cookie) await context.addCookies([{ name: 'lang', value: cookie, url: baseURL }])
    const page = await context.newPage()
    await page.goto('/contact')
    await expect(page.locator('html')).toHaveAttribute('lang', lng)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      t(lng, publicPages.find((p) => p.path === '/contact')!.h1),
    )
    await context.close()
  }
})

test.describe('contact form without JavaScript', () => {
  // A form sent with problems is answered 422 (with the form again), which Chromium logs.
  test.use({ locale: 'en-GB', ...allowConsoleErrors(/status of 422/) })

  test('a wrong form comes back with the problems beside the fields and the input kept; nothing is sent', async ({
    page,
  }) => {
    await page.goto('/en/contact')
    const form = contactForm(page, 'en')
    await form.name.fill('Ada')
    await form.email.fill('not-an-address')
    await form.submit.click()
    await expect(page).toHaveURL('/en/contact')
    await expect(form.summary).toContainText(t('en', 'Enter an e-mail address like name@company.com.'))
    await expect(form.summary).toContainText(t('en', 'Write your message.'))
    await expect(form.name).toHaveValue('Ada')
    await expect(form.email).toHaveValue('not-an-address')
    await expect(form.email).toHaveAttribute('aria-invalid', 'true')
  })

  test('a message sent without JavaScript is stored and reaches the staff', async ({ page, request, apiURL }) => {
    await page.goto(withLangPrefix('/contact', 'es'))
    const opened = Date.now()
    const who = visitor('es')
    const form = await fillValid(page, 'es', who)
    // A person takes longer than the time trap (3 s) to write.
    await page.waitForTimeout(Math.max(0, opened + 3300 - Date.now()))
    await form.submit.click()
    await expect(
      page.getByRole('heading', {
        name: t('es', 'Thank you, {sentBy}. Your message has been sent.', { sentBy: who.name }),
      }),
    ).toBeVisible()

    const { data: rows } = await serviceClient(apiURL)
      .from('contact_messages')
      .select('name, company, interest, message, locale, privacy_accepted')
      .eq('email', who.email)
    expect(rows).toEqual([
      {
        name: who.name,
        company: who.company,
        interest: who.interest,
        message: who.message,
        locale: 'es',
        privacy_accepted: true,
      },
    ])
    await expect
      .poll(async () => (await inbox(request, apiURL)).filter((mail) => mail.text.includes(who.email)).length, {
        message: 'staff e-mailed about the lead',
        timeout: 20_000,
      })
      .toBeGreaterThan(0)
  })
})
