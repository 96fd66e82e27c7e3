// The client's upload form (issue 23, items 11 and 21). The file control speaks the page's
// language: a button named by the field's label ("File, Choose a file") and the chosen file's name
// or "No file chosen", never the browser's own English words; the native input is only the
// picker's (hidden, out of the tab order); Enter on the button opens the picker. On a desktop the
// fields' labels, hints and controls each line up on one row and the Upload button sits under the
// first column; on phones everything stacks within the width. axe on each.
import type { Locator } from '@playwright/test'
import { test, expect, signIn } from './support/auth'
import { expectNoAxeViolations } from './support/a11y'
import { t } from './support/catalog'
import { demoUsers, organizations, projectsOf } from './support/users'
import { withLangPrefix } from '../../src/lib/pages'

const box = async (locator: Locator) => (await locator.boundingBox())!

for (const [lng, width] of [
  ['es', 375],
  ['es', 320],
  ['en', 1280],
  ['es', 1366],
] as const) {
  test(`the upload form's file control is in the page's language and its columns line up (${lng}, ${width}px)`, async ({
    page,
    admin,
  }) => {
    await signIn(page, lng === 'es' ? demoUsers.lucia : demoUsers.james, lng)
    await page.setViewportSize({ width, height: 900 })
    const project = (await projectsOf(admin, organizations.ribera)).find((row) => row.visible_to_client)!
    await page.goto(withLangPrefix(`/client-portal/dashboard/projects/${project.id}`, lng))
    const form = page.getByRole('form', { name: t(lng, 'Upload a file') })
    await form.scrollIntoViewIfNeeded()

    const chooser = form.getByRole('button', { name: `${t(lng, 'File')} ${t(lng, 'Choose a file')}`, exact: true })
    await expect(chooser).toBeVisible()
    await expect(chooser).toHaveText(t(lng, 'Choose a file'))
    await expect(form.getByTestId('chosen-file')).toHaveText(t(lng, 'No file chosen'))
    await expect(chooser).toHaveAccessibleDescription(new RegExp(`^${t(lng, 'No file chosen')}`))
    if (lng === 'es') await expect(form).not.toContainText(/No file chosen|Choose File/)
    const native = form.locator('input[type="file"]')
    await expect(native).toHaveAttribute('aria-hidden', 'true')
    await expect(native).toHaveAttribute('tabindex', '-1')
    expect((await box(native)).width).toBeLessThanOrEqual(1)

    // By keyboard: the button comes just before the title field, and Enter opens the picker.
    // (Listened for before the steps that lead there: Playwright starts intercepting the picker
    // when the listener is added, and on a loaded machine that can take longer than a key press.)
    const picker = page.waitForEvent('filechooser')
    const titleField = form.getByLabel(t(lng, 'Title (optional)'))
    await titleField.focus()
    await page.keyboard.press('Shift+Tab')
    await expect(chooser).toBeFocused()
    await page.keyboard.press('Enter')
    const fileName = `resumen-${lng}-${width}.csv`
    await (await picker).setFiles({ name: fileName, mimeType: 'text/csv', buffer: Buffer.from('a,b\n1,2\n') })
    await expect(form.getByTestId('chosen-file')).toHaveText(fileName)
    await expect(chooser).toHaveAccessibleDescription(new RegExp(`^${fileName.replace(/\./g, '\\.')}`))
    expect((await box(chooser)).height).toBeGreaterThanOrEqual(44)
    await expectNoAxeViolations(page, `the upload form with a chosen file (${lng}, ${width}px)`)

    const labels = [t(lng, 'File'), t(lng, 'Title (optional)'), t(lng, 'Category')].map((name) =>
      form.locator('label').getByText(name, { exact: true }),
    )
    const controls = [chooser, titleField, form.getByLabel(t(lng, 'Category'))]
    const submit = form.getByRole('button', { name: t(lng, 'Upload'), exact: true })
    const labelBoxes = await Promise.all(labels.map(box))
    const controlBoxes = await Promise.all(controls.map(box))
    const submitBox = await box(submit)
    const formBox = await box(form)
    if (width >= 960) {
      // one row of labels, one of controls (the same height), the button under the first column
      for (const [index, label] of labelBoxes.entries()) {
        expect(Math.abs(label.y - labelBoxes[0]!.y), `label ${index}`).toBeLessThanOrEqual(1)
        expect(label.x, `label ${index} left of its control`).toBeLessThanOrEqual(controlBoxes[index]!.x + 1)
      }
      for (const [index, control] of controlBoxes.entries()) {
        expect(Math.abs(control.y - controlBoxes[0]!.y), `control ${index}`).toBeLessThanOrEqual(1)
        expect(Math.abs(control.height - controlBoxes[1]!.height), `control ${index} height`).toBeLessThanOrEqual(1)
      }
      expect(controlBoxes[0]!.x).toBeLessThan(controlBoxes[1]!.x)
      expect(controlBoxes[1]!.x).toBeLessThan(controlBoxes[2]!.x)
      expect(Math.abs(submitBox.x - labelBoxes[0]!.x)).toBeLessThanOrEqual(1)
      expect(submitBox.y).toBeGreaterThan(controlBoxes[0]!.y + controlBoxes[0]!.height)
    } else {
      // stacked: each field under the previous one, all inside the form and the page
      for (let index = 1; index < controlBoxes.length; index++) {
        expect(labelBoxes[index]!.y).toBeGreaterThan(controlBoxes[index - 1]!.y)
      }
      for (const element of [...controlBoxes, submitBox]) {
        expect(element.x + element.width).toBeLessThanOrEqual(formBox.x + formBox.width + 1)
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
    }
  })
}
