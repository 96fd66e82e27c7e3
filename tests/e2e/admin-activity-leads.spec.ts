// The admin area's activity log, leads and staff account: filters kept in the URL and a CSV export
// of every matching entry; the lead pipeline (a lead moved on the board by keyboard at 375 px, a
// note and a lost reason; one assigned, its follow-up reminder e-mailed to its assignee by the
// schedule's job, and converted into a client organization at 1366 px); a
// staff member with a verified TOTP factor passes the code before any admin page; staff without
// one see the banner urging them to set it up; and every page passes axe in both languages.
import { readFile } from 'node:fs/promises'
import { randomUUID } from 'node:crypto'
import type { Page } from '@playwright/test'
import WebSocket from 'ws'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { Secret, TOTP, URI } from 'otpauth'
import { developmentKeys } from '../../supabase/server/lib/dev-keys'
import { withLangPrefix } from '../../src/lib/pages'
import type { Locale } from '../../src/lib/locale'
import { expectNoAxeViolations } from './support/a11y'
import { signInStaff } from './support/admin'
import { test, expect, exactPath, expectSignedOut, paths, SignInPage, UserMenu } from './support/auth'
import { t } from './support/catalog'
import { demoUsers, type Account } from './support/users'

test.use({ locale: 'es-ES' })

const adminPaths = {
  activity: (lng: Locale) => withLangPrefix('/admin/dashboard/activity', lng),
  leads: (lng: Locale) => withLangPrefix('/admin/dashboard/leads', lng),
  lead: (lng: Locale, id: string) => withLangPrefix(`/admin/dashboard/leads/${id}`, lng),
  account: (lng: Locale) => withLangPrefix('/admin/dashboard/account', lng),
}

interface Staff extends Account {
  id: string
}

function must<R extends { data: unknown; error: { message: string } | null }>(
  result: R,
  what: string,
): NonNullable<R['data']> {
  if (result.error) throw new Error(`${what}: ${result.error.message}`)
  if (result.data === null || result.data === undefined) throw new Error(`${what}: no data`)
  return result.data as NonNullable<R['data']>
}

/** A new, confirmed admin of the firm, unique to the calling test (made as the service role). */
async function createStaffUser(admin: SupabaseClient, locale: Locale = 'en'): Promise<Staff> {
  const tag = randomUUID().slice(0, 8)
  const email = `e2e-staff-${tag}@example.com`
  const password = `staff-pass-${tag}`
  const name = locale === 'es' ? `Personal ${tag}` : `Staffer ${tag}`
  const user = must(
    await admin.auth.admin.createUser({
      email,
      password,
      email_confirm: true,
      user_metadata: { full_name: name, locale },
    }),
    `create ${email}`,
  ).user!
  must(await admin.from('profiles').update({ role: 'admin' }).eq('id', user.id).select('id'), `role of ${email}`)
  return { id: user.id, email, password, name, locale }
}

/** supabase-js signed in as `account` (anon key + password grant), as the browser would be. */
async function signedInClient(apiURL: string, account: Account): Promise<SupabaseClient> {
  const client = createClient(apiURL, developmentKeys.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never },
  })
  must(await client.auth.signInWithPassword({ email: account.email, password: account.password }), 'sign in')
  return client
}

/** Signs staff in on the admin login page and waits for the overview. */
async function staffSignIn(page: Page, account: Account, lng: Locale) {
  const signInPage = await SignInPage.open(page, paths.adminLogin(lng), lng, 'staff')
  await signInPage.fill(account.email, account.password)
  await expect(page).toHaveURL(exactPath(paths.adminDashboard(lng)))
  await expect(page.getByRole('heading', { level: 1, name: t(lng, 'Overview') })).toBeVisible()
  return signInPage
}

function adminNav(page: Page, lng: Locale) {
  return page.getByRole('navigation', { name: t(lng, 'Admin'), exact: true })
}

