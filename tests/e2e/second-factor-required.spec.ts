// A second factor made mandatory (decision 0037). The rule lives in SQL; these tests show what a
// person meets: sent to set up an authenticator before the area, then on to the page they asked
// for. The e2e server runs the demo seed (staff setting off), so each test requires it of its own
// fresh account or organization only: other specs running beside it never see a requirement.
import type { Page } from '@playwright/test'
import { randomUUID } from 'node:crypto'
import { TOTP, URI } from 'otpauth'
import { withLangPrefix } from '../../src/lib/pages'
import type { Locale } from '../../src/lib/locale'
import { createStaffUser } from './support/admin'
import { expect, exactPath, paths, startSession, test } from './support/auth'
import { expectNoAxeViolations } from './support/a11y'
import { t } from './support/catalog'
import { demoUsers } from './support/users'

const secondFactorPath = (lng: Locale, redirect: string) =>
  `${withLangPrefix('/second-factor', lng)}?redirect=${encodeURIComponent(redirect)}`

/** Sets up an authenticator on the enrolment page with the keyboard only, the code computed here. */
async function enrolWithKeyboard(page: Page, lng: Locale) {
  await expect(
    page.getByRole('heading', { level: 1, name: t(lng, 'Set up two-step verification to continue') }),
  ).toBeVisible()
  const name = page.getByLabel(t(lng, 'Name of the device or app'))
  await name.focus()
  await name.fill('Work phone')
  await page.keyboard.press('Enter')
  const appLink = page.getByRole('link', { name: t(lng, 'Open in an authenticator app on this device') })
  const totp = URI.parse((await appLink.getAttribute('href'))!) as TOTP
  const code = page.getByLabel(t(lng, '6-digit code from the app'))
  await code.focus()
  await page.keyboard.type(totp.generate())
  await page.keyboard.press('Enter')
}

test('a staff member without a second factor sets one up before the admin area, then reaches the page (en, 1366 px)', async ({
  page,
  admin,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 })
  const staff = await createStaffUser(admin)
  const password = `staff-pass-${staff.email.slice('e2e-staff-'.length, 'e2e-staff-'.length + 8)}`
  // The requirement for this account alone (the staff setting stays off for the other specs).
  const listed = await admin.from('second_factor_required_accounts').insert({ user_id: staff.id })
  expect(listed.error).toBeNull()

  await startSession(page, { email: staff.email, password })
  const asked = withLangPrefix('/admin/dashboard/organizations', 'en')
  await page.goto(asked)
  await expect(page).toHaveURL(exactPath(secondFactorPath('en', asked)))
  await expect(
    page.getByText(
      t(
        'en',
        'Staff accounts must use two-step verification: staff can see every client’s data, so a stolen password alone must not be enough. Set up an authenticator app now; you will then go on to the admin area.',
      ),
    ),
  ).toBeVisible()
  await expect(page.getByTestId('mfa-banner')).toHaveCount(0)
  await expectNoAxeViolations(page, 'second-factor enrolment (staff, en)')

  await enrolWithKeyboard(page, 'en')
  await expect(page).toHaveURL(exactPath(asked))
  await expect(page.getByRole('heading', { level: 1, name: t('en', 'Clients') })).toBeVisible()
  // Now at aal2 the database grants staff rights: the clients table lists the seeded organizations.
  await expect(page.getByText('Almacenes Ribera').first()).toBeVisible()
  const { data } = await admin.auth.admin.mfa.listFactors({ userId: staff.id })
  expect(data?.factors).toMatchObject([{ factor_type: 'totp', status: 'verified', friendly_name: 'Work phone' }])
})

test('staff require it of an organization; its client sets it up before the portal (es, 375 px)', async ({
  page,
  admin,
}) => {
  await page.setViewportSize({ width: 375, height: 800 })
  const tag = randomUUID().slice(0, 8)
  const created = await admin
    .from('organizations')
    .insert({ name: `Prueba ${tag}`, slug: `e2e-mfa-${tag}`, default_locale: 'es' })
    .select('id')
    .single<{ id: string }>()
  expect(created.error).toBeNull()
  const organizationId = created.data!.id
  try {
    // The demo admin (es) switches the requirement on, by keyboard, on the organization's page.
    await startSession(page, demoUsers.admin)
    await page.goto(withLangPrefix(`/admin/dashboard/organizations/${organizationId}`, 'es'))
    const require = page.getByRole('button', { name: t('es', 'Require two-step verification') })
    await require.focus()
    await page.keyboard.press('Enter')
    await expect(page.getByRole('status')).toHaveText(
      t('es', 'Two-step verification is now required for this organization’s users.'),
    )
    await expect(page.getByRole('button', { name: t('es', 'Stop requiring two-step verification') })).toBeVisible()
    await expectNoAxeViolations(page, 'organization page with the requirement (es, 375)')

    // A client of that organization.
    const email = `e2e-${tag}@example.com`
    const password = `first-pass-${tag}`
    const user = await admin.auth.admin.createUser({
      email,
      password,
      email_confirm: true,
      user_metadata: { full_name: `Prueba ${tag}`, locale: 'es' },
    })
    expect(user.error).toBeNull()
    const moved = await admin.from('profiles').update({ organization_id: organizationId }).eq('id', user.data.user!.id)
    expect(moved.error).toBeNull()

    await page.evaluate(() => window.localStorage.clear())
    await startSession(page, { email, password })
    const asked = paths.dashboard('es')
    await page.goto(asked)
    await expect(page).toHaveURL(exactPath(secondFactorPath('es', asked)))
    await expect(
      page.getByText(
        t(
          'es',
          'Your organization asks everyone to use two-step verification before they see its projects. Set up an authenticator app now; you will then go on to the portal.',
        ),
      ),
    ).toBeVisible()
    await expectNoAxeViolations(page, 'second-factor enrolment (client, es, 375)')
    await enrolWithKeyboard(page, 'es')
    await expect(page).toHaveURL(exactPath(asked))
  } finally {
    await admin.from('organizations').delete().eq('id', organizationId)
  }
})
