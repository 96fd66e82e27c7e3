// Approvals end to end, in two browsers: a staff member (English, desktop) makes a client user an
// approver under Team access and asks for approval of a shared document; the client (Spanish, on
// a 375 px phone) finds it on the overview (waiting for how long, in words), downloads the very
// version under approval from the card, asks for changes with a comment, then approves a new
// version after a confirmation dialog that names it (keyboard only, Escape cancels); the record
// (who, which version, the comment) appears on both sides, in the activity and in the CSV file,
// whose cells are guarded against formulas. A report under approval links to its card. The
// pending badge is amber, not an error's red. axe on every screen, in light and dark.
import { randomUUID } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import type { Locator, Page } from '@playwright/test'
import type { SupabaseClient } from '@supabase/supabase-js'
import { withLangPrefix } from '../../src/lib/pages'
import { expectNoAxeViolations } from './support/a11y'
import { createOrganization, createProject, signInStaff } from './support/admin'
import { test, expect, signIn } from './support/auth'
import { t } from './support/catalog'
import { demoUsers, type Account } from './support/users'

function must<T>(result: { data: T | null; error: { message: string } | null }, what: string): T {
  if (result.error || result.data === null) throw new Error(`${what}: ${result.error?.message ?? 'no data'}`)
  return result.data
}

/** A fresh organization with one project, one shared document and one Spanish-speaking client user. */
async function freshProject(admin: SupabaseClient) {
  const organization = await createOrganization(admin)
  const tag = randomUUID().slice(0, 8)
  const project = await createProject(admin, organization.id, {
    name: `Cuadro de mando ${tag}`,
    service: 'business-intelligence',
  })
  const documentName = `Diseño del cuadro ${tag}.pdf`
  const storagePath = `${organization.id}/${project.id}/diseno-${tag}.pdf`
  await storeFile(admin, storagePath, 'version 1')
  const document = must(
    await admin
      .from('documents')
      .insert({
        project_id: project.id,
        name: documentName,
        storage_path: storagePath,
        mime_type: 'application/pdf',
        size_bytes: 1000,
        visible_to_client: true,
      })
      .select('id')
      .single<{ id: string }>(),
    'document',
  )
  const email = `e2e-approver-${tag}@example.com`
  const password = `first-pass-${tag}`
  const name = `Aprobadora ${tag}`
  const created = await admin.auth.admin.createUser({
    email,
    password,
    email_confirm: true,
    user_metadata: { full_name: name, locale: 'es' },
  })
  const userId = must({ data: created.data.user, error: created.error }, 'client user').id
  must(await admin.from('profiles').update({ organization_id: organization.id }).eq('id', userId).select('id'), 'org')
  const client: Account = { email, password, name, locale: 'es' }
  return { organization, project, document: { id: document.id, name: documentName }, client, clientId: userId }
}

/** A small PDF-typed file whose text says which version it is. */
async function storeFile(admin: SupabaseClient, path: string, label: string) {
  const body = Buffer.from(`%PDF-1.4\n% ${label}\n`)
  const { error } = await admin.storage.from('documents').upload(path, body, { contentType: 'application/pdf' })
  if (error) throw new Error(`store ${path}: ${error.message}`)
}

/** What staff do with "Replace file": a new stored file for the document, which makes a new version. */
async function replaceFile(admin: SupabaseClient, documentId: string, path: string, label: string) {
  await storeFile(admin, path, label)
  must(
    await admin.from('documents').update({ storage_path: path, size_bytes: 2000 }).eq('id', documentId).select('id'),
    'new version',
  )
}

/** Downloads what `button` opens and returns the file's text. */
async function downloadedText(page: Page, button: Locator): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()])
  return readFile((await download.path())!, 'utf8')
}

/** The colour of an element's text, as the browser computes it. */
const colourOf = (locator: Locator) => locator.evaluate((element) => getComputedStyle(element).color)
const backgroundOf = (locator: Locator) => locator.evaluate((element) => getComputedStyle(element).backgroundColor)

