// Signing in and the guards: the portal's login in every URL form, wrong passwords, the
// remembered destination (same-origin only), the wrong-role and no-user redirects, and the
// guards' waiting spinners. Demo accounts only, read-only.
import type { Page } from '@playwright/test'
import { allowConsoleErrors } from './support/fixtures'
import {
  test,
  expect,
  exactPath,
  guardSpinner,
  paths,
  signIn,
  storedSession,
  PortalPage,
  SignInPage,
  UserMenu,
} from './support/auth'
import { t } from './support/catalog'
import { demoUsers, projectsOf, organizations } from './support/users'

// The unprefixed URLs take the browser's language.
test.use({ locale: 'es-ES' })

test.describe('sign-in leads to the dashboard', () => {
  for (const { account, prefix, lng } of [
    { account: demoUsers.lucia, prefix: 'es', lng: 'es' },
    { account: demoUsers.james, prefix: 'en', lng: 'en' },
    { account: demoUsers.lucia, prefix: undefined, lng: 'es' },
  ] as const) {
    const url = paths.login(prefix)
    test(`${account.email} signs in at ${url}`, async ({ page }) => {
      const signInPage = await SignInPage.open(page, url, lng)
      await expect(page.locator('html')).toHaveAttribute('lang', lng)
      expect(await storedSession(page)).toBeNull()

      await signInPage.fill(account.email, account.password)

      await expect(page).toHaveURL(exactPath(paths.dashboard(prefix)))
      const portal = new PortalPage(page, lng)
      await expect(portal.nav).toBeVisible()
      await expect(page.getByText('Almacenes Ribera', { exact: true })).toBeVisible()
      await expect(new UserMenu(page, lng, account.name).trigger).toBeVisible()
      await expect(page.locator('html')).toHaveAttribute('lang', lng)
      expect(await storedSession(page)).not.toBeNull()
    })
  }
})

test.describe('a wrong password', () => {
  // The failed token request is logged by the browser as a failed resource load.
  test.use(allowConsoleErrors(/status of 400/))

  for (const lng of ['es', 'en'] as const) {
    test(`shows the translated error and nothing else happens (${lng})`, async ({ page }) => {
      const signInPage = await SignInPage.open(page, paths.login(lng), lng)
      const tokenRequests: number[] = []
      page.on('response', (response) => {
        if (response.url().includes('/auth/v1/token')) tokenRequests.push(response.status())
      })

      await signInPage.fill(demoUsers.lucia.email, 'not-the-password')

      await expect(signInPage.alert).toHaveText(t(lng, 'The e-mail or password is not correct.'))
      await expect(signInPage.alert).toBeFocused()
      expect(tokenRequests).toEqual([400])
      await expect(page).toHaveURL(exactPath(paths.login(lng)))
      await expect(signInPage.heading).toBeVisible()
      await expect(signInPage.email).toHaveValue(demoUsers.lucia.email)
      await expect(signInPage.submit).toBeEnabled()
      expect(await storedSession(page)).toBeNull()
      // Still signed out: the portal sends a visitor back to the login.
      await page.goto(paths.dashboard(lng))
      await expect(page).toHaveURL(/\/client-portal\/login\?redirect=/)
    })
  }
})

test.describe('the guarded destination is remembered', () => {
  test('an account page opened signed out comes back after sign-in', async ({ page }) => {
    const target = paths.account('en')
    await page.goto(target)

    await expect(page).toHaveURL(exactPath(`${paths.login('en')}?redirect=${encodeURIComponent(target)}`))
    const signInPage = new SignInPage(page, 'en')
    await expect(signInPage.heading).toBeVisible()
    await signInPage.fill(demoUsers.james.email, demoUsers.james.password)

    await expect(page).toHaveURL(exactPath(target))
    await expect(new PortalPage(page, 'en').nav).toBeVisible()
  })

  test('a project page opened signed out comes back after sign-in', async ({ page, admin }) => {
    const [project] = (await projectsOf(admin, organizations.ribera)).filter((p) => p.visible_to_client)
    const target = paths.project('es', project!.id)
    await page.goto(target)

    await expect(page).toHaveURL(exactPath(`${paths.login('es')}?redirect=${encodeURIComponent(target)}`))
    await new SignInPage(page, 'es').fill(demoUsers.lucia.email, demoUsers.lucia.password)

    await expect(page).toHaveURL(exactPath(target))
    await expect(page.getByRole('heading', { level: 1, name: project!.name })).toBeVisible()
  })

  for (const redirect of ['https://evil.example/steal', '//evil.example/steal', '/\\evil.example']) {
    test(`an outside redirect (${redirect}) is ignored`, async ({ page }) => {
      const signInPage = await SignInPage.open(
        page,
        `${paths.login('en')}?redirect=${encodeURIComponent(redirect)}`,
        'en',
      )
      await signInPage.fill(demoUsers.james.email, demoUsers.james.password)

      await expect(page).toHaveURL(exactPath(paths.dashboard('en')))
      await expect(new PortalPage(page, 'en').nav).toBeVisible()
    })
  }
})

