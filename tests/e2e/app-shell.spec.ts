// The application shell of the portal and the admin area (decision 0013): no marketing header or
// footer; on a phone a compact bar whose menu holds every section, the language and sign-out; on
// a wide screen a side bar and an account menu; the bell's count; the frame kept while the guard
// waits. Axe in both languages and both colour schemes, with the phone menu open. A project's tabs
// mark the open one in both areas and stay one scrolling row on a phone; the side bar's counts say
// what they count; the admin overview's figures and overdue tasks are links (issue 23).
import type { Page } from '@playwright/test'
import { test, expect, exactPath, expectSignedOut, paths, signIn, guardSpinner, type Prefix } from './support/auth'
import { createOrganization, createProject, signInStaff } from './support/admin'
import { expectNoAxeViolations } from './support/a11y'
import { t } from './support/catalog'
import { demoUsers, organizations, projectsOf } from './support/users'
import type { Locale } from '../../src/lib/locale'

const phone = { width: 375, height: 812 }
const wide = { width: 1366, height: 900 }

const portalSections = [
  ['Overview', '/client-portal/dashboard', 'Overview'],
  ['Search', '/client-portal/dashboard/search', 'Search'],
  ['Notifications', '/client-portal/dashboard/notifications', 'Notifications'],
  ['Account', '/client-portal/dashboard/account', 'Your account'],
] as const

const adminSections = [
  ['Overview', '/admin/dashboard'],
  ['Search', '/admin/dashboard/search'],
  ['Clients', '/admin/dashboard/organizations'],
  ['Projects', '/admin/dashboard/projects'],
  ['Leads', '/admin/dashboard/leads'],
  ['Activity', '/admin/dashboard/activity'],
  ['Notifications', '/admin/dashboard/notifications'],
  ['Team', '/admin/dashboard/team'],
  ['Account', '/admin/dashboard/account'],
] as const

function shell(page: Page, lng: Locale, area: 'Client portal' | 'Admin') {
  const banner = page.getByRole('banner')
  return {
    banner,
    nav: page.getByRole('navigation', { name: t(lng, area), exact: true }),
    toggle: banner.getByRole('button', { name: t(lng, 'Menu'), exact: true }),
    signOut: page.getByRole('button', { name: t(lng, 'Sign out'), exact: true }),
  }
}

async function expectNoHorizontalOverflow(page: Page, label: string) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }))
  expect(scrollWidth, `${label}: ${scrollWidth}px wide in ${clientWidth}px`).toBeLessThanOrEqual(clientWidth)
}

const withPrefix = (path: string, lng: Prefix) => (lng ? `/${lng}${path === '/' ? '' : path}` : path)

