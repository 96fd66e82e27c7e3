// Notification preferences (issue 25, item 4; decision 0035): a client reaches the settings from
// the account page, turns off e-mail for conversation messages with the keyboard alone, and the
// next message reaches them in the portal but not by e-mail, while a shared document still does;
// that e-mail's settings link opens the same page. Staff reach theirs from the admin account page.
// Both languages, 375 and 1366 px, axe on the settings page.
import { randomUUID } from 'node:crypto'
import { withLangPrefix } from '../../src/lib/pages'
import { expectNoAxeViolations } from './support/a11y'
import { createOrganization, createProject, signInStaff } from './support/admin'
import { test, expect, signIn } from './support/auth'
import { t } from './support/catalog'
import { createClientUser, demoUsers, type OrganizationSlug } from './support/users'

for (const [lng, width] of [
  ['es', 375],
  ['en', 1366],
] as const) {
  test(`a client turns off message e-mails; the next message shows in the portal only (${lng}, ${width}px)`, async ({
    page,
    admin,
    mailbox,
  }) => {
    test.setTimeout(60_000)
    const organization = await createOrganization(admin, lng)
    const project = await createProject(admin, organization.id, {
      name: `Avisos ${randomUUID().slice(0, 8)}`,
      visible_to_client: true,
    })
    const person = await createClientUser(admin, { locale: lng, organization: organization.slug as OrganizationSlug })

    await signIn(page, person, lng)
    await page.setViewportSize({ width, height: 900 })
    await page.goto(withLangPrefix('/client-portal/dashboard/account', lng))
    await page.getByRole('link', { name: t(lng, 'Choose your notification e-mails') }).click()
    const settingsPath = withLangPrefix('/client-portal/dashboard/notification-settings', lng)
    await expect(page).toHaveURL(new RegExp(`${settingsPath}$`))
    await expect(page.getByRole('heading', { level: 1, name: t(lng, 'Notification settings') })).toBeVisible()

    // Keyboard only: the native select moves to "Not by e-mail" with an arrow, Enter saves.
    const messages = page.getByRole('combobox', { name: t(lng, 'Conversation messages') })
    await expect(messages).toHaveValue('digest')
    await expect(page.getByRole('combobox', { name: t(lng, 'Mentions') })).toHaveValue('immediately')
    await messages.focus()
    await page.keyboard.press('ArrowDown')
    await expect(messages).toHaveValue('off')
    await page.getByRole('button', { name: t(lng, 'Save preferences') }).focus()
    await page.keyboard.press('Enter')
    await expect(page.getByRole('status')).toHaveText(t(lng, 'Your notification preferences have been saved.'))
    await expect(page.getByRole('status')).toBeFocused()
    await expectNoAxeViolations(page, `notification settings (${lng}, ${width}px)`)

    // Staff write in the conversation, then share a document: only the document comes by e-mail.
    const marker = randomUUID().slice(0, 8)
    const { data: author } = await admin
      .from('profiles')
      .select('id')
      .eq('email', demoUsers.superAdmin.email)
      .single<{ id: string }>()
    const message = await admin
      .from('conversation_messages')
      .insert({ project_id: project.id, author_id: author!.id, body: `Mensaje ${marker}` })
    expect(message.error).toBeNull()
    const document = await admin.from('documents').insert({
      project_id: project.id,
      name: `Plan ${marker}.pdf`,
      storage_path: `${organization.id}/${project.id}/plan-${marker}.pdf`,
      mime_type: 'application/pdf',
      size_bytes: 1000,
      visible_to_client: true,
    })
    expect(document.error).toBeNull()
    const about = async (text: string) => (await mailbox.to(person.email)).filter((m) => m.text.includes(text))
    await expect.poll(async () => (await about(`Plan ${marker}`)).length, { timeout: 30_000 }).toBe(1)
    const [mail] = await about(`Plan ${marker}`)
    // The message was written first: had it been e-mailed, it would have come by now.
    expect(await about(`Mensaje ${marker}`)).toEqual([])

    // The portal still shows it.
    await page.goto(withLangPrefix('/client-portal/dashboard/notifications', lng))
    await expect(page.getByRole('article').filter({ hasText: `Mensaje ${marker}` })).toBeVisible()

    // The e-mail's settings link opens the page, with the choice saved.
    const link = /^(https?:\/\/\S+\/notification-settings)$/m.exec(mail!.text)?.[1]
    expect(link).toMatch(new RegExp(`${settingsPath}$`))
    await page.goto(link!)
    await expect(page.getByRole('heading', { level: 1, name: t(lng, 'Notification settings') })).toBeVisible()
    await expect(page.getByRole('combobox', { name: t(lng, 'Conversation messages') })).toHaveValue('off')
  })
}

test('staff reach their notification settings from the admin account page (es, 375px)', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 900 })
  await signInStaff(page, demoUsers.admin, 'es')
  await page.goto(withLangPrefix('/admin/dashboard/account', 'es'))
  await page.getByRole('link', { name: t('es', 'Choose your notification e-mails') }).click()
  await expect(page).toHaveURL(new RegExp(`${withLangPrefix('/admin/dashboard/notification-settings', 'es')}$`))
  await expect(page.getByRole('heading', { level: 1, name: t('es', 'Notification settings') })).toBeVisible()
  await expect(page.getByRole('combobox', { name: t('es', 'How often the digest may come') })).toHaveValue('soon')
  await expectNoAxeViolations(page, 'admin notification settings (es, 375px)')
})
