// Accounts that never strand a user, in Chromium: a client with two-step verification who forgot
// the password gives the code on the reset page before choosing the new one (a wrong code says
// so), in both languages; a signed-in client adds a backup authenticator; and staff remove the
// authenticators of a client who lost theirs, after a confirmation, the client told by e-mail.
import WebSocket from 'ws'
import { Secret, TOTP } from 'otpauth'
import { createClient } from '@supabase/supabase-js'
import { developmentKeys } from '../../supabase/server/lib/dev-keys'
import { securityNoticeMail } from '../../supabase/functions/_shared/mail/auth-mails'
import { allowConsoleErrors } from './support/fixtures'
import { test, expect, exactPath, pathWithAnyHash, paths, recoverySubject, ResetPasswordPage } from './support/auth'
import { adminPaths, signInStaff, userRow } from './support/admin'
import { expectNoAxeViolations } from './support/a11y'
import { t } from './support/catalog'
import { verifyLink } from './support/mail'
import { createClientUser, demoUsers, organizationId, type FreshUser } from './support/users'

/** supabase-js with the anon key, as a browser has it (Node 20 needs `ws`). */
const anonClient = (apiURL: string) =>
  createClient(apiURL, developmentKeys.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never },
  })

/** Enrols a verified authenticator for `user` through supabase-js, as the account page would. */
async function enrolFactor(apiURL: string, user: FreshUser, friendlyName: string): Promise<TOTP> {
  const client = anonClient(apiURL)
  const signedIn = await client.auth.signInWithPassword({ email: user.email, password: user.password })
  if (signedIn.error) throw signedIn.error
  const { data: factor, error } = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName })
  if (error) throw error
  const totp = new TOTP({ secret: Secret.fromBase32(factor.totp.secret) })
  const verified = await client.auth.mfa.challengeAndVerify({ factorId: factor.id, code: totp.generate() })
  if (verified.error) throw verified.error
  return totp
}

/** A code of the next time step: accepted (one step of skew) and never the one used before. */
const nextCode = (totp: TOTP) => totp.generate({ timestamp: Date.now() + totp.period * 1000 })

// The wrong code (422), the wrong current password (400) and a common password (422) are refused
// on purpose.
test.use(
  allowConsoleErrors(
    /status of 422 .*\/auth\/v1\/factors\/[\w-]+\/verify/,
    /status of 400 .*\/auth\/v1\/user/,
    /status of 422 .*\/auth\/v1\/user/,
  ),
)

for (const lng of ['es', 'en'] as const) {
  test(`a ${lng} client with two-step verification resets the password: code first, then the password`, async ({
    page,
    admin,
    baseURL,
    apiURL,
    mailbox,
  }) => {
    const user = await createClientUser(admin, { locale: lng })
    const totp = await enrolFactor(apiURL, user, 'Phone')
    await anonClient(apiURL).auth.resetPasswordForEmail(user.email, {
      redirectTo: new URL(paths.reset(lng), baseURL).href,
    })
    const mail = await mailbox.waitFor(user.email, { subject: recoverySubject(lng) })

    await page.goto(verifyLink(mail))
    await expect(page).toHaveURL(pathWithAnyHash(paths.reset(lng)))
    const reset = new ResetPasswordPage(page, lng)
    await expect(reset.heading).toBeVisible()
    const code = page.getByLabel(t(lng, 'Verification code'), { exact: true })
    await expect(code).toBeFocused()
    await expect(reset.newPassword).toBeHidden()
    await expect(
      page.getByText(
        t(
          lng,
          'Your account is protected with two-step verification. Before you choose a new password, enter the 6-digit code from your authenticator app.',
        ),
      ),
    ).toBeVisible()
    await expectNoAxeViolations(page, `reset code step (${lng})`)

    await code.fill('000000')
    await page.getByRole('button', { name: t(lng, 'Verify'), exact: true }).click()
    await expect(reset.alert).toHaveText(
      t(lng, 'That code is not valid or has already been used. Wait for the next code in your app and enter it.'),
    )
    await expect(reset.alert).toBeFocused()

    await code.fill(nextCode(totp))
    await page.getByRole('button', { name: t(lng, 'Verify'), exact: true }).click()
    await expect(reset.newPassword).toBeVisible()
    const newPassword = `after-reset-${user.id.slice(0, 8)}`
    await reset.newPassword.fill(newPassword)
    await reset.repeat.fill(newPassword)
    await reset.save.click()
    await expect(page).toHaveURL(exactPath(paths.dashboard(lng)))
  })
}