for (const lng of ['es', 'en'] as const) {
  test(`a client on a phone reaches every section from the menu and signs out (${lng})`, async ({ page }) => {
    await page.setViewportSize(wide)
    await signIn(page, lng === 'es' ? demoUsers.lucia : demoUsers.james, lng)
    await page.setViewportSize(phone)
    const { banner, nav, toggle, signOut } = shell(page, lng, 'Client portal')

    // An application, not a web page: no marketing footer, no marketing links in the bar.
    await expect(page.getByRole('contentinfo')).toHaveCount(0)
    await expect(banner.getByRole('link', { name: t(lng, 'Contact us') })).toHaveCount(0)
    await expect(banner.getByRole('link', { name: new RegExp(`^${t(lng, 'Notifications')}`) })).toBeVisible()
    await expect(nav).toBeHidden()
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')

    for (const [label, path, heading] of portalSections) {
      await toggle.click()
      await expect(nav).toBeVisible()
      await nav.getByRole('link', { name: new RegExp(`^${t(lng, label)}`) }).click()
      await expect(page).toHaveURL(exactPath(withPrefix(path, lng)))
      await expect(page.getByRole('heading', { level: 1, name: t(lng, heading) })).toBeVisible()
      await expect(nav).toBeHidden() // navigation closes the menu
      await expectNoHorizontalOverflow(page, path)
    }

    // Keyboard: Enter opens, Escape closes and gives the focus back to the toggle.
    await toggle.focus()
    await page.keyboard.press('Enter')
    await expect(toggle).toHaveAttribute('aria-expanded', 'true')
    await expectNoAxeViolations(page, `portal with the phone menu open (${lng})`)
    await page.keyboard.press('Escape')
    await expect(nav).toBeHidden()
    await expect(toggle).toBeFocused()

    await toggle.click()
    await expect(nav.getByText(lng === 'es' ? demoUsers.lucia.name : demoUsers.james.name)).toBeVisible()
    await expect(nav.getByRole('group', { name: t(lng, 'Language') })).toBeVisible()
    await signOut.click()
    await expectSignedOut(page, lng, 'client')
    await expectNoAxeViolations(page, `the portal sign-in after signing out at 375 px (${lng})`)
    await page.goto(paths.dashboard(lng))
    await expect(page).toHaveURL(new RegExp(`/${lng}/client-portal/login\\?redirect=`))
  })

  test(`staff on a phone reach every admin section, each passing axe, and sign out (${lng})`, async ({ page }) => {
    test.setTimeout(90_000) // eight sections, an axe scan on each
    await page.setViewportSize(phone)
    await signInStaff(page, demoUsers.admin, lng)
    const { nav, toggle, signOut } = shell(page, lng, 'Admin')
    await expect(page.getByRole('contentinfo')).toHaveCount(0)
    for (const [label, path] of adminSections) {
      await toggle.click()
      // A section with a count is named with what it counts ("Notifications, 3 unread"), and shows
      // it after its label.
      const name = new RegExp(`^${t(lng, label)}(, \\d+ .+)?$`)
      const text = new RegExp(`^${t(lng, label)}(\\d+ .+)?$`)
      await nav.getByRole('link', { name }).click()
      await expect(page).toHaveURL(exactPath(withPrefix(path, lng)))
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      // The closed menu's current entry (hidden, so found by its attribute) is this section.
      await expect(page.locator(`nav[aria-label="${t(lng, 'Admin')}"] a[aria-current="page"]`)).toHaveText(text)
      await expectNoHorizontalOverflow(page, path)
      await expectNoAxeViolations(page, `${path} at 375 px (${lng})`)
    }
    await toggle.click()
    await signOut.click()
    await expectSignedOut(page, lng, 'staff')
    await expectNoAxeViolations(page, `the staff sign-in after signing out at 375 px (${lng})`)
  })
}

test('on a wide screen: side bar, account menu, bell, language switch, dark scheme passes axe', async ({ page }) => {
  await page.setViewportSize(wide)
  await signIn(page, demoUsers.james, 'en')
  const { banner, nav, toggle } = shell(page, 'en', 'Client portal')
  await expect(nav).toBeVisible()
  await expect(toggle).toBeHidden()
  await expect(banner.getByRole('button', { name: demoUsers.james.name, exact: true })).toBeVisible()

  // The bell names its count; the side bar's entry shows the same number.
  const bell = banner.getByRole('link', { name: /^Notifications/ })
  const label = (await bell.getAttribute('aria-label')) ?? ''
  const count = Number(/(\d+)/.exec(label)?.[1] ?? 0)
  if (count > 0) {
    expect(label).toBe(t('en', 'Notifications, {count} unread', { count }))
    await expect(nav.getByRole('link', { name: new RegExp(`^${t('en', 'Notifications')}`) })).toContainText(
      String(count),
    )
  }
  await bell.click()
  await expect(page).toHaveURL(exactPath(paths.notifications('en')))

  // The language switch keeps the page and changes the prefix.
  await banner.getByRole('button', { name: 'Español' }).click()
  await expect(page).toHaveURL(exactPath(paths.notifications('es')))
  await expect(shell(page, 'es', 'Client portal').nav).toBeVisible()

  await page.emulateMedia({ colorScheme: 'dark' })
  await expectNoAxeViolations(page, 'portal notifications, dark, 1366 px (es)')
})

test('while the guard waits the shell stays, with skeletons instead of a whole-page spinner', async ({ page }) => {
  await page.setViewportSize(wide)
  await signIn(page, demoUsers.lucia, 'es')
  let release!: () => void
  const gate = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/rest\/v1\/profiles\?/, async (route) => {
    await gate
    await route.continue()
  })
  await page.goto(paths.notifications('es'))
  await expect(guardSpinner(page, 'es', 'client')).toBeVisible()
  await expect(page.getByRole('banner')).toBeVisible()
  await expect(page.getByRole('contentinfo')).toHaveCount(0)
  release()
  await expect(shell(page, 'es', 'Client portal').nav).toBeVisible()
  await expect(page.getByRole('heading', { level: 1, name: t('es', 'Notifications') })).toBeVisible()
})

/** What shows a tab as the open one: its weight and the colour of its underline. */
const tabLook = (tab: import('@playwright/test').Locator) =>
  tab.evaluate((element) => {
    const style = getComputedStyle(element)
    return { weight: Number(style.fontWeight), underline: style.borderBottomColor, width: style.borderBottomWidth }
  })

