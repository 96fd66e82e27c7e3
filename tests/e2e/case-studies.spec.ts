// Case studies (issue 25, item 6; decision 0041): a visitor on a phone goes from the list to a
// case, on to a service the case involved and back; a visitor on a laptop finds a case from a
// service page's "Case studies" block by keyboard alone, and the header leads to the list. Spanish
// at 375 px, English at 1366 px, axe on every screen. The pages' heads, JSON-LD, sitemap entries,
// share images and no-JavaScript rendering are checked with every public page (seo.spec.ts,
// no-javascript.spec.ts, hydration.spec.ts), which take them from the page list.
import { expectNoAxeViolations } from './support/a11y'
import { test, expect } from './support/fixtures'
import { t } from './support/catalog'
import { findPage } from './support/pages'
import { Site } from './support/site'

test.describe('Spanish, on a phone', () => {
  test.use({ locale: 'es-ES', viewport: { width: 375, height: 812 } })

  test('the list leads to a case, the case to its service, and back (es, 375px)', async ({ page }) => {
    const { site } = await Site.open(page, '/es/case-studies', 'es')
    await expect(site.h1).toHaveText(t('es', findPage('/case-studies').h1))
    const cards = site.main.getByRole('list').first().getByRole('listitem')
    await expect(cards).toHaveCount(3)
    await expect(cards.first()).toContainText(t('es', 'Retail'))
    await expectNoAxeViolations(page, 'case studies list (es, 375px)')

    await site.main.getByRole('link', { name: t('es', 'Retail: one version of sales across 64 stores') }).click()
    await expect(page).toHaveURL('/es/case-studies/regional-retail-chain')
    await expect(site.h1).toHaveText(t('es', findPage('/case-studies/regional-retail-chain').h1))
    // Client and sector, the problem, what was built, and the measured results as a list of figures.
    await expect(site.main.getByText(t('es', 'Client'), { exact: true })).toBeVisible()
    for (const heading of ['The problem', 'What we built', 'Measured results']) {
      await expect(site.main.getByRole('heading', { level: 2, name: t('es', heading) })).toBeVisible()
    }
    const results = site.main.getByRole('heading', { name: t('es', 'Measured results') }).locator('xpath=..')
    await expect(results.getByRole('term')).toHaveCount(4)
    await expect(results.getByRole('term').first()).toHaveText(t('es', '2 days → 0'))
    await expectNoAxeViolations(page, 'a case study (es, 375px)')

    const involved = site.main.getByRole('heading', { name: t('es', 'Services and specializations involved') })
    await involved
      .locator('xpath=..')
      .getByRole('link', { name: t('es', 'Business intelligence') })
      .click()
    await expect(page).toHaveURL('/es/services/business-intelligence')
    const block = site.main.getByRole('region', { name: t('es', 'Case studies') })
    await expect(
      block.getByRole('link', { name: t('es', 'Retail: one version of sales across 64 stores') }),
    ).toBeVisible()
    await expectNoAxeViolations(page, 'a service with its case studies (es, 375px)')

    await page.goBack()
    await expect(page).toHaveURL('/es/case-studies/regional-retail-chain')
    await expect(site.h1).toHaveText(t('es', findPage('/case-studies/regional-retail-chain').h1))
    // The contact call at the end of the case.
    await site.main.getByRole('link', { name: t('es', 'Contact us'), exact: true }).click()
    await expect(page).toHaveURL('/es/contact')
  })
})

test.describe('English, on a laptop', () => {
  test.use({ locale: 'en-GB', viewport: { width: 1366, height: 900 } })

  test('a service page leads to its case by keyboard; the header leads to the list (en, 1366px)', async ({
    page,
    request,
  }) => {
    const { site } = await Site.open(page, '/en/services/governance', 'en')
    await expect(page.locator('html[data-hydrated]')).toHaveCount(1)
    const title = t('en', 'Healthcare: patient data with owners and audited access')
    const caseLink = site.main.getByRole('region', { name: t('en', 'Case studies') }).getByRole('link', { name: title })
    await expect(caseLink).toBeVisible()
    await expectNoAxeViolations(page, 'a service with its case studies (en, 1366px)')

    // Keyboard alone: Tab from the top of the page reaches the case's link, Enter opens it.
    await page.keyboard.press('Tab')
    for (let presses = 0; presses < 120; presses++) {
      if (await caseLink.evaluate((link) => link === document.activeElement)) break
      await page.keyboard.press('Tab')
    }
    await expect(caseLink).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL('/en/case-studies/private-clinic-network')
    await expect(site.h1).toHaveText(t('en', findPage('/case-studies/private-clinic-network').h1))
    const involved = site.main.getByRole('heading', { name: t('en', 'Services and specializations involved') })
    await expect(involved.locator('xpath=..').getByRole('link', { name: t('en', 'Data governance') })).toHaveAttribute(
      'href',
      '/en/services/governance',
    )
    await expectNoAxeViolations(page, 'a case study (en, 1366px)')

    // The header's link to every case study, marked as the current page once there.
    const headerLink = site.banner.getByRole('link', { name: t('en', 'Case studies'), exact: true })
    await expect(headerLink).not.toHaveAttribute('aria-current')
    await headerLink.focus()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL('/en/case-studies')
    await expect(site.h1).toHaveText(t('en', findPage('/case-studies').h1))
    await expect(headerLink).toHaveAttribute('aria-current', 'page')
    await expectNoAxeViolations(page, 'case studies list (en, 1366px)')

    // An unknown case is the 404 page, not an empty case.
    expect((await request.get('/en/case-studies/unknown-client')).status()).toBe(404)
  })
})