test('a client adds a backup authenticator on the account page', async ({ page, admin, apiURL }) => {
  const lng = 'en'
  const user = await createClientUser(admin, { locale: lng })
  const totp = await enrolFactor(apiURL, user, 'Phone')
  await signInAs(page, user, lng, totp)

  await page.goto(paths.account(lng))
  const section = page.getByTestId('account-mfa')
  await expect(
    section.getByText(
      t(
        lng,
        'If you lose this phone, you cannot sign in without help. Add a second authenticator (another phone or a password manager) as a backup.',
      ),
    ),
  ).toBeVisible()
  await section.getByRole('button', { name: t(lng, 'Add a backup authenticator'), exact: true }).click()
  await expect(section.getByLabel(t(lng, 'Name of the device or app'))).toHaveValue(t(lng, 'Backup authenticator'))
  await expectNoAxeViolations(page, 'backup authenticator set-up')
  await section.getByRole('button', { name: t(lng, 'Set up the backup authenticator'), exact: true }).click()
  const key = (await section.getByTestId('mfa-secret').textContent())!.replace(/\s/g, '')
  const backup = new TOTP({ secret: Secret.fromBase32(key) })
  await section.getByLabel(t(lng, '6-digit code from the app')).fill(backup.generate())
  await section.getByRole('button', { name: t(lng, 'Verify and turn on'), exact: true }).click()
  const added = t(lng, "“{name}” was added. Either app's code now works when you sign in.", {
    name: t(lng, 'Backup authenticator'),
  })
  await expect(section.getByRole('status').filter({ hasText: added })).toBeFocused()
  await expect(section.getByTestId('mfa-factor')).toHaveCount(2)
})

test('staff remove the authenticators of a client who lost them; the client is told by e-mail', async ({
  page,
  admin,
  apiURL,
  mailbox,
}) => {
  const lng = 'es'
  const user = await createClientUser(admin, { locale: lng })
  await enrolFactor(apiURL, user, 'Móvil')
  await signInStaff(page, demoUsers.admin, lng)
  await page.goto(adminPaths.organization(lng, await organizationId(admin, 'almacenes-ribera')))

  const row = userRow(page, user.email)
  const remove = row.getByRole('button', {
    name: t(lng, 'Remove two-step verification<0> of {name}</0>', { name: user.name }),
  })
  await remove.click()
  const confirm = row.getByRole('group', {
    name: t(lng, 'Remove two-step verification of {name}', { name: user.name }),
  })
  await expect(confirm).toBeVisible()
  await expectNoAxeViolations(page, 'remove two-step verification confirmation')
  // Cancelling gives the focus back to the button; confirming removes.
  await confirm.getByRole('button', { name: t(lng, 'Cancel'), exact: true }).click()
  await expect(remove).toBeFocused()
  await remove.click()
  await row.getByRole('button', { name: t(lng, 'Yes, remove it'), exact: true }).click()
  const removed = t(
    lng,
    'Two-step verification of {name} was removed. They can sign in with their password and have been told by e-mail.',
    { name: user.name },
  )
  await expect(page.getByRole('status').filter({ hasText: removed })).toBeFocused()
  const subject = securityNoticeMail('factors_reset_by_staff', lng, { email: '', factorName: '' }).subject
  const mail = await mailbox.waitFor(user.email, { subject })
  expect(mail.text).toContain('“Móvil”')
  const { data } = await admin.auth.admin.mfa.listFactors({ userId: user.id })
  expect(data?.factors).toEqual([])
})

