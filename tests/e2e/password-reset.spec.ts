// Forgotten password, end to end through the development mail catcher: the request page answers
// the same for any address, the e-mail comes in the user's language, its link opens the reset
// page with a recovery session, the new password is saved, and only it works afterwards. Each
// test resets the password of a fresh user of its own.
import { allowConsoleErrors } from './support/fixtures'
import {
  test,
  expect,
  exactPath,
  expectSignedOut,
  pathWithAnyHash,
  paths,
  recoverySubject,
  ForgotPasswordPage,
  openResetLink,
  PortalPage,
  ResetPasswordPage,
  SignInPage,
  UserMenu,
} from './support/auth'
import { expectNoAxeViolations } from './support/a11y'
import { t } from './support/catalog'
import { verifyLink } from './support/mail'
import { recordRequests } from './support/requests'
import { createClientUser } from './support/users'

// Signing in with the old password afterwards is refused (400), on purpose.
test.use(allowConsoleErrors(/status of 400 \(Bad Request\) @ .*\/auth\/v1\/token\?grant_type=password/))

for (const lng of ['es', 'en'] as const) {
  test(`a ${lng} client resets a forgotten password through the e-mail link`, async ({
    page,
    admin,
    baseURL,
    mailbox,
  }) => {
    const user = await createClientUser(admin, { locale: lng })
    const newPassword = `brand-new-${user.id.slice(0, 8)}`
    const nobody = `nobody-${user.id.slice(0, 8)}@example.com`

    // The same answer for an address without an account…
    await page.goto(paths.login(lng))
    await new SignInPage(page, lng).forgotLink.click()
    await expect(page).toHaveURL(exactPath(paths.forgot(lng)))
    let forgot = new ForgotPasswordPage(page, lng)
    await expect(forgot.heading).toBeVisible()
    await forgot.email.fill(nobody)
    await forgot.submit.click()
    await expect(forgot.confirmation).toHaveText(forgot.confirmationFor(nobody))
    await expect(forgot.confirmation).toBeFocused()

    // …and for a real one.
    await page.goto(paths.forgot(lng))
    forgot = new ForgotPasswordPage(page, lng)
    await forgot.email.fill(user.email)
    await forgot.submit.click()
    await expect(forgot.confirmation).toHaveText(forgot.confirmationFor(user.email))

    const mail = await mailbox.waitFor(user.email, { subject: recoverySubject(lng) })
    expect(mail.html).toContain(`<html lang="${lng}">`)
    expect(await mailbox.to(nobody)).toEqual([])
    const link = verifyLink(mail)
    expect(new URL(link).searchParams.get('redirect_to')).toBe(new URL(paths.reset(lng), baseURL).href)

    // The link signs the user in for the reset only, on the page in their language.
    await page.goto(link)
    await expect(page).toHaveURL(pathWithAnyHash(paths.reset(lng)))
    const reset = new ResetPasswordPage(page, lng)
    await expect(reset.heading).toBeVisible()
    await expect(page.locator('html')).toHaveAttribute('lang', lng)

    // The rules tick off as the user types.
    const met = t(lng, '(met)')
    const notMet = t(lng, '(not met yet)')
    const length = reset.rule('At least {0} characters', { 0: 8 })
    const match = reset.rule('Both entries match')
    await expect(length).toContainText(notMet)
    await expect(match).toContainText(notMet)
    await reset.newPassword.pressSequentially('short')
    await expect(length).toContainText(notMet)
    await reset.newPassword.pressSequentially('-and-now-long-enough')
    await expect(length).toContainText(met)
    await expect(match).toContainText(notMet)
    await reset.newPassword.fill(newPassword)
    await reset.repeat.fill(newPassword)
    await expect(match).toContainText(met)

    await reset.save.click()

    // Signed in, on the dashboard, which says the password was changed (focused, so it is read
    // out), and the owner is told by e-mail too.
    await expect(page).toHaveURL(exactPath(paths.dashboard(lng)))
    await expect(new PortalPage(page, lng).nav).toBeVisible()
    const changed = page.getByRole('status').filter({
      hasText: t(
        lng,
        'Your password has been changed and you are signed in. Other sessions of your account were signed out.',
      ),
    })
    await expect(changed).toBeVisible()
    await expect(changed).toBeFocused()
    const notice = await mailbox.waitFor(user.email, {
      after: mail.id,
      subject:
        lng === 'es'
          ? 'Se ha cambiado la contraseña de su cuenta de Cauce Data'
          : 'The password of your Cauce Data account was changed',
    })
    expect(notice.html).toContain(`<html lang="${lng}">`)
    // Said once: a reload does not repeat it.
    await page.reload()
    await expect(new PortalPage(page, lng).nav).toBeVisible()
    await expect(changed).toHaveCount(0)
    const menu = new UserMenu(page, lng, user.name)
    await menu.trigger.click()
    await menu.item('Sign out').click()
    await expectSignedOut(page, lng)

    // The old password no longer works…
    const signIn = await SignInPage.open(page, paths.login(lng), lng)
    await signIn.fill(user.email, user.password)
    await expect(signIn.alert).toHaveText(t(lng, 'The e-mail or password is not correct.'))
    // …the new one does.
    await signIn.password.fill(newPassword)
    await signIn.submit.click()
    await expect(page).toHaveURL(exactPath(paths.dashboard(lng)))
    await expect(new PortalPage(page, lng).nav).toBeVisible()
  })
}

