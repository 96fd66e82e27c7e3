// The sign-in pages arrive as HTML (decision 0031): the form is on screen and can be typed into
// before any of the app's code has arrived, what was typed survives the app's start (hydration),
// and it is sent once the app runs; until then its buttons wait. Without JavaScript the page says
// it needs it. If the app cannot start, the error screen replaces the form (error-screen.spec.ts).
import type { Page, Route } from '@playwright/test'
import { test, expect } from './support/fixtures'
import { SignInPage, ForgotPasswordPage, exactPath, paths } from './support/auth'
import { demoUsers } from './support/users'
import { withLangPrefix } from '../../src/lib/pages'
import type { Locale } from '../../src/lib/locale'

/** Holds the app's chunk back until `release()`: the page is then its prerendered HTML alone. */
async function holdBackApp(page: Page) {
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  const requested: string[] = []
  await page.route(/\/assets\/app-[\w-]+\.js$/, async (route: Route) => {
    requested.push(route.request().url())
    await released
    await route.continue()
  })
  return { release, requested }
}

const cases: { lng: Locale; audience: 'client' | 'staff'; account: keyof typeof demoUsers; home: string }[] = [
  { lng: 'es', audience: 'client', account: 'lucia', home: paths.dashboard('es') },
  { lng: 'en', audience: 'staff', account: 'admin', home: paths.adminDashboard('en') },
]

for (const { lng, audience, account, home } of cases) {
  test(`the ${audience} sign-in page can be typed into before its scripts arrive, and keeps it (${lng})`, async ({
    page,
  }) => {
    const user = demoUsers[account]
    const held = await holdBackApp(page)
    const url = audience === 'client' ? paths.login(lng) : paths.adminLogin(lng)
    // Not awaited: the tests' goto waits for the app, which is held back.
    const opened = page.goto(url)
    const signIn = new SignInPage(page, lng, audience)
    await expect(signIn.heading).toBeVisible()
    await expect(page.locator('html')).not.toHaveAttribute('data-hydrated')
    await expect(signIn.submit).toBeDisabled()
    await signIn.email.pressSequentially(user.email)
    await signIn.password.pressSequentially(user.password)
    // The page asks for the app once it has painted: possibly only now, after the typing.
    await expect.poll(() => held.requested.length, { message: 'the app was asked for, and held back' }).toBe(1)

    held.release()
    await opened
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', '')
    await expect(signIn.email).toHaveValue(user.email)
    await expect(signIn.password).toHaveValue(user.password)
    await signIn.submit.click()
    await expect(page).toHaveURL(exactPath(home))
  })
}

test('the forgot-password page keeps an address typed before its scripts arrive (en, unprefixed)', async ({ page }) => {
  await page.context().setExtraHTTPHeaders({ 'Accept-Language': 'en-GB,en;q=0.9' })
  const held = await holdBackApp(page)
  const opened = page.goto('/client-portal/forgot-password')
  const forgot = new ForgotPasswordPage(page, 'en')
  await expect(forgot.heading).toBeVisible()
  await expect(forgot.submit).toBeDisabled()
  await forgot.email.pressSequentially('someone@example.com')
  held.release()
  await opened
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '')
  await expect(forgot.email).toHaveValue('someone@example.com')
  await expect(forgot.submit).toBeEnabled()
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the sign-in page is there in the page language, and carries the notice that it needs JavaScript', async ({
    page,
  }) => {
    for (const lng of ['es', 'en'] as const) {
      const response = await page.goto(withLangPrefix('/admin/login', lng))
      expect(response?.status()).toBe(200)
      await expect(new SignInPage(page, lng, 'staff').heading).toBeVisible()
      await expect(page.locator('html')).toHaveAttribute('lang', lng)
      // (Chromium with scripts turned off by the test still parses <noscript> as text: read, not seen.)
      expect(await response!.text()).toContain(
        '<noscript>Este sitio necesita JavaScript. / This site needs JavaScript.</noscript>',
      )
    }
  })
})