test('an en client changes the password on the account page with the current password', async ({ page, admin }) => {
  const lng = 'en'
  const user = await createClientUser(admin, { locale: lng })
  await signInAs(page, user, lng)
  await page.goto(paths.account(lng))
  const section = page.getByTestId('account-password')
  const newPassword = `changed-${user.id.slice(0, 8)}`
  await section.getByLabel(t(lng, 'New password'), { exact: true }).fill(newPassword)
  await section.getByLabel(t(lng, 'Repeat the new password'), { exact: true }).fill(newPassword)
  const change = section.getByRole('button', { name: t(lng, 'Change password'), exact: true })
  await change.click()
  await expect(section.getByText(t(lng, 'Enter your current password.'))).toBeVisible()

  await section.getByLabel(t(lng, 'Current password'), { exact: true }).fill('not-my-password')
  await change.click()
  await expect(section.getByRole('alert')).toHaveText(t(lng, 'The current password is not correct.'))
  await expectNoAxeViolations(page, 'password change with the current password')

  // A common password: the meter says weak while typing, and the server refuses it.
  await section.getByLabel(t(lng, 'Current password'), { exact: true }).fill(user.password)
  await section.getByLabel(t(lng, 'New password'), { exact: true }).fill('password123')
  await section.getByLabel(t(lng, 'Repeat the new password'), { exact: true }).fill('password123')
  await expect(section.getByTestId('password-strength')).toHaveAttribute('data-level', 'weak')
  await change.click()
  await expect(section.getByRole('alert')).toHaveText(
    t(lng, 'This password is one of the most common ones and easy to guess. Choose a different one.'),
  )
  await section.getByLabel(t(lng, 'New password'), { exact: true }).fill(newPassword)
  await section.getByLabel(t(lng, 'Repeat the new password'), { exact: true }).fill(newPassword)
  await expect(section.getByTestId('password-strength')).not.toHaveAttribute('data-level', 'weak')
  await change.click()
  await expect(
    section
      .getByRole('status')
      .filter({ hasText: t(lng, 'Your password has been changed. Use the new one the next time you sign in.') }),
  ).toBeVisible()
})

test('an es client who forgot the current password confirms the change with a code by e-mail', async ({
  page,
  admin,
  mailbox,
}) => {
  const lng = 'es'
  const user = await createClientUser(admin, { locale: lng })
  await signInAs(page, user, lng)
  await page.goto(paths.account(lng))
  const section = page.getByTestId('account-password')
  await section.getByRole('button', { name: t(lng, 'Forgot it? E-mail me a code instead'), exact: true }).click()
  await expect(
    section.getByRole('status').filter({
      hasText: t(lng, 'We have sent a 6-digit code to {email}. It is valid for one hour.', { email: user.email }),
    }),
  ).toBeVisible()
  const mail = await mailbox.waitFor(user.email)
  const code = /^(\d{6}) es su código de verificación de Cauce Data$/.exec(mail.subject)?.[1]
  expect(code).toBeDefined()
  await expectNoAxeViolations(page, 'password change with a code')

  const newPassword = `cambiada-${user.id.slice(0, 8)}`
  await section.getByLabel(t(lng, 'Code from the e-mail'), { exact: true }).fill(code!)
  await section.getByLabel(t(lng, 'New password'), { exact: true }).fill(newPassword)
  await section.getByLabel(t(lng, 'Repeat the new password'), { exact: true }).fill(newPassword)
  await section.getByRole('button', { name: t(lng, 'Change password'), exact: true }).click()
  await expect(
    section.getByRole('status').filter({
      hasText: t(lng, 'Your password has been changed. Use the new one the next time you sign in.'),
    }),
  ).toBeVisible()
})

/** Signs a fresh client in through the portal's login page, with their code when `totp` is given. */
async function signInAs(page: import('@playwright/test').Page, user: FreshUser, lng: 'es' | 'en', totp?: TOTP) {
  await page.goto(paths.login(lng))
  await page.getByLabel(t(lng, 'E-mail'), { exact: true }).fill(user.email)
  await page.getByLabel(t(lng, 'Password'), { exact: true }).fill(user.password)
  await page.getByRole('button', { name: t(lng, 'Sign in'), exact: true }).click()
  if (totp) {
    await page.getByLabel(t(lng, 'Verification code'), { exact: true }).fill(nextCode(totp))
    await page.getByRole('button', { name: t(lng, 'Verify'), exact: true }).click()
  }
  await expect(page).toHaveURL(exactPath(paths.dashboard(lng)))
}
