// Live lists (issue 23, major 1): rows that become visible appear in the open pages within 3 s,
// without a reload. A new client's overview says there are no projects; staff create one for the
// organization and it appears. With the project open, staff write a draft report (nothing shows)
// and publish it: the Reports section shows it. Staff with the projects list open see a colleague's
// new project appear too.
import { randomUUID } from 'node:crypto'
import { withLangPrefix } from '../../src/lib/pages'
import { test, expect, paths, signIn } from './support/auth'
import { t } from './support/catalog'
import { createOrganization, createProject, signInStaff } from './support/admin'
import { createClientUser, demoUsers, type OrganizationSlug } from './support/users'
import { recordFrames } from './support/websocket'

test.use({ locale: 'es-ES', viewport: { width: 1366, height: 900 } })

/** What a change may take to show (the bound). */
const live = { timeout: 3_000 }

/** Resolves once the page's channel `live:<table>|<filter>` hears the database. */
async function listening(frames: string[], table: string, filter = '') {
  await expect
    .poll(() =>
      frames.some((frame) => frame.includes(`live:${table}|${filter}"`) && frame.includes('Subscribed to PostgreSQL')),
    )
    .toBe(true)
}

function must<T>(result: { data: T | null; error: { message: string } | null }, what: string): T {
  if (result.error || result.data === null) throw new Error(`${what}: ${result.error?.message ?? 'no row'}`)
  return result.data
}

test('what staff create or publish appears in the open client and staff pages within 3 s', async ({
  page,
  admin,
  browser,
}) => {
  const organization = await createOrganization(admin)
  const client = await createClientUser(admin, { locale: 'es', organization: organization.slug as OrganizationSlug })
  const frames = recordFrames(page)
  await signIn(page, client, 'es')

  // A new client's overview: no projects yet, so the first-visit welcome.
  const projects = page.getByRole('region', { name: t('es', 'Your projects'), exact: true })
  await expect(
    page.getByRole('heading', { level: 2, name: new RegExp(`^${t('es', 'Welcome to your portal')}`) }),
  ).toBeVisible()
  await expect(projects).toHaveCount(0)
  await listening(frames, 'projects')

  // Staff, on the projects list in their own browser.
  const staffContext = await browser.newContext({ locale: 'en-US', viewport: { width: 1366, height: 900 } })
  const staff = await staffContext.newPage()
  const staffFrames = recordFrames(staff)
  await signInStaff(staff, demoUsers.admin, 'en')
  await staff.goto(withLangPrefix('/admin/dashboard/projects', 'en'))
  await listening(staffFrames, 'projects')

  // Staff create a project for the organization: it appears on both pages.
  const name = `Proyecto en vivo ${randomUUID().slice(0, 8)}`
  const project = await createProject(admin, organization.id, { name, status: 'in_progress', progress: 10 })
  await expect(projects.getByRole('link', { name, exact: true })).toBeVisible(live)
  await expect(staff.getByRole('link', { name, exact: true })).toBeVisible(live)
  await staffContext.close()

  // The project open: no report published yet.
  await page.goto(paths.project('es', project.id))
  const reports = page.locator('#reports')
  await expect(reports.getByText(t('es', 'No reports have been published for this project yet.'))).toBeVisible()
  await listening(frames, 'reports', `project_id=eq.${project.id}`)

  // A draft is not for the client; publishing it is what makes it appear.
  const title = `Informe de seguimiento ${randomUUID().slice(0, 8)}`
  const report = must(
    await admin
      .from('reports')
      .insert({ project_id: project.id, title, status: 'draft' })
      .select('id')
      .single<{ id: string }>(),
    'report',
  )
  const published = must(
    await admin
      .from('reports')
      .update({ status: 'published', published_at: new Date().toISOString() })
      .eq('id', report.id)
      .select('id')
      .single<{ id: string }>(),
    'publishing',
  )
  expect(published.id).toBe(report.id)
  await expect(reports.getByText(title, { exact: true })).toBeVisible(live)
  await expect(reports.getByText(t('es', 'No reports have been published for this project yet.'))).toHaveCount(0)
})