for (const lng of ['es', 'en'] as const) {
  test(`a project's tabs show which one is open, in both areas (${lng})`, async ({ page, browser, admin }) => {
    test.slow() // both areas, two widths, axe on each
    const project = (await projectsOf(admin, organizations.ribera)).find((row) => row.visible_to_client)!
    await page.setViewportSize(wide)
    await signInStaff(page, demoUsers.admin, lng)
    await page.goto(withPrefix(`/admin/dashboard/projects/${project.id}`, lng))
    const tabs = page.getByRole('navigation', { name: t(lng, 'Project sections') })
    const tab = (label: string) => tabs.getByRole('link', { name: new RegExp(`^${t(lng, label)}`) })
    await expect(tab('Overview')).toHaveAttribute('aria-current', 'page')
    await expect(tabs.locator('[aria-current]')).toHaveCount(1)
    const open = await tabLook(tab('Overview'))
    const closed = await tabLook(tab('Tasks'))
    expect(open.weight).toBeGreaterThanOrEqual(600)
    expect(closed.weight).toBeLessThan(600)
    expect(open.underline).not.toBe(closed.underline)
    await tab('Tasks').click()
    await expect(page).toHaveURL(exactPath(withPrefix(`/admin/dashboard/projects/${project.id}/tasks`, lng)))
    await expect(tab('Tasks')).toHaveAttribute('aria-current', 'page')
    await expect(tab('Overview')).not.toHaveAttribute('aria-current')
    expect(await tabLook(tab('Tasks'))).toEqual(open)

    // On a phone: one row that scrolls sideways (not nine wrapped links), on the first screen,
    // with the open tab in view, every tab reached with Tab, and axe clean.
    await page.setViewportSize(phone)
    await page.goto(withPrefix(`/admin/dashboard/projects/${project.id}/team`, lng))
    await expect(tab('Team access')).toHaveAttribute('aria-current', 'page')
    const row = tabs.getByRole('list')
    const rowBox = (await row.boundingBox())!
    expect(rowBox.height, 'one row of tabs').toBeLessThan(64)
    expect(rowBox.y + rowBox.height, 'the tabs on the first screen').toBeLessThanOrEqual(phone.height)
    expect(await row.evaluate((list) => list.scrollWidth > list.clientWidth)).toBe(true)
    await expect
      .poll(async () => {
        const box = (await tab('Team access').boundingBox())!
        return box.x >= rowBox.x - 1 && box.x + box.width <= rowBox.x + rowBox.width + 1
      })
      .toBe(true)
    await expectNoHorizontalOverflow(page, 'admin project tabs at 375 px')
    const links = tabs.getByRole('link')
    await links.first().focus()
    for (let i = 1; i < (await links.count()); i++) {
      await page.keyboard.press('Tab')
      await expect(links.nth(i)).toBeFocused()
      await expect(links.nth(i)).toBeInViewport()
    }
    await expectNoAxeViolations(page, `admin project tabs at 375 px (${lng})`)

    // The portal: the project page and its conversation are tabs, each marked when open.
    const context = await browser.newContext({ viewport: wide, locale: lng === 'es' ? 'es-ES' : 'en-US' })
    const client = await context.newPage()
    await signIn(client, demoUsers.lucia, lng)
    await client.goto(withPrefix(`/client-portal/dashboard/projects/${project.id}`, lng))
    const portalTabs = client.getByRole('navigation', { name: t(lng, 'Project sections') })
    const portalTab = (label: string) => portalTabs.getByRole('link', { name: new RegExp(`^${t(lng, label)}`) })
    await expect(portalTab('Project')).toHaveAttribute('aria-current', 'page')
    await expect(portalTabs.locator('[aria-current]')).toHaveCount(1)
    expect((await tabLook(portalTab('Project'))).weight).toBeGreaterThanOrEqual(600)
    await portalTab('Conversation').click()
    await expect(client).toHaveURL(
      exactPath(withPrefix(`/client-portal/dashboard/projects/${project.id}/conversation`, lng)),
    )
    await expect(portalTab('Conversation')).toHaveAttribute('aria-current', 'page')
    await expect(portalTab('Project')).not.toHaveAttribute('aria-current')
    expect((await tabLook(portalTab('Conversation'))).weight).toBeGreaterThanOrEqual(600)
    // from the conversation, a section's tab leads back to that section of the project page
    await portalTab('Tasks').click()
    await expect(client).toHaveURL(
      new RegExp(`${withPrefix(`/client-portal/dashboard/projects/${project.id}`, lng)}#tasks$`),
    )
    await expectNoAxeViolations(client, `portal project tabs (${lng})`)
    await context.close()
  })
}

