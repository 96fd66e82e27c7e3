// The admin area's activity log, leads and staff account: filters kept in the URL and a CSV export
// of every matching entry; leads moved through their statuses (and a refusal said in words); a
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
import { allowConsoleErrors } from './support/fixtures'
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

test.describe('leads', () => {
  // The simulated refusal below is a 403 the browser logs.
  test.use(allowConsoleErrors(/status of 403 .* @ .*\/rest\/v1\/contact_messages/))

  test('a lead is opened, marked in progress, closed and reopened; a refusal is said in words', async ({
    page,
    admin,
  }) => {
    const tag = randomUUID().slice(0, 8)
    const name = `Lead ${tag}`
    const lead = must(
      await admin
        .from('contact_messages')
        .insert({
          name,
          email: `lead-${tag}@example.org`,
          company: `Company ${tag}`,
          phone: '+44 20 7946 0000',
          interest: 'data-engineering',
          message: 'We need help with our pipelines.\nCan we talk?',
          privacy_accepted: true,
          marketing_opt_in: true,
          locale: 'en',
        })
        .select('id')
        .single(),
      'lead',
    )
    const lng: Locale = 'es'
    await staffSignIn(page, demoUsers.admin, lng)
    await adminNav(page, lng)
      .getByRole('link', { name: t(lng, 'Leads'), exact: true })
      .click()
    await expect(page.getByRole('heading', { level: 1, name: t(lng, 'Leads') })).toBeVisible()

    const filters = page.getByRole('navigation', { name: t(lng, 'Filter leads by status') })
    await filters.getByTestId('leads-filter-new').click()
    await expect(page).toHaveURL(/[?&]status=new/)
    await expect(filters.getByTestId('leads-filter-new')).toHaveAttribute('aria-current', 'page')
    await page.getByRole('link', { name, exact: true }).click()
    await expect(page).toHaveURL(exactPath(adminPaths.lead(lng, lead.id)))
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()

    // Every field, and the reply in the lead's language.
    const details = page.getByRole('region', { name: t(lng, 'Details') })
    await expect(details.getByText(`Company ${tag}`)).toBeVisible()
    await expect(details.getByText('+44 20 7946 0000')).toBeVisible()
    await expect(details.getByText(t(lng, 'Data engineering'))).toBeVisible()
    await expect(details.getByText(t(lng, 'English'))).toBeVisible()
    await expect(page.getByText('We need help with our pipelines.')).toBeVisible()
    const reply = page.getByRole('link', { name: t(lng, 'Reply by e-mail') })
    const href = new URL((await reply.getAttribute('href'))!)
    expect(href.protocol).toBe('mailto:')
    expect(decodeURIComponent(href.pathname)).toBe(`lead-${tag}@example.org`)
    expect(href.searchParams.get('subject')).toBe('Your enquiry to Cauce Data')
    expect(href.searchParams.get('body')).toMatch(new RegExp(`^Dear ${name},`))

    const status = page.getByRole('status')
    const badge = page.getByRole('main').locator('span[data-status]').first()
    await page.getByRole('button', { name: t(lng, 'Mark in progress') }).click()
    await expect(status).toHaveText(t(lng, 'The lead is now: {name}.', { name: t(lng, 'In progress') }))
    await expect(badge).toHaveAttribute('data-status', 'in_progress')
    await expect(details.getByText(demoUsers.admin.name)).toBeVisible()

    // The buttons say what they do to the lead (a bare "Close" read as closing the page).
    await expect(page.getByRole('button', { name: lng === 'es' ? 'Cerrar' : 'Close', exact: true })).toHaveCount(0)
    await page.getByRole('button', { name: t(lng, 'Mark as closed'), exact: true }).click()
    await expect(badge).toHaveAttribute('data-status', 'closed')
    // Keyboard: Reopen with Enter.
    await page.getByRole('button', { name: t(lng, 'Reopen the lead'), exact: true }).focus()
    await page.keyboard.press('Enter')
    await expect(badge).toHaveAttribute('data-status', 'in_progress')

    const stored = must(
      await admin.from('contact_messages').select('status, handled_by').eq('id', lead.id).single(),
      'stored lead',
    )
    const adminProfile = must(
      await admin.from('profiles').select('id').eq('email', demoUsers.admin.email).single(),
      'admin profile',
    )
    expect(stored).toEqual({ status: 'in_progress', handled_by: adminProfile.id })

    // The list's "In progress" filter has it.
    await page.getByRole('link', { name: t(lng, 'All leads') }).click()
    await filters.getByTestId('leads-filter-in_progress').click()
    await expect(page.getByRole('link', { name, exact: true })).toBeVisible()
    await filters.getByTestId('leads-filter-closed').click()
    await expect(page.getByRole('link', { name, exact: true })).toHaveCount(0)

    // The database refuses (as it does when an admin changes more than the status): said in words.
    await page.route('**/rest/v1/contact_messages**', (route) =>
      route.request().method() === 'PATCH'
        ? route.fulfill({
            status: 403,
            contentType: 'application/json',
            body: JSON.stringify({
              code: '42501',
              message: 'Admins can only change the status of a contact message',
              details: null,
              hint: null,
            }),
          })
        : route.fallback(),
    )
    await page.goto(adminPaths.lead(lng, lead.id))
    await page.getByRole('button', { name: t(lng, 'Mark as closed'), exact: true }).click()
    await expect(page.getByRole('alert')).toHaveText(
      t(lng, 'You are not allowed to make this change. Admins may only change the status.'),
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
        { url: `${adminPaths.leads(lng)}?status=closed`, heading: t(lng, 'Leads') },
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
