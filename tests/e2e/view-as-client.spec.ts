// "View as client" (issue 12 item 5, decision 0022): a staff member opens the portal as a client
// user from the organization page, sees exactly that client's projects under a banner saying
// whose portal it is, finds no form that would write, leaves with the banner's button (reached by
// keyboard) and is back on the organization page, still signed in as staff, with both the
// entering and the leaving in the activity log. In both languages, at 375 px in the dark scheme
// and at 1366 px in the light one, axe in the preview.
import { test, expect } from './support/auth'
import { adminPaths, signInStaff, userRow } from './support/admin'
import { expectNoAxeViolations } from './support/a11y'
import { t } from './support/catalog'
import { demoUsers, organizationId, organizations, projectsOf } from './support/users'
import { withLangPrefix } from '../../src/lib/pages'

for (const [lng, width, colorScheme] of [
  ['es', 375, 'dark'],
  ['en', 1366, 'light'],
] as const) {
  test(`staff view the portal as a client, read-only, and leave (${lng}, ${width}px, ${colorScheme})`, async ({
    browser,
    admin,
  }) => {
    // Each language previews its own client, so the two runs can go at once.
    const client = lng === 'es' ? demoUsers.lucia : demoUsers.james
    const orgId = await organizationId(admin, organizations.ribera)
    const projects = await projectsOf(admin, organizations.ribera)
    const visible = projects.filter((p) => p.visible_to_client)
    const hidden = projects.filter((p) => !p.visible_to_client)
    expect(hidden.length).toBeGreaterThan(0)
    const since = new Date().toISOString()

    const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme })
    const page = await context.newPage()
    await signInStaff(page, demoUsers.admin, lng)
    const orgPath = adminPaths.organization(lng, orgId)
    await page.goto(orgPath)
    // Named "View as client: <name>", with no space before the colon.
    await userRow(page, client.email)
      .getByRole('button', { name: `${t(lng, 'View as client')}: ${client.name}`, exact: true })
      .click()

    await expect(page).toHaveURL(new RegExp(`${withLangPrefix('/client-portal/dashboard', lng)}$`))
    const banner = page.getByTestId('preview-banner')
    await expect(banner).toContainText(
      t(lng, 'You are viewing the portal as {name} ({organization}). Read-only.', {
        name: client.name,
        organization: 'Almacenes Ribera',
      }),
    )
    // Exactly the client's projects: the visible ones, not the one staff keep hidden.
    for (const project of visible) await expect(page.getByText(project.name).first()).toBeVisible()
    for (const project of hidden) await expect(page.getByText(project.name)).toHaveCount(0)
    await expectNoAxeViolations(page, `portal preview at ${width}px (${lng}, ${colorScheme})`)

    // No form that would write: the account page and a project's upload form say why instead.
    await page.goto(withLangPrefix('/client-portal/dashboard/account', lng))
    await expect(banner).toBeVisible()
    await expect(page.getByTestId('preview-read-only')).toBeVisible()
    await expect(page.locator('form')).toHaveCount(0)
    await page.goto(withLangPrefix(`/client-portal/dashboard/projects/${visible[0]!.id}`, lng))
    await expect(page.getByTestId('preview-read-only').first()).toBeVisible()
    await expect(page.locator('input[type="file"]')).toHaveCount(0)
    if (client === demoUsers.lucia) {
      // Her own upload (the demo's "Ventas por tienda 2025") shows as hers, with no replace or delete.
      await page.goto(withLangPrefix('/client-portal/dashboard/projects/1a000000-0000-4000-8000-000000000001', lng))
      await expect(page.getByText(t(lng, 'Uploaded by you')).first()).toBeVisible()
      await expect(page.getByRole('button', { name: t(lng, 'Replace file') })).toHaveCount(0)
      await expect(page.getByRole('button', { name: t(lng, 'Delete'), exact: true })).toHaveCount(0)
    }

    // The banner's button is the first stop of the keyboard on a page load, at every width.
    await page.reload()
    await expect(banner).toBeVisible()
    await page.keyboard.press('Tab')
    const leave = banner.getByRole('button', { name: t(lng, 'Leave preview') })
    await expect(leave).toBeFocused()
    await page.keyboard.press('Enter')

    await expect(page).toHaveURL(new RegExp(`${orgPath}$`))
    await expect(page.getByTestId('preview-ended')).toContainText(
      t(lng, 'You have left the preview of the portal as {name}.', { name: client.name }),
    )
    await expect(page.getByTestId('preview-banner')).toHaveCount(0)
    // Still the staff member: the organization's people are listed.
    await expect(userRow(page, client.email)).toBeVisible()

    await expect
      .poll(async () => {
        const { data } = await admin
          .from('activity_log')
          .select('action, actor_id')
          .eq('entity_type', 'profile')
          .eq('summary->>title', client.name)
          .like('action', 'view_as%')
          .gte('occurred_at', since)
          .order('id')
        return (data ?? []).map((row) => row.action)
      })
      .toEqual(['view_as_start', 'view_as_end'])
    await context.close()
  })
}
