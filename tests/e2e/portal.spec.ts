// The client portal once signed in: one organization never sees another's data, signing out
// leaves nothing private behind (not even through the back button), the header's user menu works
// from the keyboard, and a second factor set up on the account page guards the next sign-in.
import type { Page, Response } from '@playwright/test'
import { Secret, TOTP, URI } from 'otpauth'
import { allowConsoleErrors } from './support/fixtures'
import {
  test,
  expect,
  exactPath,
  expectSignedOut,
  paths,
  signIn,
  PortalPage,
  SignInPage,
  UserMenu,
} from './support/auth'
import { t } from './support/catalog'
import { createClientUser, demoUsers, organizations, projectsOf, type ProjectRow } from './support/users'
import type { Locale } from '../../src/lib/locale'
import { signInStaff } from './support/admin'

test.use({ locale: 'es-ES' })

/** Every REST answer the page receives, kept as text, to check that none carries another organization's data. */
function recordRestBodies(page: Page): string[] {
  const bodies: string[] = []
  page.on('response', (response: Response) => {
    if (!response.url().includes('/rest/v1/')) return
    response.text().then(
      (body) => bodies.push(body),
      () => undefined, // a body that went with a navigation
    )
  })
  return bodies
}

function projectsRegion(page: Page, lng: Locale) {
  return page.getByRole('region', { name: t(lng, 'Your projects'), exact: true })
}

test.describe('one organization never sees another', () => {
  for (const { account, lng } of [
    { account: demoUsers.lucia, lng: 'es' },
    { account: demoUsers.james, lng: 'en' },
  ] as const) {
    test(`${account.email} sees only Almacenes Ribera's projects, and Kuntur Pay's are "not found"`, async ({
      page,
      admin,
    }) => {
      const own = await projectsOf(admin, organizations.ribera)
      const others = await projectsOf(admin, organizations.kuntur)
      const shared = own.filter((project) => project.visible_to_client)
      const hidden = own.filter((project) => !project.visible_to_client)
      expect(shared.length).toBeGreaterThan(0)
      expect(others.length).toBeGreaterThan(0)
      expect(hidden.length, 'the seed has a project staff keep hidden').toBeGreaterThan(0)
      const bodies = recordRestBodies(page)

      const portal = await signIn(page, account, lng)

      // The overview lists exactly the organization's shared projects.
      await expect(portal.h1).toHaveText(t(lng, 'Overview'))
      const cards = projectsRegion(page, lng).getByRole('heading', { level: 3 })
      await expect(cards).toHaveCount(shared.length)
      expect((await cards.allInnerTexts()).sort()).toEqual(shared.map((project) => project.name).sort())
      await expectNothingOf(page, [...others, ...hidden])

      // Typing another organization's project URLs (and a hidden one's) gives the not-found page.
      for (const project of [...others, ...hidden]) {
        await page.goto(paths.project(lng, project.id))
        await expect(portal.h1).toHaveText(t(lng, 'Project not found'))
        await expect(
          page.getByText(t(lng, 'This project does not exist or is not shared with your organization.')),
        ).toBeVisible()
        await expect(page.getByRole('link', { name: t(lng, 'Back to overview') })).toHaveAttribute(
          'href',
          paths.dashboard(lng),
        )
        await expectNothingOf(page, [...others, ...hidden])
      }

      // An own project opens, for comparison.
      await page.goto(paths.project(lng, shared[0]!.id))
      await expect(portal.h1).toHaveText(shared[0]!.name)
      await expectNothingOf(page, [...others, ...hidden])

      // Nor did any answer from the server carry them.
      const leaked = bodies.filter((body) =>
        [...others, ...hidden].some((project) => body.includes(project.id) || body.includes(project.name)),
      )
      expect(leaked, 'REST answers with another organization’s or a hidden project').toEqual([])
      expect(bodies.some((body) => body.includes('Kuntur'))).toBe(false)
    })
  }
})

async function expectNothingOf(page: Page, projects: ProjectRow[]) {
  const text = await page.locator('body').innerText()
  const html = await page.content()
  for (const project of projects) {
    expect(text, `page shows ${project.name}`).not.toContain(project.name)
    expect(html, `page holds the id of ${project.name}`).not.toContain(project.id)
  }
  for (const name of ['Kuntur Pay', demoUsers.daniel.name, demoUsers.sarah.name]) expect(text).not.toContain(name)
}