test("the admin side bar's count says what it counts, seen and in the link's name", async ({ page, admin }) => {
  // a message from someone else, on a project of the staff's: unread for the admin
  const organization = await createOrganization(admin)
  const project = await createProject(admin, organization.id, { name: 'Sidebar count' })
  const { data: author } = await admin
    .from('profiles')
    .select('id')
    .eq('email', demoUsers.superAdmin.email)
    .single<{ id: string }>()
  const { error } = await admin
    .from('conversation_messages')
    .insert({ project_id: project.id, author_id: author!.id, body: 'Unread for Marta' })
  expect(error).toBeNull()

  await page.setViewportSize(wide)
  await signInStaff(page, demoUsers.admin, 'en')
  const nav = shell(page, 'en', 'Admin').nav
  const projects = nav.getByRole('link', { name: /^Projects, \d+ unread messages?$/ })
  await expect(projects).toBeVisible()
  const label = (await projects.getAttribute('aria-label'))!
  const count = Number(/(\d+)/.exec(label)![1])
  expect(count).toBeGreaterThan(0)
  // the badge shows the same words, not a bare number
  await expect(projects).toContainText(
    t('en', '{unreadMessages, plural, one {# unread message} other {# unread messages}}', { unreadMessages: count }),
  )
  await page.getByRole('banner').getByRole('button', { name: 'Español' }).click()
  await expect(
    shell(page, 'es', 'Admin').nav.getByRole('link', { name: new RegExp(`^Proyectos, ${count} mensajes? sin leer$`) }),
  ).toBeVisible()
  await expectNoAxeViolations(page, 'admin side bar with counts (es)')
})

test('the admin overview: each figure opens what it counts, each overdue task its project', async ({ page, admin }) => {
  const organization = await createOrganization(admin)
  const project = await createProject(admin, organization.id, { name: 'Overdue work', status: 'in_progress' })
  // due long ago: the first of the overview's overdue tasks
  const { data: task } = await admin
    .from('tasks')
    .insert({ project_id: project.id, title: 'Long overdue review', due_date: '2001-01-15' })
    .select('id')
    .single<{ id: string }>()
  try {
    await page.setViewportSize(wide)
    await signInStaff(page, demoUsers.admin, 'en')
    const figures = page.getByRole('list', { name: t('en', 'Key figures') })
    await expect(figures.getByRole('link')).toHaveCount(5)
    const figure = (label: string) => figures.getByRole('link', { name: new RegExp(`^[\\d,]+ ?${t('en', label)}$`) })

    // Open projects: the list, filtered as counted (other tests may add projects meanwhile, so the
    // rows are checked for what they are rather than counted)
    await figure('Open projects').click()
    await expect(page).toHaveURL(/\/admin\/dashboard\/projects\?status=open$/)
    await expect(
      page.getByRole('search', { name: t('en', 'Filter projects') }).getByLabel(t('en', 'Status'), { exact: true }),
    ).toHaveValue('open')
    const rows = page.locator('tr[data-project-id]')
    await expect(rows.filter({ hasText: 'Overdue work' })).toHaveCount(1)
    const statuses = new Set(
      await rows.locator('[data-status]').evaluateAll((badges) => badges.map((b) => b.getAttribute('data-status'))),
    )
    expect([...statuses].every((status) => ['planning', 'in_progress', 'on_hold'].includes(status!))).toBe(true)
    await page.goBack()

    await figure('New leads').click()
    await expect(page).toHaveURL(/\/admin\/dashboard\/leads\?status=new$/)
    await page.goBack()
    await figure('Active client organizations').click()
    await expect(page).toHaveURL(exactPath(withPrefix('/admin/dashboard/organizations', 'en')))
    await page.goBack()

    // Overdue tasks: the section below, whose tasks open their project's tasks
    await expect(figure('Overdue tasks')).toHaveAttribute('href', '#overdue-title')
    const overdue = page.getByRole('region', { name: t('en', 'Overdue tasks') })
    await overdue.getByRole('link', { name: 'Long overdue review' }).click()
    await expect(page).toHaveURL(exactPath(withPrefix(`/admin/dashboard/projects/${project.id}/tasks`, 'en')))
    await page.goBack()
    await expectNoAxeViolations(page, 'admin overview with linked figures (en)')
  } finally {
    await admin.from('tasks').delete().eq('id', task!.id)
  }
})