/** The CSV as rows of cells (RFC 4180: quoted cells may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"'
        i++
      } else if (char === '"') quoted = false
      else cell += char
    } else if (char === '"') quoted = true
    else if (char === ',') {
      row.push(cell)
      cell = ''
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(cell)
      rows.push(row)
      row = []
      cell = ''
      i++
    } else cell += char
  }
  if (cell || row.length) rows.push([...row, cell])
  return rows
}

test.describe('activity log', () => {
  test('filters by organization, project, person and date, kept in the URL; the CSV has every page', async ({
    page,
    admin,
    apiURL,
  }) => {
    // Data of its own: a staff member creates an organization, a project and 30 tasks (31 entries
    // by that person, more than one page of 25), one task titled to test the CSV's quoting.
    const staff = await createStaffUser(admin, 'en')
    const client = await signedInClient(apiURL, staff)
    const tag = randomUUID().slice(0, 8)
    const organization = must(
      await client
        .from('organizations')
        .insert({ name: `Filtro ${tag} S.A.`, slug: `filtro-${tag}` })
        .select('id, name')
        .single(),
      'organization',
    )
    const project = must(
      await client
        .from('projects')
        .insert({ organization_id: organization.id, name: `Auditoría ${tag}`, service: 'governance' })
        .select('id, name')
        .single(),
      'project',
    )
    const tricky = `Tarea "especial", año ${tag}`
    const titles = [tricky, ...Array.from({ length: 29 }, (_, i) => `Tarea ${i + 1} ${tag}`)]
    must(
      await client
        .from('tasks')
        .insert(titles.map((title) => ({ project_id: project.id, title, is_internal: true })))
        .select('id'),
      'tasks',
    )
    await client.auth.signOut()
    const expected = 31

    await staffSignIn(page, demoUsers.admin, 'en')
    await adminNav(page, 'en')
      .getByRole('link', { name: t('en', 'Activity'), exact: true })
      .click()
    await expect(page).toHaveURL(exactPath(adminPaths.activity('en')))
    await expect(page.getByRole('heading', { level: 1, name: t('en', 'Activity log') })).toBeVisible()

    const orgSelect = page.getByLabel(t('en', 'Organization'), { exact: true })
    const projectSelect = page.getByLabel(t('en', 'Project'), { exact: true })
    const personSelect = page.getByLabel(t('en', 'Person'), { exact: true })
    const from = page.getByLabel(t('en', 'From'), { exact: true })
    const to = page.getByLabel(t('en', 'To'), { exact: true })
    const apply = page.getByRole('button', { name: t('en', 'Apply filters') })
    const count = page.getByTestId('activity-count')

    // The project list follows the organization.
    await orgSelect.selectOption(organization.id)
    await expect(projectSelect.locator('option')).toHaveCount(2)
    await projectSelect.selectOption(project.id)
    await personSelect.selectOption(staff.id)
    const today = new Date()
    const day = (date: Date) =>
      `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`
    await from.fill(day(today))
    await to.fill(day(today))
    await apply.click()

    await expect(page).toHaveURL(new RegExp(`[?&]org=${organization.id}`))
    await expect(page).toHaveURL(new RegExp(`[?&]project=${project.id}`))
    await expect(page).toHaveURL(new RegExp(`[?&]person=${staff.id}`))
    await expect(count).toHaveText(
      t('en', 'Showing {firstText}–{lastText} of {totalText}', {
        firstText: 1,
        lastText: 25,
        totalText: expected,
      }),
    )
    await expect(page.getByRole('table').locator('tbody tr')).toHaveCount(25)

    // A bookmark of the filtered view opens the same view.
    const bookmark = page.url()
    await page.goto(bookmark)
    await expect(orgSelect).toHaveValue(organization.id)
    await expect(projectSelect).toHaveValue(project.id)
    await expect(personSelect).toHaveValue(staff.id)
    await expect(count).toHaveText(
      t('en', 'Showing {firstText}–{lastText} of {totalText}', {
        firstText: 1,
        lastText: 25,
        totalText: expected,
      }),
    )

    // Page 2, by keyboard.
    const pager = page.getByRole('navigation', { name: t('en', 'Pages of the activity log') })
    await pager.getByRole('link', { name: t('en', 'Next page') }).focus()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/[?&]page=2/)
    await expect(page.getByRole('table').locator('tbody tr')).toHaveCount(expected - 25)

    // The export has every matching entry, not only this page.
    const downloading = page.waitForEvent('download')
    await page.getByRole('button', { name: t('en', 'Export CSV') }).click()
    const download = await downloading
    expect(download.suggestedFilename()).toMatch(/^activity-log-\d{4}-\d{2}-\d{2}\.csv$/)
    const bytes = await readFile((await download.path())!)
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const rows = parseCsv(bytes.toString('utf8').slice(1))
    expect(rows[0]).toEqual(
      [
        'Date and time',
        'Description',
        'Person',
        'E-mail',
        'Organization',
        'Project',
        'Item',
        'Action',
        'Staff only',
      ].map((header) => t('en', header)),
    )
    const data = rows.slice(1)
    expect(data).toHaveLength(expected)
    for (const row of data) {
      expect(row).toHaveLength(9)
      expect(row[2]).toBe(staff.name)
      expect(row[3]).toBe(staff.email)
      expect(row[4]).toBe(organization.name)
      expect(row[5]).toBe(project.name)
      expect(row[0]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
    }
    // Quotes, commas and accents survive the round trip.
    const title = tricky
    expect(data.map((row) => row[1])).toContain(t('en', 'Task “{title}” was created', { title }))

    // A range that ends yesterday has nothing; the export is then unavailable.
    const yesterday = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 1)
    await from.fill('')
    await to.fill(day(yesterday))
    await apply.click()
    await expect(count).toHaveText(t('en', 'No entries match these filters.'))
    await expect(page.getByRole('button', { name: t('en', 'Export CSV') })).toBeDisabled()

    // An end before the start is refused in words.
    await from.fill(day(today))
    await apply.click()
    await expect(page.getByText(t('en', 'The end date must not be before the start date.'))).toBeVisible()

    // Clear filters: everything again.
    await page.getByRole('link', { name: t('en', 'Clear filters') }).click()
    await expect(page).toHaveURL(exactPath(adminPaths.activity('en')))
    await expect(orgSelect).toHaveValue('')
  })
})

test.describe('lead pipeline', () => {
  /** A new lead from the contact form, unique to the calling test (written as the service role). */
  async function newLead(admin: SupabaseClient, locale: Locale, status: 'new' | 'qualified' = 'new') {
    const tag = randomUUID().slice(0, 8)
    const lead = must(
      await admin
        .from('contact_messages')
        .insert({
          name: `Lead ${tag}`,
          email: `lead-${tag}@example.org`,
          company: `Company ${tag}`,
          interest: 'data-engineering',
          message: locale === 'en' ? 'We need help with our pipelines.' : 'Necesitamos ayuda con nuestros datos.',
          privacy_accepted: true,
          locale,
        })
        .select('id, name, email')
        .single(),
      'lead',
    )
    if (status !== 'new')
      must(await admin.from('contact_messages').update({ status }).eq('id', lead.id).select('id'), 'status')
    return { ...lead, company: `Company ${tag}` }
  }

  test('on a phone (es): the board moves a lead by keyboard; the lead page takes a note and a lost reason', async ({
    page,
    admin,
  }) => {
    const lng: Locale = 'es'
    const lead = await newLead(admin, lng)
    await page.setViewportSize({ width: 375, height: 800 })
    await signInStaff(page, demoUsers.admin, lng)
    await page.goto(adminPaths.leads(lng))
    await expect(page.getByRole('heading', { level: 1, name: t(lng, 'Leads') })).toBeVisible()
    // On a phone the columns stack: each is a heading and its cards, one under another.
    const column = (status: string) => page.getByTestId(`leads-column-${status}`)
    const card = column('new').getByRole('article', { name: lead.name })
    await expect(card).toBeVisible()
    const [first, second] = [await column('new').boundingBox(), await column('contacted').boundingBox()]
    expect(second!.y).toBeGreaterThan(first!.y + first!.height - 1)
    await expectNoAxeViolations(page, 'the lead board at 375px (es)')

    // By keyboard: the card's status control, then its button.
    const select = card.getByLabel(t(lng, 'Move {name} to', { name: lead.name }))
    await select.focus()
    await select.selectOption('contacted')
    await page.keyboard.press('Tab')
    await expect(card.getByRole('button', { name: t(lng, 'Move') })).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(page.getByRole('status')).toHaveText(
      t(lng, '{name} is now: {label}.', { name: lead.name, label: t(lng, 'Contacted') }),
    )
    await expect(page.getByRole('status')).toBeFocused()
    await expect(column('contacted').getByRole('article', { name: lead.name })).toBeVisible()
    await expect(column('new').getByRole('article', { name: lead.name })).toHaveCount(0)

    // The list view has it too, with its status.
    await page.getByTestId('leads-view-list').click()
    await expect(page).toHaveURL(/[?&]view=list/)
    await expect(page.getByRole('row', { name: new RegExp(lead.name) })).toContainText(t(lng, 'Contacted'))

    // The lead page: a note, then "lost", which asks why.
    await page.getByRole('link', { name: lead.name, exact: true }).click()
    await expect(page).toHaveURL(exactPath(adminPaths.lead(lng, lead.id)))
    const notes = page.getByRole('region', { name: t(lng, 'Internal notes') })
    await notes.getByLabel(t(lng, 'New note')).fill('Llamar el lunes por la mañana.')
    await notes.getByRole('button', { name: t(lng, 'Add the note') }).click()
    await expect(notes.getByRole('status')).toHaveText(t(lng, 'The note is added.'))
    await expect(notes.getByTestId('lead-notes')).toContainText('Llamar el lunes por la mañana.')
    await expect(notes.getByTestId('lead-notes')).toContainText(demoUsers.admin.name)

    const statusSection = page.getByRole('region', { name: t(lng, 'Status'), exact: true })
    await statusSection.getByLabel(t(lng, 'Status'), { exact: true }).selectOption('lost')
    await statusSection.getByRole('button', { name: t(lng, 'Change status') }).click()
    await expect(statusSection.getByText(t(lng, 'Say why the lead was lost.'))).toBeVisible()
    await statusSection.getByLabel(t(lng, 'Why was it lost?')).fill('Sin presupuesto este año.')
    await statusSection.getByRole('button', { name: t(lng, 'Change status') }).click()
    await expect(page.getByRole('main').locator('span[data-status]').first()).toHaveAttribute('data-status', 'lost')
    await expect(page.getByText(t(lng, 'Lost because: {0}', { 0: 'Sin presupuesto este año.' }))).toBeVisible()
    const history = page.getByTestId('lead-history')
    await expect(history).toContainText(
      t(lng, '{who} moved it from {from} to {to}', {
        who: demoUsers.admin.name,
        from: t(lng, 'Contacted'),
        to: t(lng, 'Lost'),
      }),
    )
    await expect(history).toContainText(t(lng, 'Reason: {0}', { 0: 'Sin presupuesto este año.' }))
    await expectNoAxeViolations(page, 'a lost lead at 375px (es)')
  })

  test('on a desktop (en): a qualified lead is assigned, followed up and converted into a client organization', async ({
    page,
    admin,
    mailbox,
  }) => {
    // The reminder waits for the schedule's next runs (every 3 s on the hosted stack).
    test.setTimeout(90_000)
    const lng: Locale = 'en'
    const lead = await newLead(admin, lng, 'qualified')
    await page.setViewportSize({ width: 1366, height: 900 })
    await staffSignIn(page, demoUsers.admin, lng)
    await page.goto(adminPaths.lead(lng, lead.id))
    await expect(page.getByRole('heading', { level: 1, name: lead.name })).toBeVisible()

    // Assigned to me, with a follow-up date that has come (yesterday, whatever the database's time
    // zone): the schedule's lead-follow-ups job reminds me, and send-notifications e-mails it (in my
    // language, alone or in my digest); then the lead is among "mine" on the board.
    const assignment = page.getByRole('region', { name: t(lng, 'Assignee and follow-up') })
    await assignment.getByLabel(t(lng, 'Assignee')).selectOption({ label: demoUsers.admin.name })
    const yesterday = new Date(Date.now() - 864e5).toISOString().slice(0, 10)
    await assignment.getByLabel(t(lng, 'Follow-up date')).fill(yesterday)
    await assignment.getByRole('button', { name: t(lng, 'Save assignee and date') }).click()
    await expect(assignment.getByRole('status')).toHaveText(t(lng, 'The assignee and the follow-up date are saved.'))
    // The reminder's text, as the database writes it in the assignee's language.
    const reminder =
      demoUsers.admin.locale === 'es'
        ? `Hoy toca hacer el seguimiento de ${lead.name} (${lead.company}).`
        : `Today is the day to follow up ${lead.name} (${lead.company}).`
    const reminded = async () =>
      (await mailbox.to(demoUsers.admin.email)).filter((mail) => mail.text.includes(reminder))
    await expect.poll(async () => (await reminded()).length, { timeout: 30_000 }).toBe(1)
    expect((await reminded())[0]!.text).toContain(`/admin/dashboard/leads/${lead.id}`)
    await page.goto(`${adminPaths.leads(lng)}?mine=1`)
    const mine = page.getByTestId('leads-column-qualified').getByRole('article', { name: lead.name })
    await expect(mine).toContainText(t(lng, 'Assigned to {assignee}', { assignee: demoUsers.admin.name }))
    await expectNoAxeViolations(page, 'my leads on the board at 1366px (en)')

    // Convert: the organization, the lead won and linked, the person invited.
    await mine.getByRole('link', { name: lead.name }).click()
    const conversion = page.getByRole('region', { name: t(lng, 'Client organization') })
    await expect(conversion.getByLabel(t(lng, 'Name of the organization'))).toHaveValue(lead.company)
    await expectNoAxeViolations(page, 'a qualified lead at 1366px (en)')
    await conversion.getByRole('button', { name: t(lng, 'Convert into a client organization') }).click()
    await expect(conversion.getByRole('status')).toHaveText(
      t(lng, 'The organization is created and the invitation is on its way.'),
    )
    await expect(page.getByRole('main').locator('span[data-status]').first()).toHaveAttribute('data-status', 'won')
    const invitation = await mailbox.waitFor(lead.email)
    expect(invitation.text).toContain(lead.name)

    await conversion.getByRole('link', { name: lead.company }).click()
    await expect(page.getByRole('heading', { level: 1, name: lead.company })).toBeVisible()
    await expect(page.locator(`[data-user="${lead.email}"]`)).toBeVisible()
    const source = page.getByTestId('organization-source-lead')
    await expect(source).toBeVisible()
    await source.getByRole('link', { name: lead.name }).click()
    await expect(page).toHaveURL(exactPath(adminPaths.lead(lng, lead.id)))
    await expect(page.getByTestId('lead-history')).toContainText(
      t(lng, '{who} moved it from {from} to {to}', {
        who: demoUsers.admin.name,
        from: t(lng, 'Qualified'),
        to: t(lng, 'Won'),
      }),
    )
  })
})

