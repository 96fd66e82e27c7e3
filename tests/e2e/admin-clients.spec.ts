// The admin area's clients and team pages, end to end: staff create an organization and invite a
// client user, who gets the e-mail in their language, sets a password on its link and lands in
// the portal; an invitation is resent and an account deactivated and reactivated, each after a
// confirmation; bad input in the organization and invitation forms is named next to its field and
// changes nothing; an admin sees roles read-only while a super_admin changes one; and axe finds
// nothing on any of these pages in either language.
import type { Page } from '@playwright/test'
import { expectNoAxeViolations } from './support/a11y'
import { allowConsoleErrors } from './support/fixtures'
import { test, expect, pathWithAnyHash, paths, PortalPage } from './support/auth'
import { t } from './support/catalog'
import { verifyLink } from './support/mail'
import { demoUsers } from './support/users'
import { adminPaths, createOrganization, createStaffUser, signInStaff, userRow } from './support/admin'
import { inviteMail } from '../../supabase/functions/_shared/mail/invite'
import type { Locale } from '../../src/lib/locale'
import { expectFocusedStatus } from './support/assertions'

test.use({ locale: 'es-ES', viewport: { width: 1280, height: 800 }, colorScheme: 'light' })

/** The subject the server's own template gives the invitation in `lng`. */
const inviteSubject = (lng: Locale) => inviteMail(lng, { email: 'x@example.com', link: 'https://x.invalid' }).subject

const field = (page: Page, lng: Locale, label: string) => page.getByLabel(t(lng, label), { exact: true })
const button = (page: Page, lng: Locale, name: string) => page.getByRole('button', { name: t(lng, name), exact: true })

async function count(
  admin: import('@supabase/supabase-js').SupabaseClient,
  table: string,
  column: string,
  value: string,
) {
  const { count: total, error } = await admin.from(table).select('id', { count: 'exact', head: true }).eq(column, value)
  if (error) throw new Error(error.message)
  return total ?? 0
}

