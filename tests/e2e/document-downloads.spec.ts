// Staff see who downloaded which document and when (issue 12, item 5): a client downloads a file
// from the portal; on the project's documents page the staff member opens the document's download
// history and finds that person with the time. In both languages, at 1366 px and at 375 px, axe
// with the history open.
import { test, expect, signIn } from './support/auth'
import { signInStaff } from './support/admin'
import { expectNoAxeViolations } from './support/a11y'
import { t } from './support/catalog'
import { demoUsers, organizations, projectsOf } from './support/users'
import { withLangPrefix } from '../../src/lib/pages'

for (const [lng, width] of [
  ['es', 375],
  ['en', 1366],
] as const) {
  test(`staff see who downloaded a document and when (${lng}, staff at ${width}px)`, async ({ browser, admin }) => {
    const client = lng === 'es' ? demoUsers.lucia : demoUsers.james
    const project = (await projectsOf(admin, organizations.ribera)).find((row) => row.visible_to_client)!
    const { data: shared, error } = await admin
      .from('documents')
      .select('name')
      .eq('project_id', project.id)
      .eq('visible_to_client', true)
      .order('name')
    if (error) throw new Error(error.message)
    // each language's test downloads its own document, so the two can run at once
    const name = shared[lng === 'es' ? 0 : 1]!.name

    const clientContext = await browser.newContext({ viewport: { width: 1366, height: 900 } })
    const clientPage = await clientContext.newPage()
    await signIn(clientPage, client, lng)
    await clientPage.goto(withLangPrefix(`/client-portal/dashboard/projects/${project.id}`, lng))
    const downloading = clientPage.waitForEvent('download')
    await clientPage
      .getByRole('row')
      .filter({ hasText: name })
      .getByRole('button', { name: new RegExp(`^${t(lng, 'Download')}`) })
      .click()
    await (await downloading).path() // the file arrived; its record was taken when the link was asked for
    await clientContext.close()

    const staffContext = await browser.newContext({ viewport: { width: 1366, height: 900 } })
    const page = await staffContext.newPage()
    await signInStaff(page, demoUsers.admin, lng)
    await page.setViewportSize({ width, height: 900 })
    await page.goto(withLangPrefix(`/admin/dashboard/projects/${project.id}/documents`, lng))
    const row = page.getByRole('row').filter({ has: page.getByText(name, { exact: true }) })
    const history = row.locator('details')
    await history.locator('summary').click()
    const entry = history.getByRole('listitem').filter({ hasText: client.name })
    await expect(entry.first()).toBeVisible()
    const when = Date.parse((await entry.first().locator('time').getAttribute('datetime'))!)
    expect(Date.now() - when).toBeLessThan(5 * 60_000)
    await expectNoAxeViolations(page, `documents with a download history at ${width}px (${lng})`)
    await staffContext.close()
  })
}
