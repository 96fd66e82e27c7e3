// A client gives an upload a title (issue 12, item 5): the document is listed by that title, and
// by the file's name when the title is left empty. es at 375 px, en at 1366 px, axe on the form.
// Files go to the form's native input, which the file control keeps hidden for the picker (its
// button is what people use; upload-form.spec.ts).
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
    await form.locator('input[type="file"]').setInputFiles({
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

// A client drops files onto the upload form, replaces and deletes their own upload (decision
// 0023): several files at once and a file of a refused type are refused in words (the type with
// the picker's very message); a valid drop fills the form's file input; "Replace file" gives the
// document a new version and its old file goes; "Delete" asks first, by keyboard, and takes the
// document and its file away. A colleague's upload offers neither. es at 375 px in the light
// scheme, en at 1366 px in the dark one; axe with the drop target showing and the question asked.
for (const [lng, width, colorScheme] of [
  ['es', 375, 'light'],
  ['en', 1366, 'dark'],
] as const) {
  test(`a client drops, replaces and deletes their own upload (${lng}, ${width}px, ${colorScheme})`, async ({
    page,
    admin,
  }) => {
    await page.emulateMedia({ colorScheme })
    await signIn(page, lng === 'es' ? demoUsers.lucia : demoUsers.james, lng)
    await page.setViewportSize({ width, height: 900 })
    const project = (await projectsOf(admin, organizations.ribera)).find((row) => row.visible_to_client)!
    await page.goto(withLangPrefix(`/client-portal/dashboard/projects/${project.id}`, lng))
    const form = page.getByRole('form', { name: t(lng, 'Upload a file') })
    const fileInput = form.locator('input[type="file"]')
    const stamp = `${lng}-${Date.now()}`

    const drop = async (files: { name: string; type: string; body: string }[]) => {
      const dataTransfer = await page.evaluateHandle((list) => {
        const transfer = new DataTransfer()
        for (const file of list) transfer.items.add(new File([file.body], file.name, { type: file.type }))
        return transfer
      }, files)
      await form.dispatchEvent('dragenter', { dataTransfer })
      await form.dispatchEvent('dragover', { dataTransfer })
      await expect(form).toHaveAttribute('data-dragging', '')
      await expect(form).toContainText(t(lng, 'Drop the file to choose it.'))
      await form.dispatchEvent('drop', { dataTransfer })
      await expect(form).not.toHaveAttribute('data-dragging')
    }
    const chosenFile = () => fileInput.evaluate((input: HTMLInputElement) => input.files?.[0]?.name ?? null)
    const csv = (name: string) => ({ name, type: 'text/csv', body: 'month,sales\n2026-03,1200\n' })

    // The drop target shows itself while a file is over it.
    const dataTransfer = await page.evaluateHandle(() => {
      const transfer = new DataTransfer()
      transfer.items.add(new File(['x'], 'x.csv', { type: 'text/csv' }))
      return transfer
    })
    await form.dispatchEvent('dragenter', { dataTransfer })
    await expect(form).toHaveAttribute('data-dragging', '')
    await expectNoAxeViolations(page, `the upload form as a drop target (${lng}, ${width}px, ${colorScheme})`)
    await form.dispatchEvent('dragleave', { dataTransfer })
    await expect(form).not.toHaveAttribute('data-dragging')

    await drop([csv(`a-${stamp}.csv`), csv(`b-${stamp}.csv`)])
    await expect(form.getByRole('alert')).toHaveText(t(lng, 'Drop one file at a time: this form uploads one file.'))
    expect(await chosenFile()).toBeNull()

    const wrongType = t(
      lng,
      'This type of file is not accepted. Upload a PDF, Office document, CSV, text, JSON, ZIP or image file.',
    )
    await drop([{ name: `tool-${stamp}.exe`, type: 'application/x-msdownload', body: 'MZ' }])
    await expect(form.getByRole('alert')).toHaveText(wrongType)
    expect(await chosenFile()).toBeNull()
    // The picker refuses it with the same words.
    await fileInput.setInputFiles({
      name: `tool-${stamp}.exe`,
      mimeType: 'application/x-msdownload',
      buffer: Buffer.from('MZ'),
    })
    await expect(form.getByRole('alert')).toHaveText(wrongType)

    const original = `ventas-${stamp}.csv`
    await drop([csv(original)])
    await expect(form.getByRole('alert')).toHaveCount(0)
    expect(await chosenFile()).toBe(original)
    await form.getByRole('button', { name: t(lng, 'Upload') }).click()
    await expect(form.getByRole('status')).toContainText(original)
    const row = page.getByRole('row').filter({ hasText: original })
    await expect(row).toBeVisible()
    const { data: uploaded } = await admin.from('documents').select('id, storage_path').eq('name', original).single()
    const oldPath = uploaded!.storage_path

    // Replace: a new version under the new file's name (the old name was the file's own).
    const replacement = `ventas-${stamp}-v2.csv`
    await row.getByTestId('replace-file-input').setInputFiles({
      name: replacement,
      mimeType: 'text/csv',
      buffer: Buffer.from('month,sales\n2026-03,1200\n2026-04,1350\n'),
    })
    await expect(page.getByRole('status').first()).toHaveText(
      t(lng, '“{newName}” now has the new file, as a new version.', { newName: replacement }),
    )
    const replaced = page.getByRole('row').filter({ hasText: replacement })
    await expect(replaced).toContainText(t(lng, 'Version {0}', { 0: 2 }))
    const { data: after } = await admin
      .from('documents')
      .select('version, storage_path')
      .eq('id', uploaded!.id)
      .single()
    expect(after!.version).toBe(2)
    expect(after!.storage_path).not.toBe(oldPath)
    const { data: oldObjects } = await admin.storage.from('documents').list(oldPath.split('/').slice(0, 2).join('/'), {
      search: oldPath.split('/')[2],
    })
    expect(oldObjects).toEqual([])

    // Delete asks first; the question takes the focus and Enter confirms.
    await replaced.getByRole('button', { name: new RegExp(`^${t(lng, 'Delete')}\\b`) }).click()
    const question = replaced.getByRole('group', {
      name: t(lng, 'Delete “{name}” and its file? This cannot be undone.', { name: replacement }),
    })
    const confirm = question.getByRole('button', { name: t(lng, 'Yes, delete it') })
    await expect(confirm).toBeFocused()
    await expectNoAxeViolations(page, `the delete question (${lng}, ${width}px, ${colorScheme})`)
    await page.keyboard.press('Enter')
    const done = page.getByRole('status').filter({
      hasText: t(lng, '“{name}” has been deleted.', { name: replacement }),
    })
    await expect(done).toBeFocused()
    await expect(page.getByRole('row').filter({ hasText: replacement })).toHaveCount(0)
    const { data: gone } = await admin.from('documents').select('id').eq('id', uploaded!.id)
    expect(gone).toEqual([])
    const { data: files } = await admin.storage
      .from('documents')
      .list(after!.storage_path.split('/').slice(0, 2).join('/'), {
        search: after!.storage_path.split('/')[2],
      })
    expect(files).toEqual([])

    // Someone else's document offers neither: James sees Lucía's seeded upload, Lucía a staff one.
    const others = page.getByRole('row').filter({ hasNotText: t(lng, 'Uploaded by you') })
    await expect(others.first()).toBeVisible()
    await expect(others.getByRole('button', { name: new RegExp(`^${t(lng, 'Replace file')}`) })).toHaveCount(0)
  })
}