test.describe('signing out', () => {
  test('leaves nothing private behind, even through the back button', async ({ page, admin }) => {
    const [project] = (await projectsOf(admin, organizations.ribera)).filter((p) => p.visible_to_client)
    await signIn(page, demoUsers.lucia, 'es')
    await page.goto(paths.project('es', project!.id))
    await expect(page.getByRole('heading', { level: 1, name: project!.name })).toBeVisible()

    const menu = new UserMenu(page, 'es', demoUsers.lucia.name)
    await menu.trigger.click()
    await menu.item('Sign out').click()
    await expectSignedOut(page, 'es')
    await expect(menu.trigger).toBeHidden()
    await expect(page.getByRole('banner').getByRole('link', { name: t('es', 'Client portal') })).toBeVisible()

    // From now on (signed out), note whether the portal or the project ever shows up again, even for a moment and
    // across page loads.
    const watched = { name: project!.name, portalLabel: t('es', 'Client portal') }
    await page.addInitScript(watchForPrivateContent, watched)
    await page.evaluate(() => sessionStorage.setItem('e2e-watch', '1'))
    await page.evaluate(watchForPrivateContent, watched)

    await page.goBack()
    await expect(page).toHaveURL(/\/es(?:\/client-portal\/login\?redirect=.*)?$/)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(new PortalPage(page, 'es').nav).toBeHidden()
    expect(await page.locator('body').innerText()).not.toContain(project!.name)
    expect(await page.evaluate(() => sessionStorage.getItem('e2e-seen'))).toBeNull()

    // A reload does not bring the session back either.
    await page.goto(paths.project('es', project!.id))
    await expect(page).toHaveURL(/\/es\/client-portal\/login\?redirect=/)
    expect(await page.locator('body').innerText()).not.toContain(project!.name)
  })
})

/** Runs in the page: records in sessionStorage any moment the project or the portal nav is on screen. */
function watchForPrivateContent({ name, portalLabel }: { name: string; portalLabel: string }) {
  if (!sessionStorage.getItem('e2e-watch')) return
  const note = (what: string) => {
    const seen = JSON.parse(sessionStorage.getItem('e2e-seen') ?? '[]') as string[]
    sessionStorage.setItem('e2e-seen', JSON.stringify([...seen, `${what} on ${location.pathname}`]))
  }
  const check = () => {
    if (document.body?.innerText.includes(name)) note('project name')
    if (document.querySelector(`nav[aria-label="${portalLabel}"]`)) note('portal nav')
  }
  new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true })
}

test.describe("the account menu in the portal's bar", () => {
  test('works with the keyboard: open, move, Escape, follow Account, sign out', async ({ page }) => {
    const user = demoUsers.james
    await signIn(page, user, 'en')
    const menu = new UserMenu(page, 'en', user.name)
    const items = menu.menu().getByRole('menuitem')

    await expect(menu.trigger).toHaveAttribute('aria-haspopup', 'menu')
    await expect(menu.trigger).toHaveAttribute('aria-expanded', 'false')
    await menu.trigger.focus()
    await page.keyboard.press('Enter')
    await expect(menu.menu()).toBeVisible()
    await expect(menu.trigger).toHaveAttribute('aria-expanded', 'true')
    await expect(items).toHaveText([t('en', 'Client portal'), t('en', 'Account'), t('en', 'Sign out')])
    await expect(items.first()).toBeFocused()
    await page.keyboard.press('ArrowDown')
    await expect(menu.item('Account')).toBeFocused()
    await page.keyboard.press('ArrowDown')
    await expect(menu.item('Sign out')).toBeFocused()
    await page.keyboard.press('ArrowDown') // wraps
    await expect(menu.item('Client portal')).toBeFocused()
    await page.keyboard.press('ArrowUp')
    await expect(menu.item('Sign out')).toBeFocused()

    await page.keyboard.press('Escape')
    await expect(menu.menu()).toBeHidden()
    await expect(menu.trigger).toBeFocused()

    // ArrowDown opens too; Enter follows the item.
    await page.keyboard.press('ArrowDown')
    await expect(menu.item('Client portal')).toBeFocused()
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(exactPath(paths.account('en')))
    await expect(menu.menu()).toBeHidden()
    await expect(page.getByRole('heading', { level: 1, name: t('en', 'Your account') })).toBeVisible()

    // Space opens; the last item signs out.
    await menu.trigger.focus()
    await page.keyboard.press(' ')
    await expect(menu.menu()).toBeVisible()
    await page.keyboard.press('ArrowUp')
    await expect(menu.item('Sign out')).toBeFocused()
    await page.keyboard.press('Enter')
    await expectSignedOut(page, 'en')
    await expect(menu.trigger).toBeHidden()
    await page.goto(paths.dashboard('en'))
    await expect(page).toHaveURL(/\/en\/client-portal\/login\?redirect=/)
  })
})