test.describe('guards', () => {
  test('a client opening the admin dashboard goes home (the specification), told why there', async ({ page }) => {
    await signIn(page, demoUsers.lucia, 'es')
    await page.goto(paths.adminDashboard('es'))
    await expect(page).toHaveURL(exactPath(`${paths.home('es')}?notice=staff-only`))
    await expect(page.getByTestId('area-notice')).toBeVisible()
    await page.goto(paths.adminDashboard(undefined))
    await expect(page).toHaveURL(exactPath(`${paths.home(undefined)}?notice=staff-only`))
    await expect(page.getByTestId('area-notice')).toBeVisible()
  })

  test('staff opening the client dashboard go home (the specification), told why there', async ({ page }) => {
    const signInPage = await SignInPage.open(page, paths.adminLogin('en'), 'en', 'staff')
    await signInPage.fill(demoUsers.admin.email, demoUsers.admin.password)
    await expect(page).toHaveURL(exactPath(paths.adminDashboard('en')))

    await page.goto(paths.dashboard('en'))
    await expect(page).toHaveURL(exactPath(`${paths.home('en')}?notice=clients-only`))
    await expect(page.getByTestId('area-notice')).toContainText(
      t(
        'en',
        'The client portal is for client accounts. You are signed in as staff, so you have been brought to the home page.',
      ),
    )
    await page.goto(paths.dashboard(undefined))
    await expect(page).toHaveURL(exactPath(`${paths.home(undefined)}?notice=clients-only`))
  })

  for (const prefix of ['es', 'en', undefined] as const) {
    test(`a visitor opening ${paths.adminDashboard(prefix)} is sent to the staff login`, async ({ page }) => {
      const target = paths.adminDashboard(prefix)
      await page.goto(target)
      await expect(page).toHaveURL(exactPath(`${paths.adminLogin(prefix)}?redirect=${encodeURIComponent(target)}`))
      await expect(new SignInPage(page, prefix ?? 'es', 'staff').heading).toBeVisible()
    })
  }

  test('a visitor opening the client dashboard is sent to the portal login', async ({ page }) => {
    await page.goto(paths.dashboard(undefined))
    const target = paths.dashboard(undefined)
    await expect(page).toHaveURL(exactPath(`${paths.login(undefined)}?redirect=${encodeURIComponent(target)}`))
    await expect(new SignInPage(page, 'es').heading).toBeVisible()
  })
})

test('the portal, admin and reset-password URLs are served as pages, not as 404s', async ({ request }) => {
  for (const prefix of ['es', 'en', undefined] as const) {
    for (const path of [
      paths.login(prefix),
      paths.forgot(prefix),
      paths.dashboard(prefix),
      paths.account(prefix),
      paths.adminLogin(prefix),
      paths.adminDashboard(prefix),
      paths.reset(prefix),
    ]) {
      const response = await request.get(path)
      expect.soft(response.status(), path).toBe(200)
      expect.soft(response.headers()['content-type'], path).toContain('text/html')
    }
  }
})

test.describe('while the guard waits for the profile, its spinner shows', () => {
  for (const lng of ['es', 'en'] as const) {
    test(`the client guard says ${t(lng, 'Loading...')} (${lng})`, async ({ page }) => {
      await signIn(page, lng === 'es' ? demoUsers.lucia : demoUsers.james, lng)
      const gate = await holdProfileRequests(page)

      await page.goto(paths.dashboard(lng))

      await expect(guardSpinner(page, lng, 'client')).toBeVisible()
      if (lng === 'es') expect(t('es', 'Loading...')).toBe('Cargando...')
      await expect(new PortalPage(page, lng).nav).toBeHidden()
      gate.release()
      await expect(new PortalPage(page, lng).nav).toBeVisible()
      await expect(guardSpinner(page, lng, 'client')).toBeHidden()
    })

    test(`the admin guard says ${t(lng, 'Verifying permissions...')} (${lng})`, async ({ page }) => {
      const signInPage = await SignInPage.open(page, paths.adminLogin(lng), lng, 'staff')
      await signInPage.fill(demoUsers.admin.email, demoUsers.admin.password)
      await expect(page).toHaveURL(exactPath(paths.adminDashboard(lng)))
      const gate = await holdProfileRequests(page)

      await page.goto(paths.adminDashboard(lng))

      await expect(guardSpinner(page, lng, 'staff')).toBeVisible()
      // The spec's Spanish wording, once the Spanish catalog has it.
      const es = t('es', 'Verifying permissions...')
      if (lng === 'es' && es !== 'Verifying permissions...') expect(es).toBe('Verificando permisos...')
      gate.release()
      await expect(guardSpinner(page, lng, 'staff')).toBeHidden()
      await expect(page).toHaveURL(exactPath(paths.adminDashboard(lng)))
    })
  }
})

/** Holds every profiles REST request until `release()`: the guard then waits, visibly. */
async function holdProfileRequests(page: Page) {
  let release!: () => void
  const gate = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/rest\/v1\/profiles\?/, async (route) => {
    await gate
    await route.continue()
  })
  return { release }
}