for (const lng of ['es', 'en'] as const) {
  test.describe(`${lng}`, () => {
    test(`staff create an organization and invite a client, who sets a password and lands in the portal (${lng})`, async ({
      page,
      browser,
      admin,
      mailbox,
    }) => {
      test.slow() // two browsers, the invitation, the password, the confirmation and its e-mails
      const tag = Math.random().toString(36).slice(2, 10)
      const name = `Óptica Núñez ${tag}`
      const email = `e2e-invitee-${tag}@example.com`
      const personName = `Invitee ${tag}`

      await signInStaff(page, demoUsers.admin, lng)
      await page.goto(adminPaths.organizations(lng))
      await expect(page.getByRole('heading', { level: 1, name: t(lng, 'Clients') })).toBeVisible()

      // The short name follows the name.
      await field(page, lng, 'Name').fill(name)
      await expect(field(page, lng, 'Short name')).toHaveValue(`optica-nunez-${tag}`)
      await field(page, lng, 'Country code (optional)').fill('es')
      // typed without a scheme, as people write addresses: stored as https
      await field(page, lng, 'Website (optional)').fill('optica.example')
      await button(page, lng, 'Create organization').click()

      await expect(page).toHaveURL(/\/admin\/dashboard\/organizations\/[0-9a-f-]{36}$/)
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
      const organizationId = page.url().split('/').at(-1)!
      const { data: saved } = await admin
        .from('organizations')
        .select('slug, country_code, website')
        .eq('id', organizationId)
        .single()
      expect(saved).toEqual({ slug: `optica-nunez-${tag}`, country_code: 'ES', website: 'https://optica.example' })

      // The invitation, in the other language than the page's, to show it follows the invitee.
      const inviteeLng: Locale = lng === 'es' ? 'en' : 'es'
      await field(page, lng, 'E-mail').fill(email)
      await field(page, lng, 'Full name').fill(personName)
      await field(page, lng, 'Language of the invitation and the portal').selectOption(inviteeLng)
      await button(page, lng, 'Send invitation').click()
      await expect(
        page.getByRole('status').filter({ hasText: t(lng, 'Invitation sent to {email}.', { email }) }),
      ).toBeVisible()
      const row = userRow(page, email)
      await expect(row).toContainText(t(lng, 'Invited, not accepted yet'))

      const mail = await mailbox.waitFor(email)
      expect(mail.subject).toBe(inviteSubject(inviteeLng))
      // greeted by the name typed above, and told who at the firm invited them (the admin, Marta Gil)
      expect(mail.text.split('\n')[0]).toBe(inviteeLng === 'es' ? `Hola, ${personName}:` : `Hello ${personName},`)
      expect(mail.text).toContain(
        inviteeLng === 'es' ? 'Marta Gil, de Cauce Data, le ha invitado' : 'Marta Gil at Cauce Data has invited',
      )

      // The invitee, in a browser of their own.
      const context = await browser.newContext({ locale: inviteeLng === 'es' ? 'es-ES' : 'en-US' })
      const invitee = await context.newPage()
      await invitee.goto(verifyLink(mail))
      await expect(invitee).toHaveURL(pathWithAnyHash(paths.reset(inviteeLng)))
      await expect(
        invitee.getByRole('heading', { level: 1, name: t(inviteeLng, 'Choose your password') }),
      ).toBeVisible()
      await field(invitee, inviteeLng, 'New password').fill(`chosen-${tag}-pass`)
      await field(invitee, inviteeLng, 'Repeat the new password').fill(`chosen-${tag}-pass`)
      await button(invitee, inviteeLng, 'Save my password').click()
      await expect(invitee).toHaveURL(new RegExp(`${paths.dashboard(inviteeLng)}$`))
      await expect(new PortalPage(invitee, inviteeLng).nav).toBeVisible()
      // The dashboard says the password is set; choosing the first one is no change to be warned of.
      await expectFocusedStatus(
        invitee,
        inviteeLng,
        'Your password is set and you are signed in. From now on, sign in with your e-mail address and this password.',
      )
      expect(await mailbox.to(email)).toHaveLength(1)
      // The same invitation again, now used: the page speaks of the invitation (not of password
      // resets or one hour) and offers to sign in.
      // (Signed out on a public page: the dashboard's reads may still be under way.)
      await invitee.goto(`/${inviteeLng}/legal/notice`)
      await invitee.context().clearCookies()
      await invitee.evaluate(() => localStorage.clear())
      await invitee.goto(verifyLink(mail))
      await expect(
        invitee.getByText(t(inviteeLng, 'This invitation has expired or has already been used.')),
      ).toBeVisible()
      await expect(
        invitee.getByText(
          t(
            inviteeLng,
            'An invitation works once, for {inviteHours} hours. If you have already chosen your password, sign in. Otherwise, ask your Cauce Data contact to send you a new invitation.',
            { inviteHours: 24 },
          ),
        ),
      ).toBeVisible()
      await expect(invitee.getByRole('link', { name: t(inviteeLng, 'Send me a new link'), exact: true })).toHaveCount(0)
      await expectNoAxeViolations(invitee, 'a used invitation')
      await invitee
        .getByRole('main')
        .getByRole('link', { name: t(inviteeLng, 'Sign in'), exact: true })
        .click()
      await expect(invitee).toHaveURL(new RegExp(`${paths.login(inviteeLng)}$`))
      await context.close()

      // Accepted: staff now see an active account, with nothing to resend.
      await page.reload()
      await expect(row).toContainText(t(lng, 'Active'))
      await expect(
        row.getByRole('button', {
          name: new RegExp(`^${t(lng, 'Resend invitation<0> to {name}</0>', { name: personName })}`),
        }),
      ).toHaveCount(0)
    })

    test(`staff resend an invitation, then deactivate and reactivate the account after confirming (${lng})`, async ({
      page,
      admin,
      mailbox,
    }) => {
      const organization = await createOrganization(admin, lng)
      const tag = organization.slug.slice(-8)
      const email = `e2e-pending-${tag}@example.com`
      const personName = `Pending ${tag}`

      await signInStaff(page, demoUsers.admin, lng)
      await page.goto(adminPaths.organization(lng, organization.id))
      await expect(page.getByRole('heading', { level: 1, name: organization.name })).toBeVisible()
      // The organization's default language is proposed for the invitation.
      await expect(field(page, lng, 'Language of the invitation and the portal')).toHaveValue(lng)
      await field(page, lng, 'E-mail').fill(email)
      await field(page, lng, 'Full name').fill(personName)
      await button(page, lng, 'Send invitation').click()
      const first = await mailbox.waitFor(email)
      expect(first.subject).toBe(inviteSubject(lng))

      const row = userRow(page, email)
      await row
        .getByRole('button', { name: t(lng, 'Resend invitation<0> to {name}</0>', { name: personName }) })
        .click()
      await expect(
        page
          .getByRole('status')
          .filter({ hasText: t(lng, 'The invitation has been sent again to {email}.', { email }) }),
      ).toBeVisible()
      const second = await mailbox.waitFor(email, { after: first.id })
      expect(second.subject).toBe(inviteSubject(lng))

      // Deactivate: a confirmation first; Escape cancels it and gives the focus back.
      const deactivate = row.getByRole('button', { name: t(lng, 'Deactivate<0> {name}</0>', { name: personName }) })
      // (the row's actions wait, disabled, until the list has been read again after the resend)
      await expect(deactivate).toBeEnabled()
      await deactivate.focus()
      await page.keyboard.press('Enter')
      const confirmDeactivate = row.getByRole('button', { name: t(lng, 'Yes, deactivate'), exact: true })
      await expect(confirmDeactivate).toBeFocused()
      await page.keyboard.press('Escape')
      await expect(deactivate).toBeFocused()
      await page.keyboard.press('Enter')
      await expect(confirmDeactivate).toBeFocused()
      await page.keyboard.press('Enter')
      await expect(row).toContainText(t(lng, 'Deactivated'))
      const { data: deactivated } = await admin.from('profiles').select('is_active').eq('email', email).single()
      expect(deactivated).toEqual({ is_active: false })

      await row.getByRole('button', { name: t(lng, 'Reactivate<0> {name}</0>', { name: personName }) }).click()
      await row.getByRole('button', { name: t(lng, 'Yes, reactivate'), exact: true }).click()
      await expect(row).toContainText(t(lng, 'Invited, not accepted yet'))
      const { data: reactivated } = await admin.from('profiles').select('is_active').eq('email', email).single()
      expect(reactivated).toEqual({ is_active: true })
    })

    test.describe('refused input', () => {
      // The taken short name (REST) and the taken address (the function) are answered 409, on purpose.
      test.use(
        allowConsoleErrors(
          /status of 409 \(Conflict\) @ .*\/rest\/v1\/organizations/,
          /status of 409 \(Conflict\) @ .*\/functions\/v1\/admin-users/,
        ),
      )

      test(`bad input in the organization and invitation forms gets messages and changes nothing (${lng})`, async ({
        page,
        admin,
        mailbox,
      }) => {
        // Organizations by the names tried below (other tests create organizations meanwhile).
        const tried = () =>
          admin
            .from('organizations')
            .select('id', { count: 'exact', head: true })
            .in('name', ['x'.repeat(201), 'Almacenes Ribera'])
        const { count: before } = await tried()
        await signInStaff(page, demoUsers.admin, lng)
        await page.goto(adminPaths.organizations(lng))
        const create = button(page, lng, 'Create organization')

        // Empty.
        await create.click()
        await expect(field(page, lng, 'Name')).toHaveAttribute('aria-invalid', 'true')
        await expect(field(page, lng, 'Name')).toBeFocused()
        await expect(page.getByText(t(lng, "Enter the organization's name."), { exact: true })).toBeVisible()
        await expect(page.getByText(t(lng, 'Enter a short name.'), { exact: true })).toBeVisible()

        // Too long, and of the wrong kind.
        await field(page, lng, 'Name').fill('x'.repeat(201))
        await field(page, lng, 'Short name').fill('Not A Slug!')
        await field(page, lng, 'Country code (optional)').fill('Spain')
        await field(page, lng, 'Website (optional)').fill('ftp://example.com')
        await field(page, lng, 'Tax ID (optional)').fill('9'.repeat(41))
        await create.click()
        for (const message of [
          'A name has between 2 and 200 characters.',
          'Use lowercase letters, digits and single hyphens, at most 80 characters.',
          'Enter the two-letter country code, for example ES.',
          'Enter a web address such as example.com or https://example.com, at most 300 characters.',
          'A tax ID has at most 40 characters.',
        ]) {
          await expect(page.getByText(t(lng, message), { exact: true })).toBeVisible()
        }

        // Valid, but the database refuses: the short name is taken.
        await field(page, lng, 'Name').fill('Almacenes Ribera')
        await field(page, lng, 'Short name').fill('almacenes-ribera')
        await field(page, lng, 'Country code (optional)').fill('')
        await field(page, lng, 'Website (optional)').fill('')
        await field(page, lng, 'Tax ID (optional)').fill('')
        await create.click()
        await expect(
          page.getByText(t(lng, 'Another organization already uses this short name. Choose a different one.'), {
            exact: true,
          }),
        ).toBeVisible()
        await expect(field(page, lng, 'Short name')).toBeFocused()
        await expect(page).toHaveURL(new RegExp(`${adminPaths.organizations(lng)}$`))
        const { count: after } = await tried()
        expect(after).toBe(before)

        // The invitation form.
        const organization = await createOrganization(admin, lng)
        await page.goto(adminPaths.organization(lng, organization.id))
        const send = button(page, lng, 'Send invitation')
        await send.click()
        await expect(field(page, lng, 'E-mail')).toBeFocused()
        await expect(page.getByText(t(lng, "Enter the person's e-mail address."), { exact: true })).toBeVisible()
        await expect(page.getByText(t(lng, "Enter the person's name."), { exact: true })).toBeVisible()

        const wrong = `not-an-address-${organization.slug}`
        await field(page, lng, 'E-mail').fill(wrong)
        await field(page, lng, 'Full name').fill('y'.repeat(201))
        await send.click()
        await expect(
          page.getByText(t(lng, 'Enter an e-mail address like name@company.com.'), { exact: true }),
        ).toBeVisible()
        await expect(page.getByText(t(lng, 'A name has at most 200 characters.'), { exact: true })).toBeVisible()

        // A client of another organization: the server says so on the field, and moves nobody.
        await field(page, lng, 'E-mail').fill(demoUsers.lucia.email)
        await field(page, lng, 'Full name').fill('Lucía otra vez')
        await send.click()
        await expect(
          page.getByText(
            t(
              lng,
              'This address belongs to a client of another organization, and an account belongs to one organization only.',
            ),
            { exact: true },
          ),
        ).toBeVisible()
        await expect(field(page, lng, 'E-mail')).toHaveAttribute('aria-invalid', 'true')

        expect(await count(admin, 'profiles', 'organization_id', organization.id)).toBe(0)
        const { data: lucia } = await admin
          .from('profiles')
          .select('organization_id, full_name')
          .eq('email', demoUsers.lucia.email)
          .single()
        expect(lucia?.full_name).toBe(demoUsers.lucia.name)
        const invitations = (await mailbox.to(demoUsers.lucia.email)).filter(
          (mail) => mail.subject === inviteSubject('es') || mail.subject === inviteSubject('en'),
        )
        expect(invitations).toHaveLength(0)
        await expect(
          page.getByText(t(lng, 'This organization has no portal users yet. Invite the first one below.')),
        ).toBeVisible()
      })
    })

    test(`an admin sees roles read-only; a super_admin changes a role (${lng})`, async ({ page, browser, admin }) => {
      const colleague = await createStaffUser(admin)

      await signInStaff(page, demoUsers.admin, lng)
      await page.goto(adminPaths.team(lng))
      await expect(page.getByRole('heading', { level: 1, name: t(lng, 'Team') })).toBeVisible()
      await expect(page.getByTestId('roles-read-only')).toBeVisible()
      const asAdminRow = userRow(page, colleague.email)
      await expect(asAdminRow).toContainText(t(lng, 'Admin'))
      const main = page.getByRole('main')
      await expect(main.getByRole('combobox')).toHaveCount(0)
      await expect(main.getByRole('button', { name: t(lng, 'Send invitation'), exact: true })).toHaveCount(0)

      const context = await browser.newContext({ locale: lng === 'es' ? 'es-ES' : 'en-US' })
      const superPage = await context.newPage()
      await signInStaff(superPage, demoUsers.superAdmin, lng)
      await superPage.goto(adminPaths.team(lng))
      await expect(superPage.getByTestId('roles-read-only')).toHaveCount(0)
      const row = userRow(superPage, colleague.email)
      const select = row.getByLabel(t(lng, 'Role of {name}', { name: colleague.name }), { exact: true })
      await select.selectOption('super_admin')
      const changeRole = row.getByRole('button', {
        name: t(lng, 'Change role<0> of {name}</0>', { name: colleague.name }),
      })
      await changeRole.click()
      // promotion to super admin asks first, naming what it grants; Cancel changes nothing
      const question = row.getByRole('group', {
        name: t(
          lng,
          'Make {name} a super admin? A super admin can also invite staff, change anyone’s role (including making more super admins) and deactivate or reactivate colleagues.',
          { name: colleague.name },
        ),
      })
      const confirm = question.getByRole('button', {
        name: t(lng, 'Yes, make {name} a super admin', { name: colleague.name }),
      })
      await expect(confirm).toBeFocused()
      await expectNoAxeViolations(superPage, `${adminPaths.team(lng)} confirming a promotion`)
      await question.getByRole('button', { name: t(lng, 'Cancel'), exact: true }).click()
      await expect(question).toHaveCount(0)
      await expect(select).toBeFocused()
      await expect(select).toHaveValue('admin')
      const unchanged = await admin.from('profiles').select('role').eq('id', colleague.id).single()
      expect(unchanged.data).toEqual({ role: 'admin' })
      await select.selectOption('super_admin')
      await changeRole.click()
      await confirm.click()
      const label = t(lng, 'Super admin')
      await expect(
        superPage
          .getByRole('status')
          .filter({ hasText: t(lng, '{name} is now {label}.', { name: colleague.name, label }) }),
      ).toBeVisible()
      const { data } = await admin.from('profiles').select('role').eq('id', colleague.id).single()
      expect(data).toEqual({ role: 'super_admin' })
      // Their own role is not theirs to change.
      await expect(userRow(superPage, demoUsers.superAdmin.email).getByRole('combobox')).toHaveCount(0)
      await context.close()
    })

    test(`the clients and team pages pass axe (${lng})`, async ({ page, admin }) => {
      test.setTimeout(90_000)
      const organization = await createOrganization(admin, lng)
      await signInStaff(page, demoUsers.admin, lng)

      await page.goto(adminPaths.organizations(lng))
      await expect(page.getByRole('heading', { level: 1, name: t(lng, 'Clients') })).toBeVisible()
      await expect(page.locator('html')).toHaveAttribute('lang', lng)
      await expectNoAxeViolations(page, adminPaths.organizations(lng))
      await field(page, lng, 'Search organizations').fill(organization.name)
      await expect(page.getByRole('link', { name: organization.name, exact: true })).toBeVisible()
      await button(page, lng, 'Create organization').click()
      await expectNoAxeViolations(page, `${adminPaths.organizations(lng)} with errors`)

      await page.goto(adminPaths.organization(lng, '0a000000-0000-4000-8000-000000000001'))
      await expect(page.getByRole('heading', { level: 1, name: 'Almacenes Ribera' })).toBeVisible()
      await expectNoAxeViolations(page, 'a seeded organization')
      await button(page, lng, 'Send invitation').click()
      await page
        .getByRole('button', {
          name: new RegExp(`^${t(lng, 'Deactivate<0> {name}</0>', { name: demoUsers.lucia.name })}$`),
        })
        .click()
      await expectNoAxeViolations(page, 'a seeded organization with errors and a confirmation')

      await page.goto(adminPaths.organization(lng, 'no-such-organization'))
      await expect(page.getByRole('heading', { level: 1, name: t(lng, 'Organization not found') })).toBeVisible()
      await expectNoAxeViolations(page, 'an unknown organization')

      await page.goto(adminPaths.team(lng))
      await expect(page.getByRole('heading', { level: 1, name: t(lng, 'Team') })).toBeVisible()
      await expectNoAxeViolations(page, `${adminPaths.team(lng)} as admin`)
    })

    test(`the team page of a super_admin passes axe (${lng})`, async ({ page }) => {
      await signInStaff(page, demoUsers.superAdmin, lng)
      await page.goto(adminPaths.team(lng))
      await expect(page.getByRole('heading', { level: 2, name: t(lng, 'Invite a staff member') })).toBeVisible()
      await expectNoAxeViolations(page, `${adminPaths.team(lng)} as super_admin`)
      await button(page, lng, 'Send invitation').click()
      await expectNoAxeViolations(page, `${adminPaths.team(lng)} as super_admin, with errors`)
    })
  })
}
