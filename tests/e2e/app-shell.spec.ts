// The application shell of the portal and the admin area (decision 0013): no marketing header or
// footer; on a phone a compact bar whose menu holds every section, the language and sign-out; on
// a wide screen a side bar and an account menu; the bell's count; the frame kept while the guard
// waits. Axe in both languages and both colour schemes, with the phone menu open.
import type { Page } from '@playwright/test'
import { test, expect, exactPath, expectSignedOut, paths, signIn, guardSpinner, type Prefix } from './support/auth'
import { signInStaff } from './support/admin'
import { expectNoAxeViolations } from './support/a11y'
import { t } from './support/catalog'
import { demoUsers } from './support/users'
import type { Locale } from '../../src/lib/locale'

const phone = { width: 375, height: 812 }
const wide = { width: 1366, height: 900 }

const portalSections = [
  ['Overview', '/client-portal/dashboard', 'Overview'],
  ['Search', '/client-portal/dashboard/search', 'Search'],
  ['Notifications', '/client-portal/dashboard/notifications', 'Notifications'],
  ['Account', '/client-portal/dashboard/account', 'Your account'],
] as const

const adminSections = [
  ['Overview', '/admin/dashboard'],
  ['Search', '/admin/dashboard/search'],
  ['Clients', '/admin/dashboard/organizations'],
  ['Projects', '/admin/dashboard/projects'],
  ['Leads', '/admin/dashboard/leads'],
  ['Activity', '/admin/dashboard/activity'],
  ['Notifications', '/admin/dashboard/notifications'],
  ['Team', '/admin/dashboard/team'],
  ['Account', '/admin/dashboard/account'],
] as const

function shell(page: Page, lng: Locale, area: 'Client portal' | 'Admin') {
  const banner = page.getByRole('banner')
  return {
    banner,
    nav: page.getByRole('navigation', { name: t(lng, area), exact: true }),
    toggle: banner.getByRole('button', { name: t(lng, 'Menu'), exact: true }),
    signOut: page.getByRole('button', { name: t(lng, 'Sign out'), exact: true }),
  }
}

async function expectNoHorizontalOverflow(page: Page, label: string) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }))
  expect(scrollWidth, `${label}: ${scrollWidth}px wide in ${clientWidth}px`).toBeLessThanOrEqual(clientWidth)
}

const withPrefix = (path: string, lng: Prefix) => (lng ? `/${lng}${path === '/' ? '' : path}` : path)

