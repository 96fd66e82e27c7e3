// axe (WCAG 2.2 AA) on every auth and portal page in both languages, and each one at 375px
// without horizontal scrolling: sign-in (client and staff), forgot password (form and answer),
// reset password (without a link, and with a recovery session while typing), the overview, a
// project, notifications and the account page (with a profile field refused by its rules).
import type { Page } from '@playwright/test'
import { expectNoAxeViolations } from './support/a11y'
import {
  test,
  expect,
  exactPath,
  openResetLink,
  paths,
  signIn,
  ForgotPasswordPage,
  ResetPasswordPage,
  SignInPage,
} from './support/auth'
import { t } from './support/catalog'
import { demoUsers, organizations, projectsOf } from './support/users'

const desktop = { width: 1280, height: 800 }
const phone = { width: 375, height: 812 }

test.use({ locale: 'es-ES', viewport: desktop, colorScheme: 'light' })

/** axe at desktop width, then the same page at 375px: no horizontal scroll, and axe again. */
async function check(page: Page, label: string) {
  await page.setViewportSize(desktop)
  await expectNoAxeViolations(page, label)
  await page.setViewportSize(phone)
  const { scrollWidth, clientWidth, culprits } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
    // The innermost elements whose content spills out of their box: where an overflow starts.
    culprits: [...document.querySelectorAll('body *')]
      .filter((element) => element.scrollWidth > element.clientWidth + 1 && element.children.length === 0)
      .map((element) => `<${element.tagName.toLowerCase()}> "${(element.textContent ?? '').trim().slice(0, 30)}"`)
      .slice(0, 5),
  }))
  expect(
    scrollWidth,
    `${label}: document ${scrollWidth}px wide in a 375px viewport; overflowing: ${culprits.join(', ')}`,
  ).toBeLessThanOrEqual(phone.width)
  expect(clientWidth).toBeLessThanOrEqual(phone.width)
  await expectNoAxeViolations(page, `${label} at 375px`)
  await page.setViewportSize(desktop)
}

for (const lng of ['es', 'en'] as const) {
  test.describe(`${lng}`, () => {
    test(`the client and staff sign-in pages (${lng})`, async ({ page }) => {
      await SignInPage.open(page, paths.login(lng), lng)
      await expect(page.locator('html')).toHaveAttribute('lang', lng)
      await check(page, paths.login(lng))

      await SignInPage.open(page, paths.adminLogin(lng), lng, 'staff')
      await check(page, paths.adminLogin(lng))
    })

    test(`the forgot-password page: form, validation error, answer (${lng})`, async ({ page }) => {
      const signInPage = await SignInPage.open(page, paths.login(lng), lng)
      await signInPage.forgotLink.click()
      const forgot = new ForgotPasswordPage(page, lng)
      await expect(forgot.heading).toBeVisible()
      await check(page, paths.forgot(lng))
      await forgot.submit.click()
      await expect(forgot.email).toHaveAttribute('aria-invalid', 'true')
      await check(page, `${paths.forgot(lng)} with a validation error`)
      await forgot.email.fill('someone@example.com')
      await forgot.submit.click()
      await expect(forgot.confirmation).toBeVisible()
      await check(page, `${paths.forgot(lng)} after sending`)
    })

    test(`the reset page without a link (${lng})`, async ({ page }) => {
      await page.goto(paths.reset(lng))
      const reset = new ResetPasswordPage(page, lng)
      await expect(reset.heading).toBeVisible()
      await expect(reset.alert).toBeVisible()
      await check(page, `${paths.reset(lng)} without a link`)
    })

    test(`the reset page with a recovery session, while typing (${lng})`, async ({ page, admin, mailbox }) => {
      await openResetLink(page, admin, mailbox, lng)
      const reset = new ResetPasswordPage(page, lng)
      await check(page, `${paths.reset(lng)} with a recovery session`)
      await reset.newPassword.fill('longer-than-eight')
      await reset.repeat.fill('longer-than-nine')
      await expect(reset.rule('Both entries match')).toContainText(t(lng, '(not met yet)'))
      await check(page, `${paths.reset(lng)} while typing`)
    })

    test.describe('the portal pages', () => {
      const account = lng === 'es' ? demoUsers.lucia : demoUsers.james

      test(`the overview (${lng})`, async ({ page }) => {
        const portal = await signIn(page, account, lng)
        await expect(portal.h1).toHaveText(t(lng, 'Overview'))
        await check(page, paths.dashboard(lng))
      })

      test(`a project, and one that is not theirs (${lng})`, async ({ page, admin }) => {
        const project = (await projectsOf(admin, organizations.ribera)).find(
          (p) => p.visible_to_client && p.name === 'Cuadro de mando comercial',
        )
        const [foreign] = await projectsOf(admin, organizations.kuntur)
        const portal = await signIn(page, account, lng)
        await page.goto(paths.project(lng, project!.id))
        await expect(portal.h1).toHaveText(project!.name)
        // Every section has arrived (no skeleton left).
        await expect(page.getByRole('status').filter({ hasText: t(lng, 'Loading...') })).toHaveCount(0)
        await check(page, paths.project(lng, '…'))

        await page.goto(paths.project(lng, foreign!.id))
        await expect(portal.h1).toHaveText(t(lng, 'Project not found'))
        await expect(portal.nav).toBeVisible()
        await check(page, `${paths.project(lng, '…')} (not found)`)
      })

      test(`notifications (${lng})`, async ({ page }) => {
        const portal = await signIn(page, account, lng)
        await portal.notificationsLink.click()
        await expect(page).toHaveURL(exactPath(paths.notifications(lng)))
        await expect(portal.h1).toBeVisible()
        await check(page, paths.notifications(lng))
      })

      test(`the account page (${lng})`, async ({ page }) => {
        const portal = await signIn(page, account, lng)
        await portal.accountLink.click()
        await expect(page).toHaveURL(exactPath(paths.account(lng)))
        await expect(portal.h1).toHaveText(t(lng, 'Your account'))
        await expect(page.getByTestId('account-mfa')).toBeVisible()
        await check(page, paths.account(lng))

        // The profile's rules (accounts/rules.ts): a phone the table would refuse is said on its
        // field, in the form's words; the values as they were save.
        const profile = page.getByTestId('account-profile')
        const phoneField = profile.getByLabel(t(lng, 'Phone (optional)'))
        const stored = await phoneField.inputValue()
        await phoneField.fill('12345')
        await profile.getByRole('button', { name: t(lng, 'Save profile') }).click()
        await expect(phoneField).toBeFocused()
        await expect(phoneField).toHaveAttribute('aria-invalid', 'true')
        await expect(
          profile.getByText(t(lng, 'Enter a phone number with digits, spaces and an optional + at the start.')),
        ).toBeVisible()
        await check(page, `${paths.account(lng)} with a wrong phone`)
        await phoneField.fill(stored)
        await profile.getByRole('button', { name: t(lng, 'Save profile') }).click()
        await expect(profile.getByText(t(lng, 'Your profile has been saved.'))).toBeVisible()
      })
    })
  })
}
