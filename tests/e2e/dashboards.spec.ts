// Live dashboards inside the portal (issue 25, item 1; decision 0039), against a stand-in BI
// provider (support/bi-stand-in.ts): staff allow a host, attach a dashboard (the allowlist refusing
// another host first), preview it framed, and remove both (en, 1366 px); a client sees the
// Dashboards tab only once their project has dashboards, the Metabase one framed with their own
// organization's parameter signed by dashboard-embed, and a provider that refuses framing as a link
// only, while the stand-in refuses a tampered or expired token (es, 375 px). Axe on each screen.
import { randomUUID } from 'node:crypto'
import { SignJWT } from 'jose'
import { withLangPrefix } from '../../src/lib/pages'
import { expectNoAxeViolations } from './support/a11y'
import { createOrganization, createProject, signInStaff } from './support/admin'
import { test, expect, signIn } from './support/auth'
import { allowConsoleErrors } from './support/fixtures'
import { t } from './support/catalog'
import { biStandInOrigin, biStandInPort, biStandInSecret } from './support/servers'
import { createClientUser, demoUsers, type OrganizationSlug } from './support/users'

test.describe('staff', () => {
  // The address on a host nobody allowed is refused by the database on purpose (400, shown on the field).
  test.use(allowConsoleErrors(/status of 400 \(Bad Request\)/))

  test('staff allow a host and attach, preview and remove a dashboard (en, 1366px)', async ({ page, admin }) => {
    test.setTimeout(90_000)
    const lng = 'en'
    const organization = await createOrganization(admin, lng)
    const project = await createProject(admin, organization.id, {
      name: `BI ${randomUUID().slice(0, 8)}`,
      service: 'business-intelligence',
    })
    await page.setViewportSize({ width: 1366, height: 900 })
    await signInStaff(page, demoUsers.admin, lng)
    const dashboardsPath = withLangPrefix(`/admin/dashboard/projects/${project.id}/dashboards`, lng)
    await page.goto(dashboardsPath)
    await expect(page.getByRole('heading', { level: 2, name: 'Dashboards' })).toBeVisible()
    await expect(page.getByText('This project has no dashboards yet.')).toBeVisible()

    // The allowlist: the stand-in's host, as tests allow local http.
    const host = `127.0.0.1:${biStandInPort}`
    await page.getByRole('link', { name: 'Manage the allowed hosts' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Allowed dashboard hosts' })).toBeVisible()
    await expect(page.getByRole('rowheader', { name: 'app.powerbi.com' })).toBeVisible()
    await page.getByRole('textbox', { name: 'Host' }).fill(host)
    await page.getByRole('textbox', { name: 'Label' }).fill('Stand-in')
    await page.getByRole('button', { name: 'Allow the host' }).click()
    await expect(page.getByRole('status')).toHaveText(`${host} is now allowed.`)
    await expectNoAxeViolations(page, 'allowed dashboard hosts (en, 1366px)')

    await page.goto(dashboardsPath)
    await page.getByRole('button', { name: 'Add a dashboard' }).click()
    await page.getByRole('textbox', { name: 'Title' }).fill('Live sales')
    // A host nobody allowed: the database refuses it, and the form says why on the field.
    const address = page.getByRole('textbox', { name: 'Address' })
    await address.fill('https://bi.example.com/sales')
    await page.getByRole('button', { name: 'Save the dashboard' }).click()
    await expect(
      page.getByText(
        t(lng, 'This address is not on a host staff allowed for dashboards. Add its host to the allowed hosts first.'),
      ),
    ).toBeVisible()
    await expect(address).toBeFocused()
    await address.fill(`http://${host}/frame`)
    await page.getByRole('button', { name: 'Save the dashboard' }).click()
    const row = page.locator('tr[data-dashboard="Live sales"]')
    await expect(row).toContainText('Framed link')
    await expect(row).toContainText('Not viewed yet')

    // The preview frames it, sandboxed, with the link out beside it; opening it counts as a view.
    await page.getByRole('button', { name: 'Preview: Live sales' }).click()
    const frame = page.locator('iframe[title="Dashboard: Live sales"]')
    await expect(frame).toHaveAttribute(
      'sandbox',
      'allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox',
    )
    await expect(
      page.frameLocator('iframe[title="Dashboard: Live sales"]').getByRole('heading', { name: 'Stand-in dashboard' }),
    ).toBeVisible()
    await expect(page.getByRole('link', { name: 'Open “Live sales” in a new tab' })).toHaveAttribute(
      'href',
      `http://${host}/frame`,
    )
    await expectNoAxeViolations(page, 'project dashboards (en, 1366px)')
    await page.reload()
    await expect(row).toContainText(/1 view, on .+ by /)

    // Removed, then the host, which no dashboard uses any more.
    await page.getByRole('button', { name: 'Remove: Live sales' }).click()
    await page.getByRole('button', { name: 'Remove the dashboard' }).click()
    await expect(page.getByText('This project has no dashboards yet.')).toBeVisible()
    await page.goto(withLangPrefix('/admin/dashboard/dashboard-hosts', lng))
    await page.getByRole('button', { name: `Remove: ${host}` }).click()
    await page.getByRole('button', { name: 'Remove the host' }).click()
    await expect(page.getByRole('status')).toHaveText(`${host} is no longer allowed.`)
    await expect(page.getByRole('rowheader', { name: host })).toHaveCount(0)
  })
})

test('a client sees their Metabase dashboard with their organization locked, and a link-only one (es, 375px)', async ({
  page,
  admin,
  request,
}) => {
  test.setTimeout(90_000)
  const lng = 'es'
  const organization = await createOrganization(admin, lng)
  const name = `Cuadros ${randomUUID().slice(0, 8)}`
  const project = await createProject(admin, organization.id, {
    name,
    service: 'business-intelligence',
    visible_to_client: true,
  })
  const person = await createClientUser(admin, { locale: lng, organization: organization.slug as OrganizationSlug })
  await signIn(page, person, lng)
  await page.setViewportSize({ width: 375, height: 812 })
  const projectPath = withLangPrefix(`/client-portal/dashboard/projects/${project.id}`, lng)
  await page.goto(projectPath)
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
  // No dashboards for them yet: no tab.
  const tabs = page.getByRole('navigation', { name: t(lng, 'Project sections') })
  await expect(tabs.getByRole('link', { name: t(lng, 'Conversation') })).toBeVisible()
  await expect(tabs.getByRole('link', { name: t(lng, 'Dashboards') })).toHaveCount(0)

  await admin.from('dashboard_hosts').upsert({ host: `localhost:${biStandInPort}`, label: 'Stand-in' })
  const added = await admin.from('project_dashboards').insert([
    {
      project_id: project.id,
      kind: 'metabase',
      title: 'Ventas por tienda',
      metabase_dashboard_id: 7,
      locked_parameter: 'organizacion',
      url: null,
      refuses_framing: false,
      position: 0,
    },
    {
      project_id: project.id,
      title: 'Stock por tienda',
      kind: 'link',
      metabase_dashboard_id: null,
      locked_parameter: null,
      url: `${biStandInOrigin}/refused`,
      refuses_framing: true,
      position: 1,
    },
  ])
  expect(added.error).toBeNull()
  await page.reload()
  await tabs.getByRole('link', { name: t(lng, 'Dashboards') }).click()
  await expect(page).toHaveURL(new RegExp(`${projectPath}/dashboards$`))
  await expect(page.getByRole('heading', { level: 1, name: t(lng, 'Dashboards: {name}', { name }) })).toBeVisible()

  // The Metabase dashboard, framed: the stand-in verified the token and shows the locked parameter.
  const frameTitle = t(lng, 'Dashboard: {title}', { title: 'Ventas por tienda' })
  const frame = page.frameLocator(`iframe[title="${frameTitle}"]`)
  await expect(frame.getByRole('heading', { name: 'Metabase stand-in dashboard 7' })).toBeVisible()
  await expect(frame.getByText(`organizacion: ${organization.slug}`)).toBeVisible()
  const openLink = page.getByRole('link', {
    name: t(lng, 'Open “{title}” in a new tab', { title: 'Ventas por tienda' }),
  })
  const signed = (await openLink.getAttribute('href'))!
  expect(signed).toMatch(new RegExp(`^${biStandInOrigin}/embed/dashboard/[^#]+#bordered=false&titled=false$`))
  await expectNoAxeViolations(page, `dashboards (${lng}, 375px)`)

  // The provider that refuses framing: the link out only.
  await page.getByRole('button', { name: 'Stock por tienda' }).click()
  await expect(page.getByRole('button', { name: 'Stock por tienda' })).toHaveAttribute('aria-pressed', 'true')
  await expect(page.locator('iframe')).toHaveCount(0)
  await expect(
    page.getByText(
      t(lng, "This dashboard opens on its provider's site, which does not allow it to be shown inside the portal."),
    ),
  ).toBeVisible()
  await expect(
    page.getByRole('link', { name: t(lng, 'Open “{title}” in a new tab', { title: 'Stock por tienda' }) }),
  ).toHaveAttribute('href', `${biStandInOrigin}/refused`)

  // The stand-in accepts the genuine token, and refuses it tampered with or expired.
  const token = /\/embed\/dashboard\/([^#]+)/.exec(signed)![1]!
  const embed = (jwt: string) => request.get(`${biStandInOrigin}/embed/dashboard/${jwt}`)
  expect((await embed(token)).status()).toBe(200)
  const [header, , signature] = token.split('.')
  const forged = Buffer.from(
    JSON.stringify({ resource: { dashboard: 7 }, params: { organizacion: 'kuntur-pay' }, exp: 4102444800 }),
  ).toString('base64url')
  expect((await embed(`${header}.${forged}.${signature}`)).status()).toBe(401)
  const expired = await new SignJWT({ resource: { dashboard: 7 }, params: { organizacion: organization.slug } })
    .setProtectedHeader({ alg: 'HS256' })
    .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
    .sign(new TextEncoder().encode(biStandInSecret))
  expect((await embed(expired)).status()).toBe(401)

  // Each opening was recorded for staff.
  const { data: views } = await admin.from('dashboard_views').select('viewer_id').eq('viewer_id', person.id)
  expect(views!.length).toBeGreaterThanOrEqual(2)
})