for (const lng of ['es', 'en'] as const) {
  test(`a client on a phone reaches every section from the menu and signs out (${lng})`, async ({ page }) => {
    await page.setViewportSize(wide)
    await signIn(page, lng === 'es' ? demoUsers.lucia : demoUsers.james, lng)
    await page.setViewportSize(phone)
    const { banner, nav, toggle, signOut } = shell(page, lng, 'Client portal')

    // An application, not a web page: no marketing footer, no marketing links in the bar.
    await expect(page.getByRole('contentinfo')).toHaveCount(0)
    await expect(banner.getByRole('link', { name: t(lng, 'Contact us') })).toHaveCount(0)
    await expect(banner.getByRole('link', { name: new RegExp(`^${t(lng, 'Notifications')}`) })).toBeVisible()
    await expect(nav).toBeHidden()
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')

    for (const [label, path, heading] of portalSections) {
      await toggle.click()
      await expect(nav).toBeVisible()
      await nav.getByRole('link', { name: new RegExp(`^${t(lng, label)}`) }).click()
      await expect(page).toHaveURL(exactPath(withPrefix(path, lng)))
      await expect(page.getByRole('heading', { level: 1, name: t(lng, heading) })).toBeVisible()
      await expect(nav).toBeHidden() // navigation closes the menu
      await expectNoHorizontalOverflow(page, path)
    }

    // Keyboard: Enter opens, Escape closes and gives the focus back to the toggle.
    await toggle.focus()
    await page.keyboard.press('Enter')
    await expect(toggle).toHaveAttribute('aria-expanded', 'true')
    await expectNoAxeViolations(page, `portal with the phone menu open (${lng})`)
    await page.keyboard.press('Escape')
    await expect(nav).toBeHidden()
    await expect(toggle).toBeFocused()

    await toggle.click()
    await expect(nav.getByText(lng === 'es' ? demoUsers.lucia.name : demoUsers.james.name)).toBeVisible()
    await expect(nav.getByRole('group', { name: t(lng, 'Language') })).toBeVisible()
    await signOut.click()
    await expectSignedOut(page, lng, 'client')
    await expectNoAxeViolations(page, `the portal sign-in after signing out at 375 px (${lng})`)
    await page.goto(paths.dashboard(lng))
    await expect(page).toHaveURL(new RegExp(`/${lng}/client-portal/login\\?redirect=`))
  })

  test(`staff on a phone reach every admin section, each passing axe, and sign out (${lng})`, async ({ page }) => {
    test.setTimeout(90_000) // eight sections, an axe scan on each
    await page.setViewportSize(phone)
    await signInStaff(page, demoUsers.admin, lng)
    const { nav, toggle, signOut } = shell(page, lng, 'Admin')
    await expect(page.getByRole('contentinfo')).toHaveCount(0)
    for (const [label, path] of adminSections) {
      await toggle.click()
      // A section with a count (Notifications) is named "Notifications 3 unread" (its text runs together).
      const name = new RegExp(`^${t(lng, label)}( ?\\d+ ?${t(lng, 'unread')})?$`)
      await nav.getByRole('link', { name }).click()
      await expect(page).toHaveURL(exactPath(withPrefix(path, lng)))
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      // The closed menu's current entry (hidden, so found by its attribute) is this section.
      await expect(page.locator(`nav[aria-label="${t(lng, 'Admin')}"] a[aria-current="page"]`)).toHaveText(name)
      await expectNoHorizontalOverflow(page, path)
      await expectNoAxeViolations(page, `${path} at 375 px (${lng})`)
    }
    await toggle.click()
    await signOut.click()
    await expectSignedOut(page, lng, 'staff')
    await expectNoAxeViolations(page, `the staff sign-in after signing out at 375 px (${lng})`)
  })
}

test('on a wide screen: side bar, account menu, bell, language switch, dark scheme passes axe', async ({ page }) => {
  await page.setViewportSize(wide)
  await signIn(page, demoUsers.james, 'en')
  const { banner, nav, toggle } = shell(page, 'en', 'Client portal')
  await expect(nav).toBeVisible()
  await expect(toggle).toBeHidden()
  await expect(banner.getByRole('button', { name: demoUsers.james.name, exact: true })).toBeVisible()

  // The bell names its count; the side bar's entry shows the same number.
  const bell = banner.getByRole('link', { name: /^Notifications/ })
  const label = (await bell.getAttribute('aria-label')) ?? ''
  const count = Number(/(\d+)/.exec(label)?.[1] ?? 0)
  if (count > 0) {
    expect(label).toBe(t('en', 'Notifications, {count} unread', { count }))
    await expect(nav.getByRole('link', { name: new RegExp(`^${t('en', 'Notifications')}`) })).toContainText(
      String(count),
    )
  }
  await bell.click()
  await expect(page).toHaveURL(exactPath(paths.notifications('en')))

  // The language switch keeps the page and changes the prefix.
  await banner.getByRole('button', { name: 'Español' }).click()
  await expect(page).toHaveURL(exactPath(paths.notifications('es')))
  await expect(shell(page, 'es', 'Client portal').nav).toBeVisible()

  await page.emulateMedia({ colorScheme: 'dark' })
  await expectNoAxeViolations(page, 'portal notifications, dark, 1366 px (es)')
})

test('while the guard waits the shell stays, with skeletons instead of a whole-page spinner', async ({ page }) => {
  await page.setViewportSize(wide)
  await signIn(page, demoUsers.lucia, 'es')
  let release!: () => void
  const gate = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/rest\/v1\/profiles\?/, async (route) => {
    await gate
    await route.continue()
  })
  await page.goto(paths.notifications('es'))
  await expect(guardSpinner(page, 'es', 'client')).toBeVisible()
  await expect(page.getByRole('banner')).toBeVisible()
  await expect(page.getByRole('contentinfo')).toHaveCount(0)
  release()
  await expect(shell(page, 'es', 'Client portal').nav).toBeVisible()
  await expect(page.getByRole('heading', { level: 1, name: t('es', 'Notifications') })).toBeVisible()
})
