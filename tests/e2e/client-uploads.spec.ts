// A client gives an upload a title (issue 12, item 5): the document is listed by that title, and
// by the file's name when the title is left empty. es at 375 px, en at 1366 px, axe on the form.
import { test, expect, signIn } from './support/auth'
import { expectNoAxeViolations } from './support/a11y'
import { t } from './support/catalog'
import { demoUsers, organizations, projectsOf } from './support/users'
import { withLangPrefix } from '../../src/lib/pages'

for (const [lng, width] of [
  ['es', 375],
  ['en', 1366],
] as const) {
  test(`a client uploads a file under a title of their own (${lng}, ${width}px)`, async ({ page, admin }) => {
    await signIn(page, lng === 'es' ? demoUsers.lucia : demoUsers.james, lng)
    await page.setViewportSize({ width, height: 900 })
    const project = (await projectsOf(admin, organizations.ribera)).find((row) => row.visible_to_client)!
    await page.goto(withLangPrefix(`/client-portal/dashboard/projects/${project.id}`, lng))
    const form = page.getByRole('form', { name: t(lng, 'Upload a file') })
    const title = `Ventas de marzo, revisión ${lng} ${Date.now()}`
    const fileName = `ventas-${lng}-${Date.now()}.csv`

    await form.getByLabel(t(lng, 'Title (optional)')).fill(title)
    await form.getByLabel(t(lng, 'File'), { exact: true }).setInputFiles({
      name: fileName,
      mimeType: 'text/csv',
      buffer: Buffer.from('month,sales\n2026-03,1200\n'),
    })
    await expectNoAxeViolations(page, `the upload form with a title (${lng}, ${width}px)`)
    await form.getByRole('button', { name: t(lng, 'Upload') }).click()
    await expect(form.getByRole('status')).toContainText(title)
    await expect(page.getByRole('row').filter({ hasText: title })).toBeVisible()
    await expect(page.getByRole('row').filter({ hasText: fileName })).toHaveCount(0)
    await expect(form.getByLabel(t(lng, 'Title (optional)'))).toHaveValue('')
  })
}