test.describe('the portal entry on public pages', () => {
  // One entry to the portal in the header, the mobile menu and the footer: it leads to the
  // person's own area; the account menu and sign-out live in the area's shell, not here.
  test('leads a signed-in client to the portal, a visitor to the sign-in', async ({ page, browser }) => {
    const user = demoUsers.lucia
    await signIn(page, user, 'es')
    await page.goto(paths.home('es'))
    const banner = page.getByRole('banner')
    const entry = banner.getByRole('link', { name: t('es', 'Client portal'), exact: true })
    await expect(entry).toHaveAttribute('href', paths.dashboard('es'))
    await expect(banner.getByRole('button', { name: user.name })).toHaveCount(0)
    await expect(page.getByRole('contentinfo').getByRole('link', { name: t('es', 'Client portal') })).toHaveAttribute(
      'href',
      paths.dashboard('es'),
    )
    await entry.click()
    await expect(page).toHaveURL(exactPath(paths.dashboard('es')))
    await expect(new PortalPage(page, 'es').nav).toBeVisible()

    const visitor = await browser.newContext({ locale: 'es-ES' })
    try {
      const anonymous = await visitor.newPage()
      await anonymous.goto(new URL(paths.home('es'), page.url()).href)
      const visitorBanner = anonymous.getByRole('banner')
      const visitorEntry = visitorBanner.getByRole('link', { name: t('es', 'Client portal'), exact: true })
      await expect(visitorEntry).toHaveAttribute('href', paths.login('es'))
      await expect(visitorBanner.getByRole('button', { name: demoUsers.lucia.name })).toHaveCount(0)
    } finally {
      await visitor.close()
    }
  })

  test('on a phone, the menu entry leads a staff member to the admin area', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 })
    await signInStaff(page, demoUsers.admin, 'en')
    await page.goto(paths.home('en'))
    await page
      .getByRole('banner')
      .getByRole('button', { name: t('en', 'Menu') })
      .click()
    const entry = page.getByRole('banner').getByRole('link', { name: t('en', 'Admin dashboard'), exact: true })
    await expect(entry).toBeVisible()
    await entry.click()
    await expect(page).toHaveURL(exactPath(paths.adminDashboard('en')))
  })
})

test.describe('two-step verification', () => {
  // The deliberately wrong code is refused by the server (a 4xx the browser logs).
  test.use(allowConsoleErrors(/status of 4\d\d .* @ .*\/auth\/v1\/factors\/[^/]+\/verify/))

  test('set up on the account page, then asked for at the next sign-in', async ({ page, admin }) => {
    const user = await createClientUser(admin, { locale: 'en' })
    const portal = await signIn(page, user, 'en')
    await portal.accountLink.click()
    await expect(page).toHaveURL(exactPath(paths.account('en')))

    const section = page.getByRole('region', { name: t('en', 'Two-step verification'), exact: true })
    await expect(section.getByText(t('en', 'Status: off. Signing in needs only your password.'))).toBeVisible()
    await section.getByLabel(t('en', 'Name of the device or app')).fill('Test phone')
    await section.getByRole('button', { name: t('en', 'Set up two-step verification') }).click()

    // What a person would scan: the otpauth:// URI behind the QR code.
    const appLink = section.getByRole('link', { name: t('en', 'Open in an authenticator app on this device') })
    const uri = URI.parse((await appLink.getAttribute('href'))!)
    expect(uri).toBeInstanceOf(TOTP)
    const totp = uri as TOTP
    await expect(
      section.getByRole('img', {
        name: t('en', 'QR code for setting up two-step verification in your authenticator app'),
      }),
    ).toBeVisible()
    const shownKey = (await section.getByTestId('mfa-secret').innerText()).replace(/\s/g, '')
    expect(Secret.fromBase32(shownKey).base32).toBe(totp.secret.base32)

    await section.getByLabel(t('en', '6-digit code from the app')).fill(totp.generate())
    await section.getByRole('button', { name: t('en', 'Verify and turn on') }).click()
    await expect(
      section.getByText(t('en', 'Status: on. Signing in needs your password and a code from your app.')),
    ).toBeVisible()
    await expect(section.getByRole('listitem').filter({ hasText: 'Test phone' })).toBeVisible()

    const menu = new UserMenu(page, 'en', user.name)
    await menu.trigger.click()
    await menu.item('Sign out').click()
    await expectSignedOut(page, 'en')

    // The password alone is not enough now.
    const signInPage = await SignInPage.open(page, paths.login('en'), 'en')
    await signInPage.fill(user.email, user.password)
    await expect(signInPage.code).toBeVisible()
    await expect(signInPage.code).toBeFocused()
    await expect(page).toHaveURL(exactPath(paths.login('en')))
    await page.goto(paths.dashboard('en'))
    await expect(page).toHaveURL(/\/en\/client-portal\/login\?redirect=/)
    await expect(signInPage.code).toBeVisible()

    await signInPage.code.fill('000000')
    await signInPage.verify.click()
    await expect(signInPage.alert).toHaveText(
      t('en', 'That code is not valid or has already been used. Wait for the next code in your app and enter it.'),
    )

    // The next time step's code: valid now (one step of skew) and never the one used to enrol.
    await signInPage.code.fill(totp.generate({ timestamp: Date.now() + totp.period * 1000 }))
    await signInPage.verify.click()
    await expect(page).toHaveURL(exactPath(paths.dashboard('en')))
    await expect(portal.nav).toBeVisible()
    await expect(portal.h1).toHaveText(t('en', 'Overview'))
  })
})
