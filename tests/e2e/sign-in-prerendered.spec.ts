// The sign-in pages arrive as HTML (decision 0031): the form is on screen and can be typed into
// before any of the app's code has arrived, what was typed survives the app's start (hydration),
// and it is sent once the app runs; until then its buttons wait. Without JavaScript the page says
// it needs it. If the app cannot start, the error screen replaces the form (error-screen.spec.ts).
// The pages an e-mail link opens (reset password, invitation, sign-in link) too (decision 0048):
// their first state does not depend on the link, and the page moves nothing once it has read it.
import type { Page, Route } from '@playwright/test'
import { test, expect, SignInPage, ForgotPasswordPage, ResetPasswordPage, exactPath, paths } from './support/auth'
import { expectNoAxeViolations } from './support/a11y'
import { layoutShiftSoFar } from './support/layout-shift'
import { t } from './support/catalog'
import { createClientUser, demoUsers } from './support/users'
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

test('the reset page can be typed into while its link is checked, and keeps it (es, 375 px)', async ({
  page,
  admin,
  baseURL,
}) => {
  await page.setViewportSize({ width: 375, height: 812 })
  const user = await createClientUser(admin, { locale: 'es' })
  const newPassword = `typed-early-${user.id.slice(0, 8)}`
  const { data, error } = await admin.auth.admin.generateLink({
    type: 'recovery',
    email: user.email,
    options: { redirectTo: new URL(paths.reset('es'), baseURL).href },
  })
  expect(error).toBeNull()
  const held = await holdBackApp(page)
  const opened = page.goto(data.properties!.action_link)
  const reset = new ResetPasswordPage(page, 'es')
  await expect(reset.heading).toBeVisible()
  await expect(page.locator('html')).not.toHaveAttribute('data-hydrated')
  // The button waits while the link is checked: an early Enter sends nothing.
  await expect(page.getByText(t('es', 'Checking your link...'), { exact: true })).toBeVisible()
  await expect(reset.save).toBeDisabled()
  await reset.newPassword.pressSequentially(newPassword)
  await reset.repeat.pressSequentially(newPassword)
  await expect.poll(() => held.requested.length, { message: 'the app was asked for, and held back' }).toBe(1)

  held.release()
  await opened
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '')
  await expect(reset.save).toBeEnabled()
  await expect(reset.newPassword).toHaveValue(newPassword)
  await expect(reset.repeat).toHaveValue(newPassword)
  await expect(reset.rule('Both entries match')).toContainText(t('es', '(met)'))
  await expect(page.getByText(t('es', 'Checking your link...'), { exact: true })).toHaveCount(0)
  expect(await layoutShiftSoFar(page), 'layout shift on the reset page once its link is read').toBe(0)
  await expectNoAxeViolations(page, 'the prerendered reset page with its link read')
  await reset.save.click()
  await expect(page).toHaveURL(exactPath(paths.dashboard('es')))
})

/** When the page's largest paints so far happened (ms since it started loading). */
async function largestPaints(page: Page): Promise<number[]> {
  return page.evaluate(
    () =>
      new Promise<number[]>((resolve) => {
        // Only an observer reads these (buffered: those reported before it, too).
        new PerformanceObserver((list) => resolve(list.getEntries().map((entry) => entry.startTime))).observe({
          type: 'largest-contentful-paint',
          buffered: true,
        })
        setTimeout(() => resolve([]), 300)
      }),
  )
}