const approvalCard = (page: Page, title: string) =>
  page.locator('li[data-approval-id]').filter({ has: page.getByRole('heading', { name: title, exact: true }) })

test.describe('approvals with a record', () => {
  test.setTimeout(180_000)

  test('staff ask, the client asks for changes then approves the new version; the record is on both sides and in the CSV', async ({
    browser,
    admin,
  }) => {
    const { organization, project, document: deliverable, client } = await freshProject(admin)
    const staffContext = await browser.newContext({ viewport: { width: 1366, height: 900 }, acceptDownloads: true })
    const clientContext = await browser.newContext({ viewport: { width: 1366, height: 900 } })
    const staff = await staffContext.newPage()
    const phone = await clientContext.newPage()
    // The client's live updates pass through here, so that the test can hold them back: a card
    // may still show an older version when a newer one is shared (a slow or lost connection).
    let liveHeld = false
    await phone.routeWebSocket(/\/realtime\/v1\/websocket/, (socket) => {
      const server = socket.connectToServer()
      socket.onMessage((message) => server.send(message))
      server.onMessage((message) => {
        if (!liveHeld) socket.send(message)
      })
    })
    const en = (source: string, values?: Record<string, string | number>) => t('en', source, values)
    const es = (source: string, values?: Record<string, string | number>) => t('es', source, values)
    const staffProject = (sub: string) => withLangPrefix(`/admin/dashboard/projects/${project.id}/${sub}`, 'en')

    // Staff: choose the approver under Team access.
    await signInStaff(staff, demoUsers.admin, 'en')
    await staff.goto(staffProject('approvals'))
    await expect(staff.getByTestId('request-approval')).toContainText(en('Team access'))
    await staff
      .getByRole('navigation', { name: en('Project sections') })
      .getByRole('link', { name: en('Team access'), exact: true })
      .click()
    const row = staff.locator(`tr[data-person-id]`).filter({ hasText: client.email })
    // A switch whose state is seen (the track and the words beside it) and is part of its name.
    const toggle = row.getByRole('switch')
    await expect(toggle).toHaveAttribute('aria-checked', 'false')
    await expect(toggle).toHaveAccessibleName(en('{name} does not approve', { name: client.name }))
    await expect(toggle).toContainText(en('Does not approve'))
    const track = toggle.locator('span').first()
    const offLook = await backgroundOf(track)
    await expectNoAxeViolations(staff, 'team access (en)')
    await toggle.click()
    await expect(toggle).toHaveAttribute('aria-checked', 'true')
    await expect(toggle).toHaveAccessibleName(en('{name} approves', { name: client.name }))
    await expect(toggle).toContainText(en('Approves'))
    // (its colour eases over 120 ms, and may wait for the save)
    await expect.poll(() => backgroundOf(track)).not.toBe(offLook)
    await expect(staff.getByRole('status')).toContainText(client.name)
    await expectNoAxeViolations(staff, 'team access with an approver (en)')
    // The keyboard turns it off and on again (Space, as a switch is pressed).
    await toggle.focus()
    await staff.keyboard.press('Space')
    await expect(toggle).toHaveAttribute('aria-checked', 'false')
    await expect(staff.getByRole('status')).toContainText(
      en('{name} no longer approves for {organizationName}.', {
        name: client.name,
        organizationName: organization.name,
      }),
    )
    // (a press while the change is still being saved is ignored: wait until it is done)
    await expect(toggle).not.toHaveAttribute('aria-disabled', 'true')
    await toggle.focus() // a live re-read of the team list may have replaced the row meanwhile
    await staff.keyboard.press('Space')
    await expect(toggle).toHaveAttribute('aria-checked', 'true')

    // Staff: ask for approval of the shared document, by keyboard.
    await staff
      .getByRole('navigation', { name: en('Project sections') })
      .getByRole('link', { name: en('Approvals'), exact: true })
      .click()
    const form = staff.getByTestId('request-approval')
    await form.getByRole('button', { name: en('Ask for approval') }).click()
    await expect(form.getByText(en('Choose what to put up for approval.'))).toBeVisible()
    await form.getByLabel(en('Deliverable')).selectOption({ label: en('Document: {name}', { name: deliverable.name }) })
    await form.getByLabel(en('Message to the approvers (optional)')).fill('Please check the sales KPIs.')
    await form.getByLabel(en('Message to the approvers (optional)')).press('Tab')
    await staff.keyboard.press('Enter')
    await expect(form.getByRole('status')).toHaveText(
      en('The approvers have been asked. They are notified in the portal and by e-mail.'),
    )
    const staffCard = approvalCard(staff, deliverable.name)
    await expect(staffCard).toHaveAttribute('data-status', 'pending')
    await expectNoAxeViolations(staff, 'approvals (en)')

    // Client, on a phone, in Spanish: the overview lists it; asking for changes needs a comment.
    // (Signed in on a wide window, whose side bar the helper waits for; then a phone's width.)
    await signIn(phone, client, 'es')
    await phone.setViewportSize({ width: 375, height: 812 })
    const pending = phone.getByRole('region', { name: es('Awaiting your approval') })
    await expect(pending).toContainText(project.name)
    // How long it has waited, as a duration ("En espera desde hace 2 minutos"), never "desde ahora".
    await expect(pending.locator(`[data-approval-id]`).first()).toContainText(
      new RegExp(`${es('Waiting for less than a minute')}|En espera desde hace \\d+ minutos?`),
    )
    await expect(pending).not.toContainText('desde ahora')
    await expectNoAxeViolations(phone, 'portal overview with a pending approval (es, 375 px)')
    await pending.getByRole('link', { name: deliverable.name }).click()
    const clientCard = approvalCard(phone, deliverable.name)
    await expect(clientCard).toContainText('Please check the sales KPIs.')
    // Waiting is not an error: the badge is amber (the warning token), not the danger red.
    const badge = clientCard.locator('[data-status="pending"]')
    await expect(badge).toHaveText(es('Awaiting approval'))
    expect(await colourOf(badge)).toBe('rgb(138, 70, 0)')
    // The card opens the very version under approval: its stored file, named after the document.
    const downloadVersion = (version: number) =>
      clientCard.getByRole('button', {
        name: `${es('Download version {version}', { version })}: ${deliverable.name}`,
        exact: true,
      })
    expect(await downloadedText(phone, downloadVersion(1))).toContain('version 1')
    await phone.emulateMedia({ colorScheme: 'dark' })
    expect(await colourOf(badge)).toBe('rgb(255, 207, 122)')
    await expectNoAxeViolations(phone, 'portal project approvals, pending (es, 375 px, dark)')
    await phone.emulateMedia({ colorScheme: 'light' })
    await clientCard.getByRole('button', { name: es('Ask for changes') }).click()
    await expect(clientCard.getByText(es('Say what should change.'))).toBeVisible()
    const comment = '=HYPERLINK("http://example.com") Falta el margen por tienda, por favor.'
    await clientCard.getByLabel(es('Comment (needed to ask for changes)')).fill(comment)
    await clientCard.getByRole('button', { name: es('Ask for changes') }).click()
    await expect(clientCard).toHaveAttribute('data-status', 'changes_requested')
    const firstAnswer = clientCard.locator('[data-decision="changes_requested"]')
    await expect(firstAnswer).toContainText(es('Asked for changes'))
    await expect(firstAnswer).toContainText(client.name)
    await expect(firstAnswer).toContainText(comment)
    const documentWidth = await phone.evaluate(() => document.documentElement.scrollWidth)
    expect(documentWidth).toBeLessThanOrEqual(375)
    await expectNoAxeViolations(phone, 'portal project approvals (es, 375 px)')
    await expect(phone.locator('#activity')).toContainText(
      es('Changes were requested to “{title}” (version {version})', { title: deliverable.name, version: 1 }),
    )

    // Staff hear of the answer under the admin area's bell, and see it on the project.
    await staff.reload()
    const bell = staff.getByRole('banner').getByRole('link', { name: /^Notifications, \d+ unread$/ })
    await bell.click()
    // Written in the recipient's language (the seeded admin reads Spanish), whatever the page's.
    const notice = staff
      .getByTestId('notification')
      .filter({ hasText: `${client.name} pide cambios en «${deliverable.name}» (versión 1)` })
    await expect(notice).toHaveAttribute('data-unread', 'true')
    await expectNoAxeViolations(staff, 'admin notifications (en)')
    await notice.getByRole('link', { name: en('View the approvals') }).click()
    await expect(staff).toHaveURL(new RegExp(`/en/admin/dashboard/projects/${project.id}/approvals$`))
    await expect(staffCard).toHaveAttribute('data-status', 'changes_requested')
    await expect(staffCard.locator('[data-decision="changes_requested"]')).toContainText(comment)
    // A new file for the document reopens the request (version 2).
    await replaceFile(admin, deliverable.id, `${organization.id}/${project.id}/diseno-v2.pdf`, 'version 2')

    // The client sees version 2 and downloads it.
    await phone.reload()
    expect(await downloadedText(phone, downloadVersion(2))).toContain('version 2')
    // Staff share a third file while the card still shows version 2 (its live update held back):
    // opening "version 2" now says so instead of handing over another file, and the card moves on
    // to version 3.
    liveHeld = true
    await replaceFile(admin, deliverable.id, `${organization.id}/${project.id}/diseno-v3.pdf`, 'version 3')
    await downloadVersion(2).click()
    await expect(clientCard.getByRole('alert')).toHaveText(
      es('A newer version has been shared meanwhile; the request now shows it.'),
    )
    await expect(downloadVersion(3)).toBeVisible()
    liveHeld = false
    expect(await downloadedText(phone, downloadVersion(3))).toContain('version 3')

    // Approving is the primary action and asks first, naming the deliverable and the version.
    const approve = clientCard.getByRole('button', { name: es('Approve version {version}', { version: 3 }) })
    const askForChanges = clientCard.getByRole('button', { name: es('Ask for changes') })
    expect(await backgroundOf(approve)).toBe('rgb(10, 110, 76)')
    expect(await backgroundOf(askForChanges)).not.toBe('rgb(10, 110, 76)')
    const dialog = phone.getByRole('dialog', {
      name: es('Approve “{title}”, version {version}?', { title: deliverable.name, version: 3 }),
    })
    const cancel = dialog.getByRole('button', { name: es('Cancel'), exact: true })
    const confirm = dialog.getByRole('button', { name: es('Yes, approve version {version}', { version: 3 }) })
    await approve.click()
    await expect(dialog).toBeVisible()
    await expect(cancel).toBeFocused()
    await expectNoAxeViolations(phone, 'the approval confirmation (es, 375 px)')
    // Escape cancels: nothing is recorded, the focus is back on the button.
    await phone.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(approve).toBeFocused()
    await expect(clientCard).toHaveAttribute('data-status', 'pending')
    // Cancel too.
    await phone.keyboard.press('Enter')
    await expect(cancel).toBeFocused()
    await phone.keyboard.press('Enter')
    await expect(dialog).toBeHidden()
    await expect(approve).toBeFocused()
    await expect(clientCard).toHaveAttribute('data-status', 'pending')
    // By keyboard alone: open, Tab to the confirmation, Enter.
    await phone.keyboard.press('Enter')
    await expect(cancel).toBeFocused()
    await phone.keyboard.press('Tab')
    await expect(confirm).toBeFocused()
    await phone.keyboard.press('Enter')
    await expect(clientCard).toHaveAttribute('data-status', 'approved')
    await expect(clientCard.locator('[data-decision]')).toHaveCount(2)
    await expect(phone.getByRole('button', { name: es('Approve version {version}', { version: 3 }) })).toHaveCount(0)
    // The answer is said where the focus now is.
    const outcome = phone.getByRole('status').filter({
      hasText: es('You approved “{title}”, version {version}. Your answer is kept in the record below.', {
        title: deliverable.name,
        version: 3,
      }),
    })
    await expect(outcome).toBeFocused()

    // Staff: the full record, then the CSV file.
    await staff.reload()
    await expect(staffCard).toHaveAttribute('data-status', 'approved')
    await expect(staffCard.locator('[data-decision="approved"]')).toContainText(`${client.name}`)
    await expect(staffCard.locator('[data-decision="approved"]')).toContainText('(version 3)')
    const [download] = await Promise.all([
      staff.waitForEvent('download'),
      staff.getByRole('button', { name: en('Download the record (CSV)') }).click(),
    ])
    expect(download.suggestedFilename()).toMatch(/^approvals-cuadro-de-mando-[0-9a-f]{8}-\d{4}-\d{2}-\d{2}\.csv$/)
    const csv = await readFile((await download.path())!, 'utf8')
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
    expect(lines[0]).toBe('Project,Deliverable,Type,Version,Answer,Person,Date and time,Comment')
    expect(lines).toHaveLength(3)
    expect(lines[1]).toContain(`,1,Asked for changes,${client.name},`)
    // The comment that starts with "=" is kept as text, quoted (it has a comma and quotes).
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://example.com"") Falta el margen por tienda, por favor."`)
    expect(lines[2]).toContain(`,3,Approved,${client.name},`)

    // The other language and width on each side: staff in Spanish on a phone, the client in English on a wide window.
    await staff.setViewportSize({ width: 375, height: 812 })
    await staff.goto(withLangPrefix(`/admin/dashboard/projects/${project.id}/approvals`, 'es'))
    await expect(staffCard.locator('[data-decision="changes_requested"]')).toContainText(es('Asked for changes'))
    expect(await staff.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
    await expectNoAxeViolations(staff, 'approvals (es, 375 px)')
    await staff.goto(withLangPrefix(`/admin/dashboard/projects/${project.id}/team`, 'es'))
    await expect(staff.getByRole('switch', { name: es('{name} approves', { name: client.name }) })).toHaveAttribute(
      'aria-checked',
      'true',
    )
    await expectNoAxeViolations(staff, 'team access (es, 375 px)')
    await phone.setViewportSize({ width: 1366, height: 900 })
    await phone.goto(withLangPrefix(`/client-portal/dashboard/projects/${project.id}`, 'en'))
    await expect(clientCard.locator('[data-decision="approved"]')).toContainText(t('en', 'Approved'))
    await expectNoAxeViolations(phone, 'portal project approvals (en)')
    await phone.emulateMedia({ colorScheme: 'dark' })
    await expectNoAxeViolations(phone, 'portal project approvals (en, dark)')

    await staffContext.close()
    await clientContext.close()
  })

  test('a report under approval links to its card, the version it shows', async ({ page, admin }) => {
    const { organization, project, client, clientId } = await freshProject(admin)
    const title = `Informe de ventas ${randomUUID().slice(0, 8)}`
    const report = must(
      await admin
        .from('reports')
        .insert({ project_id: project.id, title, summary: 'Ventas por tienda.', status: 'published' })
        .select('id')
        .single<{ id: string }>(),
      'report',
    )
    must(
      await admin
        .from('organization_approvers')
        .insert({ organization_id: organization.id, profile_id: clientId })
        .select(),
      'approver',
    )
    must(await admin.from('approval_requests').insert({ report_id: report.id }).select('id'), 'request')

    await page.setViewportSize({ width: 1366, height: 900 })
    await signIn(page, client, 'en')
    await page.goto(withLangPrefix(`/client-portal/dashboard/projects/${project.id}`, 'en'))
    const card = approvalCard(page, title)
    const link = card.getByRole('link', {
      name: `${t('en', 'See the report, version {version}', { version: 1 })}: ${title}`,
    })
    await expect(link).toHaveAttribute('href', `#report-${report.id}`)
    await link.click()
    const reportCard = page.locator(`#report-${report.id}`)
    await expect(reportCard).toBeFocused()
    await expect(reportCard).toContainText('Ventas por tienda.')
    await expect(card.getByRole('button', { name: t('en', 'Approve version {version}', { version: 1 }) })).toBeVisible()
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme })
      await expectNoAxeViolations(page, `portal report approval (en, ${colorScheme})`)
    }
  })
})