test('a used reset link says it has expired or been used, and offers a new one', async ({ page, admin, mailbox }) => {
  const link = await openResetLink(page, admin, mailbox, 'en')

  // The same link again.
  const reset = new ResetPasswordPage(page, 'en')
  await page.goto(link)
  await expect(page).toHaveURL(pathWithAnyHash(paths.reset('en')))
  await expect(reset.alert).toHaveText(t('en', 'This link has expired or has already been used.'))
  await expect(reset.newPassword).toBeHidden()
  await reset.newLinkLink.click()
  await expect(page).toHaveURL(exactPath(paths.forgot('en')))
  await expect(new ForgotPasswordPage(page, 'en').heading).toBeVisible()
})

test('a used reset link opened in another browser shows the same message, in Spanish', async ({
  page,
  browser,
  admin,
  mailbox,
}) => {
  const link = await openResetLink(page, admin, mailbox, 'es')

  const other = await browser.newContext({ locale: 'en-GB' })
  try {
    const second = await other.newPage()
    await second.goto(link)
    const reset = new ResetPasswordPage(second, 'es')
    await expect(second).toHaveURL(pathWithAnyHash(paths.reset('es')))
    await expect(reset.alert).toHaveText(t('es', 'This link has expired or has already been used.'))
    await expect(reset.newLinkLink).toHaveAttribute('href', paths.forgot('es'))
  } finally {
    await other.close()
  }
})

test('the reset page opened without a link explains where to start', async ({ page }) => {
  await page.goto(paths.reset('en'))
  const reset = new ResetPasswordPage(page, 'en')
  await expect(reset.heading).toBeVisible()
  await expect(reset.alert).toHaveText(t('en', 'Open this page from the link in your e-mail to choose a new password.'))
  await expect(reset.newLinkLink).toBeVisible()
})

for (const lng of ['es', 'en'] as const) {
  test(`staff ask for a link on their own page; a repeat within the minute says nothing was sent and when to ask again (${lng})`, async ({
    page,
    admin,
  }) => {
    const user = await createClientUser(admin, { locale: lng })
    const recoverRequests = recordRequests(page, '/auth/v1/recover')
    // The staff sign-in's link stays in the staff area, and leads back to the staff sign-in.
    await SignInPage.open(page, paths.adminLogin(lng), lng, 'staff')
    await new SignInPage(page, lng).forgotLink.click()
    await expect(page).toHaveURL(exactPath(paths.adminForgot(lng)))
    const forgot = new ForgotPasswordPage(page, lng)
    await expect(forgot.heading).toBeVisible()
    await forgot.email.fill(user.email)
    await forgot.submit.click()
    await expect(forgot.confirmation).toHaveText(forgot.confirmationFor(user.email))
    await expectNoAxeViolations(page, `${paths.adminForgot(lng)} after sending`)

    // Asked again at once: the page does not claim a second link went out.
    await forgot.again.click()
    await forgot.email.fill(user.email)
    await forgot.submit.click()
    await expect(forgot.confirmation).toHaveText(forgot.repeatFor(user.email))
    await expect(forgot.confirmation).toBeFocused()
    await expectNoAxeViolations(page, `${paths.adminForgot(lng)} asked again within the minute`)
    expect(recoverRequests).toHaveLength(1)

    await page.getByRole('link', { name: t(lng, 'Back to sign-in'), exact: true }).click()
    await expect(page).toHaveURL(exactPath(paths.adminLogin(lng)))
  })
}
