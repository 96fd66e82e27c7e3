// A staff invitation to an address that already has an account in use (someone who signed up on
// their own): the account is attached to the organization instead of a 409, staff are told so,
// and the person gets the news in their own language and finds the organization in the portal
// with the password they already had. Both languages, axe on the page after the answer.
import { expectNoAxeViolations } from './support/a11y'
import { test, expect, paths, SignInPage } from './support/auth'
import { t } from './support/catalog'
import { demoUsers } from './support/users'
import { adminPaths, createOrganization, signInStaff } from './support/admin'
import type { Locale } from '../../src/lib/locale'

test.use({ viewport: { width: 1280, height: 800 }, colorScheme: 'light' })

const noticeSubject = (lng: Locale, organization: string) =>
  lng === 'en'
    ? `You now have access to ${organization} in the client portal`
    : `Ahora tiene acceso a ${organization} en el portal de clientes`

for (const lng of ['es', 'en'] as const) {
  test(`inviting an address with an account attaches it and tells the person (${lng})`, async ({
    page,
    browser,
    admin,
    mailbox,
  }) => {
    const organization = await createOrganization(admin, lng)
    const tag = organization.slug.slice(-8)
    const email = `e2e-existing-${tag}@example.com`
    const personLng: Locale = lng === 'es' ? 'en' : 'es'
    const secret = `own-password-${tag}`
    const created = await admin.auth.admin.createUser({ email, password: secret, email_confirm: true })
    expect(created.error).toBeNull()
    await admin.from('profiles').update({ locale: personLng }).eq('id', created.data.user!.id)

    await signInStaff(page, demoUsers.admin, lng)
    await page.goto(adminPaths.organization(lng, organization.id))
    await expect(page.getByRole('heading', { level: 1, name: organization.name })).toBeVisible()
    await page.getByLabel(t(lng, 'E-mail'), { exact: true }).fill(email)
    await page.getByLabel(t(lng, 'Full name'), { exact: true }).fill(`Existing ${tag}`)
    await page.getByRole('button', { name: t(lng, 'Send invitation'), exact: true }).click()
    await expect(
      page.getByRole('status').filter({
        hasText: t(
          lng,
          '{email} already had an account: it now belongs to this organization, and we have told the person.',
          {
            email,
          },
        ),
      }),
    ).toBeVisible()
    await expectNoAxeViolations(page, `the organization page after attaching an account (${lng})`)

    // The person hears of it in their own language, and signs in with the password they had.
    const mail = await mailbox.waitFor(email, { subject: noticeSubject(personLng, organization.name) })
    expect(mail.html).toContain(`<html lang="${personLng}">`)
    const context = await browser.newContext()
    const person = await context.newPage()
    const signIn = await SignInPage.open(person, paths.login(personLng), personLng)
    await signIn.email.fill(email)
    await signIn.password.fill(secret)
    await signIn.submit.click()
    await expect(person).toHaveURL(new RegExp(`${paths.dashboard(personLng)}$`))
    await context.close()
  })
}
