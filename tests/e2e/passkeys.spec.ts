// Passkeys as a staff member's second factor (decision 0034), in Chromium with its virtual
// authenticator (DevTools' WebAuthn domain): register one on the account page, then sign in again
// and pass the second step with it, in both languages; a staff member cannot remove the last one.
import type { Page } from '@playwright/test'
import { TOTP, URI } from 'otpauth'
import { withLangPrefix } from '../../src/lib/pages'
import type { Locale } from '../../src/lib/locale'
import { createStaffUser } from './support/admin'
import { expect, exactPath, paths, SignInPage, test } from './support/auth'
import { t } from './support/catalog'
import { allowConsoleErrors } from './support/fixtures'

const accountPath = (lng: Locale) => withLangPrefix('/admin/dashboard/account', lng)

/** A security key plugged into this page's browser: it says yes at once, with user verification. */
async function plugInSecurityKey(page: Page) {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'usb',
      hasResidentKey: false,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  })
  return {
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
  }
}

async function signInAsStaff(page: Page, lng: Locale, email: string, password: string) {
  const signIn = await SignInPage.open(page, paths.adminLogin(lng), lng, 'staff')
  await signIn.fill(email, password)
  return signIn
}

for (const lng of ['en', 'es'] as const) {
  test(`a staff member registers a passkey and signs in with it (${lng})`, async ({ page, admin }) => {
    const staff = await createStaffUser(admin)
    const password = `staff-pass-${staff.email.slice('e2e-staff-'.length, 'e2e-staff-'.length + 8)}`
    const key = await plugInSecurityKey(page)

    await signInAsStaff(page, lng, staff.email, password)
    await expect(page).toHaveURL(exactPath(paths.adminDashboard(lng)))
    await page.goto(accountPath(lng))
    const section = page.getByTestId('account-passkeys')
    await expect(section.getByRole('heading', { name: t(lng, 'Passkeys') })).toBeVisible()
    await section.getByLabel(t(lng, 'Name of the passkey')).fill('Blue key')
    await section.getByRole('button', { name: t(lng, 'Add a passkey') }).click()
    await expect(section.getByRole('status')).toHaveText(
      t(lng, '“{0}” was added. You can use it instead of a code when you sign in.', { 0: 'Blue key' }),
    )
    const listed = section.getByRole('list', { name: t(lng, 'Passkeys') }).getByRole('listitem')
    await expect(listed).toHaveCount(1)
    await expect(listed.getByRole('button', { name: `${t(lng, 'Remove')} Blue key` })).toBeVisible()
    expect(await key.credentials()).toHaveLength(1)
    // With only a passkey, the two-step status says so.
    await expect(page.getByTestId('mfa-status')).toHaveText(
      t(lng, 'Status: on with a passkey. Signing in needs your password and your passkey.'),
    )

    // A new sign-in: the password, then the passkey instead of a code.
    await page.evaluate(() => window.localStorage.clear())
    const signIn = await signInAsStaff(page, lng, staff.email, password)
    await expect(signIn.code).toHaveCount(0)
    await page.getByRole('button', { name: t(lng, 'Use your passkey') }).click()
    await expect(page).toHaveURL(exactPath(paths.adminDashboard(lng)))
    const { data } = await admin.auth.admin.mfa.listFactors({ userId: staff.id })
    expect(data?.factors).toMatchObject([{ factor_type: 'webauthn', status: 'verified', friendly_name: 'Blue key' }])
    // The authenticator signed once more: its counter is what the server keeps.
    const [credential] = await key.credentials()
    expect(credential!.signCount).toBeGreaterThanOrEqual(2)

    // An authenticator app beside the passkey, later removed: the step stays on, and both the
    // question and the outcome say so (not "only your password").
    await page.goto(accountPath(lng))
    const mfa = page.getByTestId('account-mfa')
    await mfa.getByLabel(t(lng, 'Name of the device or app')).fill('Work phone')
    await mfa.getByLabel(t(lng, 'Name of the device or app')).press('Enter')
    const appLink = mfa.getByRole('link', { name: t(lng, 'Open in an authenticator app on this device') })
    const totp = URI.parse((await appLink.getAttribute('href'))!) as TOTP
    await mfa.getByLabel(t(lng, '6-digit code from the app')).fill(totp.generate())
    await mfa.getByLabel(t(lng, '6-digit code from the app')).press('Enter')
    await expect(page.getByTestId('mfa-status')).toHaveText(
      t(lng, 'Status: on. Signing in needs your password and a code from your app.'),
    )
    // Signed in again with the passkey (removing the factor a session was verified with would take
    // that session back to its first step, as on Supabase), the app goes.
    await page.evaluate(() => window.localStorage.clear())
    await signInAsStaff(page, lng, staff.email, password)
    await page.getByRole('button', { name: t(lng, 'Use your passkey') }).click()
    await expect(page).toHaveURL(exactPath(paths.adminDashboard(lng)))
    await page.goto(accountPath(lng))
    await mfa.getByRole('button', { name: t(lng, 'Remove') }).click()
    await expect(mfa.getByRole('group')).toContainText(
      t(lng, 'Remove “{name}”? Two-step verification stays on with your other authenticator or passkey.', {
        name: 'Work phone',
      }),
    )
    await mfa.getByRole('button', { name: t(lng, 'Yes, remove it') }).click()
    await expect(mfa.getByRole('status')).toHaveText(
      t(lng, '“{name}” was removed. Two-step verification stays on with your passkey.', { name: 'Work phone' }),
    )
    await expect(page.getByTestId('mfa-status')).toHaveText(
      t(lng, 'Status: on with a passkey. Signing in needs your password and your passkey.'),
    )
  })
}

test.describe('removal', () => {
  // The server's refusal of the last factor is a 422 the browser logs.
  test.use(allowConsoleErrors(/status of 422/))

  test("a staff member's last passkey stays", async ({ page, admin }) => {
    const lng = 'en'
    const staff = await createStaffUser(admin)
    const password = `staff-pass-${staff.email.slice('e2e-staff-'.length, 'e2e-staff-'.length + 8)}`
    await plugInSecurityKey(page)
    await signInAsStaff(page, lng, staff.email, password)
    await expect(page).toHaveURL(exactPath(paths.adminDashboard(lng)))
    await page.goto(accountPath(lng))
    const section = page.getByTestId('account-passkeys')
    await section.getByLabel(t(lng, 'Name of the passkey')).fill('Spare key')
    await section.getByRole('button', { name: t(lng, 'Add a passkey') }).click()
    const remove = section.getByRole('button', { name: `${t(lng, 'Remove')} Spare key` })
    await expect(remove).toBeVisible()

    await remove.click()
    await section.getByRole('button', { name: t(lng, 'Yes, remove it') }).click()
    // A staff member's last second factor stays (the server refuses); with a TOTP app it could go.
    await expect(section.getByRole('alert')).toHaveText(
      t(lng, 'Staff accounts must keep two-step verification: add another authenticator before removing this one.'),
    )
  })
})