test.describe('staff two-step verification', () => {
  test('a staff member with a verified factor enters the code before any admin page', async ({
    page,
    admin,
    apiURL,
  }) => {
    const staff = await createStaffUser(admin, 'en')
    // Enrolled through the API, as an authenticator app would be.
    const client = await signedInClient(apiURL, staff)
    const enrolled = must(await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' }), 'enroll')
    const totp = new TOTP({ secret: Secret.fromBase32(enrolled.totp.secret) })
    must(await client.auth.mfa.challengeAndVerify({ factorId: enrolled.id, code: totp.generate() }), 'verify')
    await client.auth.signOut()

    const signInPage = await SignInPage.open(page, paths.adminLogin('en'), 'en', 'staff')
    await signInPage.fill(staff.email, staff.password)
    await expect(signInPage.code).toBeVisible()
    await expect(page).toHaveURL(exactPath(paths.adminLogin('en')))
    for (const target of [paths.adminDashboard('en'), adminPaths.activity('en'), adminPaths.leads('en')]) {
      await page.goto(target)
      await expect(page).toHaveURL(/\/en\/admin\/login\?redirect=/)
      await expect(signInPage.code).toBeVisible()
      await expect(page.getByRole('navigation', { name: t('en', 'Admin'), exact: true })).toHaveCount(0)
    }

    // The next time step's code: never the one used to enrol.
    await signInPage.code.fill(totp.generate({ timestamp: Date.now() + totp.period * 1000 }))
    await signInPage.verify.click()
    await expect(page).toHaveURL(exactPath(adminPaths.leads('en')))
    await expect(adminNav(page, 'en')).toBeVisible()
    // A protected account gets no banner.
    await adminNav(page, 'en')
      .getByRole('link', { name: t('en', 'Account'), exact: true })
      .click()
    await expect(page.getByTestId('mfa-factor')).toBeVisible()
    await expect(page.getByTestId('mfa-banner')).toHaveCount(0)
  })

  test('staff without a factor see the banner, and setting one up on the account page removes it', async ({
    page,
    admin,
  }) => {
    const staff = await createStaffUser(admin, 'es')
    await staffSignIn(page, staff, 'es')
    const banner = page.getByTestId('mfa-banner')
    await expect(banner).toBeVisible()
    await expect(banner).toContainText(t('es', 'Protect your staff account with two-step verification'))
    await banner.getByRole('link', { name: t('es', 'Set up two-step verification on your account page') }).click()
    await expect(page).toHaveURL(exactPath(adminPaths.account('es')))
    await expect(page.getByRole('heading', { level: 1, name: t('es', 'Your account') })).toBeVisible()

    const section = page.getByRole('region', { name: t('es', 'Two-step verification'), exact: true })
    await section.getByLabel(t('es', 'Name of the device or app')).fill('Móvil')
    await section.getByRole('button', { name: t('es', 'Set up two-step verification') }).click()
    const appLink = section.getByRole('link', { name: t('es', 'Open in an authenticator app on this device') })
    const totp = URI.parse((await appLink.getAttribute('href'))!) as TOTP
    await section.getByLabel(t('es', '6-digit code from the app')).fill(totp.generate())
    await section.getByRole('button', { name: t('es', 'Verify and turn on') }).click()
    await expect(
      section.getByText(t('es', 'Status: on. Signing in needs your password and a code from your app.')),
    ).toBeVisible()
    await expect(banner).toHaveCount(0)

    const menu = new UserMenu(page, 'es', staff.name)
    await menu.trigger.click()
    await menu.item('Sign out').click()
    await expectSignedOut(page, 'es', 'staff')
  })
})

test.describe('accessibility', () => {
  for (const lng of ['es', 'en'] as const) {
    test(`every admin page passes axe (${lng})`, async ({ page, admin }) => {
      // Eight pages, each with a full axe run.
      test.setTimeout(120_000)
      const leads = must(await admin.from('contact_messages').select('id').order('created_at').limit(1), 'a lead')
      await staffSignIn(page, demoUsers.admin, lng)
      const main = page.getByRole('main')
      // The demo admin has no second factor: the banner is part of every page.
      await expect(page.getByTestId('mfa-banner')).toBeVisible()
      const pages: { url: string; heading: string }[] = [
        { url: paths.adminDashboard(lng), heading: t(lng, 'Overview') },
        { url: adminPaths.activity(lng), heading: t(lng, 'Activity log') },
        { url: `${adminPaths.activity(lng)}?page=2`, heading: t(lng, 'Activity log') },
        { url: adminPaths.leads(lng), heading: t(lng, 'Leads') },
        { url: `${adminPaths.leads(lng)}?status=lost&view=list`, heading: t(lng, 'Leads') },
        { url: adminPaths.lead(lng, leads[0]!.id), heading: '' },
        { url: adminPaths.lead(lng, randomUUID()), heading: t(lng, 'Lead not found') },
        { url: adminPaths.account(lng), heading: t(lng, 'Your account') },
      ]
      for (const { url, heading } of pages) {
        await page.goto(url)
        const h1 = main.getByRole('heading', { level: 1 })
        if (heading) await expect(h1).toHaveText(heading)
        else await expect(h1).toBeVisible()
        await expect(page.locator('html')).toHaveAttribute('lang', lng)
        await expectNoAxeViolations(page, `${url}`)
      }
      // The overview's recent activity links to the full log.
      await page.goto(paths.adminDashboard(lng))
      await expect(page.getByRole('heading', { level: 2, name: t(lng, 'Recent activity') })).toBeVisible()
      await page.getByRole('link', { name: t(lng, 'See the full activity log') }).click()
      await expect(page).toHaveURL(exactPath(adminPaths.activity(lng)))
    })
  }
})