test('opened without a link, the link pages say so in their first paint, before their scripts (es, 375 px)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 })
  const pages = [
    {
      path: '/es/reset-password',
      // Literal Spanish, independent of the catalogs.
      says: 'Abra esta página desde el enlace de su correo para elegir una nueva contraseña.',
      away: page.getByLabel('Nueva contraseña', { exact: true }),
    },
    {
      path: '/es/confirm',
      says: 'Este enlace está incompleto. Copie el enlace completo del correo o pida uno nuevo.',
      away: page.getByRole('button', { name: 'Iniciar sesión', exact: true }),
    },
  ]
  for (const { path, says, away } of pages) {
    const held = await holdBackApp(page)
    const opened = page.goto(path)
    await expect(page.getByRole('alert')).toHaveText(says)
    await expect(away).toBeHidden()
    await expect(page.locator('html')).not.toHaveAttribute('data-hydrated')
    await expect(page.locator('html')).toHaveAttribute('data-link', 'none')
    await expect.poll(() => held.requested.length, { message: 'the app was asked for, and held back' }).toBe(1)
    const beforeApp = await page.evaluate(() => performance.now())

    held.release()
    await opened
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', '')
    // The app says the same in the same place, and drops the first script's mark.
    await expect(page.locator('html')).not.toHaveAttribute('data-link')
    await expect(page.getByRole('alert')).toHaveText(says)
    await expect(away).toBeHidden()
    const paints = await largestPaints(page)
    expect(paints.length, `${path}: a largest paint`).toBeGreaterThan(0)
    expect(Math.max(...paints), `${path}: the largest paint came before the app`).toBeLessThan(beforeApp)
    expect(await layoutShiftSoFar(page), `${path}: layout shift`).toBe(0)
    await expectNoAxeViolations(page, `${path} opened without a link`)
  }
  await page.getByRole('link', { name: 'Volver a iniciar sesión' }).click()
  await expect(page).toHaveURL(exactPath(paths.login('es')))
})

test('the link pages move nothing once they have read the link; a sign-in link works from the held page (en, 1366 px)', async ({
  page,
  admin,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 })
  // Opened without a link (as Lighthouse measures them): the page says so in place.
  await page.goto('/en/reset-password')
  const reset = new ResetPasswordPage(page, 'en')
  await expect(reset.alert).toHaveText(t('en', 'Open this page from the link in your e-mail to choose a new password.'))
  await expect(reset.newPassword).toBeHidden()
  expect(await layoutShiftSoFar(page), 'layout shift on the reset page without a link').toBe(0)
  await page.goto('/en/confirm')
  await expect(page.getByRole('alert')).toHaveText(
    t('en', 'This link is incomplete. Copy the whole link from the e-mail, or ask for a new one.'),
  )
  expect(await layoutShiftSoFar(page), 'layout shift on an incomplete sign-in link').toBe(0)
  await expectNoAxeViolations(page, 'an incomplete sign-in link')

  const user = await createClientUser(admin, { locale: 'en' })
  const { data, error } = await admin.auth.admin.generateLink({ type: 'magiclink', email: user.email })
  expect(error).toBeNull()
  const held = await holdBackApp(page)
  const opened = page.goto(`/en/confirm?token_hash=${data.properties!.hashed_token}&type=magiclink`)
  const heading = page.getByRole('heading', { level: 1, name: t('en', 'Sign in with your link') })
  await expect(heading).toBeVisible()
  const signIn = page.getByRole('button', { name: t('en', 'Sign in'), exact: true })
  await expect(signIn).toBeDisabled()
  await expect.poll(() => held.requested.length, { message: 'the app was asked for, and held back' }).toBe(1)
  held.release()
  await opened
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '')
  expect(await layoutShiftSoFar(page), 'layout shift on the sign-in link page').toBe(0)
  await signIn.click()
  await expect(page).toHaveURL(exactPath(paths.dashboard('en')))
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

  test('the pages an e-mail link opens are there in both languages, the same for every link', async ({ page }) => {
    for (const lng of ['es', 'en'] as const) {
      // The fragment never reaches the server, nor a static host's rules: the page is the same.
      expect((await page.goto(`${paths.reset(lng)}#access_token=x&type=invite`))?.status()).toBe(200)
      await expect(new ResetPasswordPage(page, lng).heading).toBeVisible()
      await expect(page.getByLabel(t(lng, 'New password'), { exact: true })).toBeEditable()
      await expect(page.getByText(t(lng, 'Checking your link...'), { exact: true })).toBeVisible()
      await expect(new ResetPasswordPage(page, lng).save).toBeDisabled()
      expect((await page.goto(`/${lng}/confirm?token_hash=x&type=magiclink`))?.status()).toBe(200)
      await expect(page.getByRole('heading', { level: 1, name: t(lng, 'Sign in with your link') })).toBeVisible()
      await expect(page.locator('html')).toHaveAttribute('lang', lng)
    }
  })
})
