// Staff run a project end to end: create it for Almacenes Ribera, share a document, publish a
// report, import metrics from a CSV (a malformed one shows its row errors and imports nothing),
// assign a task to a client user; the client then finds each of them in the portal, with a
// notification and an e-mail for each. Bad input in every form gets a message and changes
// nothing; the pages pass axe in both languages and work from the keyboard.
import { randomUUID } from 'node:crypto'
import type { Locator, Page } from '@playwright/test'
import type { SupabaseClient } from '@supabase/supabase-js'
import { withLangPrefix } from '../../src/lib/pages'
import type { Locale } from '../../src/lib/locale'
import { expectNoAxeViolations } from './support/a11y'
import { allowConsoleErrors } from './support/fixtures'
import { test, expect, paths, signIn } from './support/auth'
import { createProject, signInStaff } from './support/admin'
import { t } from './support/catalog'
import { createClientUser, demoUsers, organizationId, organizations, projectsOf } from './support/users'
import { expectFocusedStatus } from './support/assertions'

const projectsPath = (lng: Locale) => withLangPrefix('/admin/dashboard/projects', lng)
const projectPath = (lng: Locale, id: string) => withLangPrefix(`/admin/dashboard/projects/${id}`, lng)

async function count(admin: SupabaseClient, table: string, column: string, value: string): Promise<number> {
  const { count: total, error } = await admin.from(table).select('id', { count: 'exact', head: true }).eq(column, value)
  if (error) throw new Error(error.message)
  return total ?? 0
}

/** Opens one of the project's sub-pages (issue 12: each has its own URL) through its nav. */
async function openSection(page: Page, lng: Locale, label: string, path: string) {
  await page
    .getByRole('navigation', { name: t(lng, 'Project sections') })
    .getByRole('link', { name: t(lng, label), exact: true })
    .click()
  await expect(page).toHaveURL(new RegExp(`/projects/[0-9a-f-]{36}${path}$`))
}

function region(page: Page, lng: Locale, title: string, values?: Record<string, string>): Locator {
  return page.getByRole('region', { name: t(lng, title, values), exact: true })
}

const goodCsv = [
  'metric_key,label_es,label_en,unit,granularity,period_start,period_end,value,target,visible_to_client,notes',
  'weekly_orders,Pedidos semanales,Weekly orders,count,week,2026-01-05,2026-01-11,1200,1500,true,',
  'weekly_orders,Pedidos semanales,Weekly orders,count,week,2026-01-12,2026-01-18,1350,1500,true,',
  'weekly_orders,Pedidos semanales,Weekly orders,count,week,2026-01-19,2026-01-25,1480,1500,true,',
].join('\n')

const badCsv = [
  'metric_key,label_es,label_en,unit,granularity,period_start,period_end,value',
  'weekly_orders,Pedidos semanales,Weekly orders,count,week,2026-02-02,2026-02-08,1500',
  'weekly_orders,Pedidos semanales,Weekly orders,count,week,2026-02-09,2026-02-15,lots',
  'Weekly Orders,,Weekly orders,litres,week,2026-02-31,2026-02-22,10',
].join('\n')

test.describe('staff manage a project for a client', () => {
  test.setTimeout(180_000)

  test.describe('the whole flow', () => {
    // the duplicate metric value is refused by the database on purpose (409, shown on the field)
    test.use(allowConsoleErrors(/status of 409 \(Conflict\)/))

    test('create, share, publish, import and assign; the client sees it all, notified in-app and by e-mail', async ({
      page,
      browser,
      admin,
      mailbox,
    }) => {
      const lng: Locale = 'en'
      const client = await createClientUser(admin, { locale: 'en', organization: organizations.ribera })
      const tag = randomUUID().slice(0, 8)
      const projectName = `E2E analytics ${tag}`
      const documentName = `kpi-plan-${tag}.pdf`
      const reportTitle = `January review ${tag}`
      const taskTitle = `Send the January sales extract ${tag}`
      const lastMail = (await mailbox.all()).at(-1)?.id ?? 0
      const ribera = await organizationId(admin, organizations.ribera)

      await signInStaff(page, demoUsers.admin, lng)
      await page.goto(projectsPath(lng))
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t(lng, 'Projects'))

      // ── Create: bad input first, nothing is created ──
      const create = region(page, lng, 'New project')
      await create.getByRole('button', { name: t(lng, 'Create project') }).click()
      await expect(create.getByText(t(lng, "Enter the project's name."))).toBeVisible()
      await expect(create.getByText(t(lng, 'Choose a client organization.'))).toBeVisible()
      await expect(create.getByText(t(lng, 'Choose a service or specialization from the list.'))).toBeVisible()
      await expect(create.getByLabel(t(lng, 'Client organization'))).toBeFocused()

      await create.getByLabel(t(lng, 'Client organization')).selectOption({ label: 'Almacenes Ribera' })
      await create.getByLabel(t(lng, 'Project name')).fill('x'.repeat(201))
      await create.getByLabel(t(lng, 'Service or specialization')).selectOption({
        label: t(lng, 'Business intelligence'),
      })
      await create.getByLabel(t(lng, 'Status')).selectOption({ label: t(lng, 'Completed') })
      await create.getByLabel(t(lng, 'Progress (%)')).fill('150')
      await create.getByLabel(t(lng, 'Start date (optional)')).fill('2026-03-01')
      await create.getByLabel(t(lng, 'Due date (optional)')).fill('2026-02-01')
      await create.getByRole('button', { name: t(lng, 'Create project') }).click()
      await expect(create.getByText(t(lng, 'Enter a name of at most 200 characters.'))).toBeVisible()
      await expect(create.getByText(t(lng, 'Progress is a whole number from 0 to 100.'))).toBeVisible()
      await expect(create.getByText(t(lng, 'The due date cannot be before the start date.'))).toBeVisible()
      const badName = `${projectName} (refused)`
      await create.getByLabel(t(lng, 'Project name')).fill(badName)
      await create.getByLabel(t(lng, 'Progress (%)')).fill('40')
      await create.getByLabel(t(lng, 'Due date (optional)')).fill('2026-06-30')
      await create.getByRole('button', { name: t(lng, 'Create project') }).click()
      await expect(create.getByText(t(lng, 'A completed project has a progress of 100%.'))).toBeVisible()
      expect(await count(admin, 'projects', 'name', badName)).toBe(0)

      // ── Create for real (submitted with Enter, from the keyboard) ──
      await create.getByLabel(t(lng, 'Project name')).fill(projectName)
      await create.getByLabel(t(lng, 'Status')).selectOption({ label: t(lng, 'In progress') })
      await create.getByLabel(t(lng, 'Description (optional)')).fill('Sales dashboard for the stores.')
      await create.getByLabel(t(lng, 'Project name')).press('Enter')
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(projectName)
      // The new project's overview, with a confirmation that takes the focus.
      await expect(page).toHaveURL(/\/projects\/[0-9a-f-]{36}\?created=true$/)
      await expectFocusedStatus(
        page,
        lng,
        'The project has been created. Add its documents, reports, metrics and tasks from the sections above.',
      )
      const projectId = /projects\/([0-9a-f-]{36})/.exec(page.url())?.[1]
      expect(projectId).toBeTruthy()
      const { data: created } = await admin.from('projects').select('*').eq('id', projectId!).single()
      expect(created).toMatchObject({
        organization_id: ribera,
        status: 'in_progress',
        progress: 40,
        due_date: '2026-06-30',
      })

      // ── Edit: a completed project below 100% is refused, nothing changes ──
      const details = region(page, lng, 'Details')
      await details.getByLabel(t(lng, 'Status')).selectOption({ label: t(lng, 'Completed') })
      await details.getByRole('button', { name: t(lng, 'Save project') }).click()
      await expect(details.getByText(t(lng, 'A completed project has a progress of 100%.'))).toBeVisible()
      await details.getByLabel(t(lng, 'Project name')).fill('')
      await details.getByRole('button', { name: t(lng, 'Save project') }).click()
      await expect(details.getByText(t(lng, "Enter the project's name."))).toBeVisible()
      expect((await admin.from('projects').select('status, name').eq('id', projectId!).single()).data).toEqual({
        status: 'in_progress',
        name: projectName,
      })
      await details.getByLabel(t(lng, 'Project name')).fill(projectName)
      await details.getByLabel(t(lng, 'Status')).selectOption({ label: t(lng, 'In progress') })
      await details.getByLabel(t(lng, 'Progress (%)')).fill('55')
      await details.getByRole('button', { name: t(lng, 'Save project') }).click()
      await expect(details.getByRole('status').filter({ hasText: t(lng, 'The project has been saved.') })).toBeVisible()
      await expect
        .poll(
          async () => (await admin.from('projects').select('progress').eq('id', projectId!).single()).data?.progress,
        )
        .toBe(55)

      // ── Documents: no file, then a PDF shared with the client ──
      await openSection(page, lng, 'Documents', '/documents')
      const upload = region(page, lng, 'Upload a document')
      await upload.getByRole('button', { name: t(lng, 'Upload'), exact: true }).click()
      await expect(upload.getByText(t(lng, 'Choose a file to upload.'))).toBeVisible()
      await upload.getByLabel(t(lng, 'File'), { exact: true }).setInputFiles({
        name: 'notes.exe',
        mimeType: 'application/x-msdownload',
        buffer: Buffer.from('MZ'),
      })
      await upload.getByRole('button', { name: t(lng, 'Upload'), exact: true }).click()
      await expect(
        upload.getByText(
          t(
            lng,
            'This type of file is not accepted. Upload a PDF, Office document, CSV, text, JSON, ZIP or image file.',
          ),
        ),
      ).toBeVisible()
      expect(await count(admin, 'documents', 'project_id', projectId!)).toBe(0)

      await upload.getByLabel(t(lng, 'File'), { exact: true }).setInputFiles({
        name: documentName,
        mimeType: 'application/pdf',
        buffer: Buffer.from('%PDF-1.4\n% e2e\n'),
      })
      await upload.getByLabel(t(lng, 'Visible to the client')).check()
      await upload.getByRole('button', { name: t(lng, 'Upload'), exact: true }).click()
      await expect(
        upload.getByText(t(lng, '“{name}” has been uploaded and shared with the client.', { name: documentName })),
      ).toBeVisible()
      const documentsRegion = page.getByRole('region', { name: t(lng, 'Documents of {projectName}', { projectName }) })
      await expect(documentsRegion.getByRole('rowheader').filter({ hasText: documentName })).toBeVisible()

      // ── Reports: an empty title is refused; a draft with the document, then published ──
      await openSection(page, lng, 'Reports', '/reports')
      const reportForm = region(page, lng, 'New report (draft)')
      await reportForm.getByRole('button', { name: t(lng, 'Save draft') }).click()
      await expect(reportForm.getByText(t(lng, "Enter the report's title."))).toBeVisible()
      await reportForm.getByLabel(t(lng, 'Title')).fill(reportTitle)
      await reportForm.getByLabel(t(lng, 'Dashboard link (optional)')).fill('http://insecure.example')
      await reportForm.getByRole('button', { name: t(lng, 'Save draft') }).click()
      await expect(
        reportForm.getByText(
          t(lng, 'Enter a dashboard link that starts with https:// (at most 500 characters, no spaces).'),
        ),
      ).toBeVisible()
      expect(await count(admin, 'reports', 'project_id', projectId!)).toBe(0)
      await reportForm.getByLabel(t(lng, 'Dashboard link (optional)')).fill('https://bi.example/ribera')
      await reportForm.getByLabel(t(lng, 'Summary (optional)')).fill('Sales grew in every store.')
      await reportForm.getByLabel(t(lng, 'Attached file')).selectOption({ label: documentName })
      await reportForm.getByRole('button', { name: t(lng, 'Save draft') }).click()
      await expect(
        page.getByText(
          t(lng, 'The draft “{title}” has been saved. Publish it when it is ready.', { title: reportTitle }),
        ),
      ).toBeVisible()
      await page.getByRole('button', { name: `${t(lng, 'Publish')}: ${reportTitle}`, exact: true }).click()
      await expect(
        page.getByText(t(lng, '“{title}” has been published. The client can read it now.', { title: reportTitle })),
      ).toBeVisible()
      expect(
        (await admin.from('reports').select('status, published_at').eq('project_id', projectId!).single()).data,
      ).toMatchObject({ status: 'published', published_at: expect.any(String) })

      // ── Metrics: a malformed CSV shows row errors and imports nothing; a good one imports ──
      await openSection(page, lng, 'Metrics', '/metrics')
      const csv = region(page, lng, 'Import values from a CSV file')
      await expect(csv.getByRole('link', { name: t(lng, 'Download an example CSV file') })).toHaveAttribute(
        'href',
        '/examples/metrics-import-example.csv',
      )
      await csv
        .getByLabel(t(lng, 'CSV file'), { exact: true })
        .setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from(badCsv) })
      await csv.getByRole('button', { name: t(lng, 'Check the file') }).click()
      const alert = csv.getByRole('alert')
      await expect(alert).toContainText(
        t(
          lng,
          '{invalid} of {total} rows of “{fileName}” have problems. Nothing has been imported: correct the file and check it again.',
          {
            invalid: 2,
            total: 3,
            fileName: 'bad.csv',
          },
        ),
      )
      const notNumber = t(lng, 'Enter a number without thousands separators, e.g. 1250.5 or 1250,5.')
      await expect(alert).toContainText(
        t(lng, 'Row {row}, column “{column}”: {reason}', { row: 2, column: 'value', reason: notNumber }),
      )
      await expect(alert).toContainText(
        t(lng, 'Row {row}, column “{column}”: {reason}', {
          row: 3,
          column: 'label_es',
          reason: t(lng, 'This value is required.'),
        }),
      )
      await expect(alert).toContainText(
        t(lng, 'Row {row}, column “{column}”: {reason}', {
          row: 3,
          column: 'period_start',
          reason: t(lng, 'Enter a real date written YYYY-MM-DD, e.g. 2026-01-31.'),
        }),
      )
      await expect(csv.getByRole('button', { name: /Import/ })).toHaveCount(0)
      expect(await count(admin, 'analytics_metrics', 'project_id', projectId!)).toBe(0)

      await csv
        .getByLabel(t(lng, 'CSV file'), { exact: true })
        .setInputFiles({ name: 'orders.csv', mimeType: 'text/csv', buffer: Buffer.from(goodCsv) })
      await csv.getByRole('button', { name: t(lng, 'Check the file') }).click()
      await expect(
        csv.getByText(
          t(
            lng,
            '{total, plural, one {The row of “{fileName}” is valid. Check the preview, then import it.} other {All # rows of “{fileName}” are valid. Check the preview, then import them.}}',
            {
              total: 3,
              fileName: 'orders.csv',
            },
          ),
        ),
      ).toBeVisible()
      await csv
        .getByRole('button', {
          name: t(lng, '{total, plural, one {Import # value} other {Import # values}}', { total: 3 }),
        })
        .click()
      await expect(
        csv.getByText(
          t(lng, '{count, plural, one {# value has been imported.} other {# values have been imported.}}', {
            count: 3,
          }),
        ),
      ).toBeVisible()
      expect(await count(admin, 'analytics_metrics', 'project_id', projectId!)).toBe(3)
      await expect(page.locator('#metrics').getByRole('img', { name: /Weekly orders/ })).toBeVisible()

      // one point by hand: a bad value is refused
      const addValue = region(page, lng, 'Add a value')
      await addValue.getByLabel(t(lng, 'Metric key')).fill('weekly_orders')
      await addValue.getByLabel(t(lng, 'Label in Spanish')).fill('Pedidos semanales')
      await addValue.getByLabel(t(lng, 'Label in English')).fill('Weekly orders')
      await addValue.getByLabel(t(lng, 'Granularity')).selectOption('week')
      await addValue.getByLabel(t(lng, 'Period start'), { exact: true }).fill('2026-01-26')
      await addValue.getByLabel(t(lng, 'Period end'), { exact: true }).fill('2026-01-20')
      await addValue.getByLabel(t(lng, 'Value'), { exact: true }).fill('1.500,5')
      await addValue.getByRole('button', { name: t(lng, 'Record the value') }).click()
      await expect(addValue.getByText(t(lng, 'The end of the period cannot be before its start.'))).toBeVisible()
      await expect(
        addValue.getByText(t(lng, 'Enter a number without thousands separators, e.g. 1250.5 or 1250,5.')),
      ).toBeVisible()
      // the same period as an imported row: the database's rule comes back on the field
      await addValue.getByLabel(t(lng, 'Period start'), { exact: true }).fill('2026-01-19')
      await addValue.getByLabel(t(lng, 'Period end'), { exact: true }).fill('2026-01-25')
      await addValue.getByLabel(t(lng, 'Value'), { exact: true }).fill('1500')
      await addValue.getByRole('button', { name: t(lng, 'Record the value') }).click()
      await expect(addValue.getByText(t(lng, 'This metric already has a value for this period.'))).toBeVisible()
      expect(await count(admin, 'analytics_metrics', 'project_id', projectId!)).toBe(3)

      // ── Tasks: bad input, then a visible task for the client user ──
      await openSection(page, lng, 'Tasks', '/tasks')
      const taskForm = region(page, lng, 'New task')
      await taskForm.getByRole('button', { name: t(lng, 'Create task') }).click()
      await expect(taskForm.getByText(t(lng, "Enter the task's title."))).toBeVisible()
      await taskForm.getByLabel(t(lng, 'Title')).fill(taskTitle)
      await taskForm.getByLabel(t(lng, 'Assigned to')).selectOption({ label: `${client.name} (${t(lng, 'client')})` })
      await taskForm.getByLabel(t(lng, 'Visible to the client')).uncheck()
      await taskForm.getByRole('button', { name: t(lng, 'Create task') }).click()
      await expect(
        taskForm.getByText(t(lng, 'A task assigned to a client must be visible to the client.')),
      ).toBeVisible()
      expect(await count(admin, 'tasks', 'project_id', projectId!)).toBe(0)
      await taskForm.getByLabel(t(lng, 'Visible to the client')).check()
      await taskForm.getByLabel(t(lng, 'Due date (optional)')).fill('2026-12-15')
      await taskForm.getByLabel(t(lng, 'Priority')).selectOption({ label: t(lng, 'High') })
      await taskForm.getByRole('button', { name: t(lng, 'Create task') }).click()
      await expect(page.getByText(t(lng, 'The task “{title}” has been created.', { title: taskTitle }))).toBeVisible()
      expect(
        (await admin.from('tasks').select('assigned_to, is_internal, priority').eq('project_id', projectId!).single())
          .data,
      ).toEqual({
        assigned_to: client.id,
        is_internal: false,
        priority: 'high',
      })

      // the activity page tells what happened
      await openSection(page, lng, 'Activity', '/activity')
      await expect(page.locator('#activity').getByRole('listitem').first()).toBeVisible()

      // ── The client: everything is in the portal, with a notification and an e-mail each ──
      const clientContext = await browser.newContext({ locale: 'en-GB' })
      const clientPage = await clientContext.newPage()
      await signIn(clientPage, client, 'en')
      await clientPage.goto(paths.project('en', projectId!))
      await expect(clientPage.getByRole('heading', { level: 1 })).toHaveText(projectName)
      await expect(clientPage.locator('#documents').getByText(documentName, { exact: true })).toBeVisible()
      await expect(clientPage.locator('#reports').getByRole('heading', { name: reportTitle })).toBeVisible()
      await expect(clientPage.locator('#metrics').getByRole('heading', { name: 'Weekly orders' })).toBeVisible()
      await expect(clientPage.locator('#tasks').getByText(taskTitle, { exact: true })).toBeVisible()

      await clientPage.goto(paths.notifications('en'))
      const main = clientPage.getByRole('main')
      await expect(main.getByText(`“${documentName}” is now available in the project ${projectName}.`)).toBeVisible()
      await expect(main.getByText(`“${reportTitle}” has been published in the project ${projectName}.`)).toBeVisible()
      await expect(main.getByText(new RegExp(`“${taskTitle}” in the project ${projectName}`))).toBeVisible()
      await clientContext.close()

      // Each step's notification reaches the client by e-mail: one e-mail each, or fewer holding
      // several when steps fall in the same mailer round (a digest names every item).
      await expect
        .poll(
          async () => {
            const text = (await mailbox.to(client.email))
              .filter((mail) => mail.id > lastMail)
              .map((mail) => mail.text)
              .join('\n')
              // Mail programs must not make links of names like "plan.pdf": an invisible space breaks them.
              .replaceAll('\u200b', '')
            return [documentName, reportTitle, taskTitle, projectName].filter((name) => !text.includes(name))
          },
          { timeout: 30_000, message: 'the document, the report and the task e-mailed to the client' },
        )
        .toEqual([])
    })
  })

  test('archiving hides a project from the current list until asked for, and restoring brings it back', async ({
    page,
    admin,
  }) => {
    const lng: Locale = 'en'
    const name = `E2E archive ${randomUUID().slice(0, 8)}`
    const ribera = await organizationId(admin, organizations.ribera)
    const data = await createProject(admin, ribera, { name })

    await signInStaff(page, demoUsers.admin, lng)
    await page.goto(projectPath(lng, data.id))
    await page.getByRole('button', { name: t(lng, 'Archive project') }).click()
    await expect(page.getByTestId('archived-marker')).toBeVisible()
    await expect
      .poll(
        async () => (await admin.from('projects').select('archived_at').eq('id', data.id).single()).data?.archived_at,
      )
      .toBeTruthy()

    await page.goto(projectsPath(lng))
    await page.getByLabel(t(lng, 'Search by name')).fill(name)
    await page.getByRole('button', { name: t(lng, 'Apply filters') }).click()
    await expect(page.getByText(t(lng, 'No project matches these filters.'))).toBeVisible()
    await page.getByLabel(t(lng, 'Show archived projects')).check()
    await page.getByRole('button', { name: t(lng, 'Apply filters') }).click()
    await expect(page.getByRole('link', { name })).toBeVisible()
    await page.getByRole('link', { name }).click()
    await page.getByRole('button', { name: t(lng, 'Restore project') }).click()
    await expect(page.getByTestId('archived-marker')).toHaveCount(0)
    await expect
      .poll(
        async () => (await admin.from('projects').select('archived_at').eq('id', data.id).single()).data?.archived_at,
      )
      .toBeNull()
  })

  test('a filter by organization and status lists only matching projects; a search longer than 100 characters is refused', async ({
    page,
    admin,
  }) => {
    const lng: Locale = 'en'
    const kuntur = await projectsOf(admin, organizations.kuntur)
    await signInStaff(page, demoUsers.admin, lng)
    await page.goto(projectsPath(lng))
    await page.getByLabel(t(lng, 'Organization'), { exact: true }).selectOption({ label: 'Kuntur Pay' })
    await page.getByRole('button', { name: t(lng, 'Apply filters') }).click()
    await expect(page).toHaveURL(/organization=/)
    const rows = page.getByRole('table').getByRole('rowheader')
    await expect(rows).toHaveCount(kuntur.length)
    await page.getByLabel(t(lng, 'Search by name')).fill('y'.repeat(101))
    await page.getByRole('button', { name: t(lng, 'Apply filters') }).click()
    await expect(page.getByText(t(lng, 'Search for at most 100 characters.'))).toBeVisible()
    await expect(page).not.toHaveURL(/q=/)
  })
})

test.describe('admin project pages are accessible', () => {
  for (const lng of ['es', 'en'] as const) {
    test(`the list and every sub-page of a project pass axe in ${lng}`, async ({ page, admin }) => {
      // Seven pages scanned by axe (the list and each project sub-page): more than the default 30 s.
      test.slow()
      const [project] = await projectsOf(admin, organizations.ribera)
      await signInStaff(page, demoUsers.admin, lng)
      await page.goto(projectsPath(lng))
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t(lng, 'Projects'))
      await expect(page.getByRole('table')).toBeVisible()
      await expectNoAxeViolations(page, `admin projects list (${lng})`)

      await page.goto(projectPath(lng, project!.id))
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(project!.name)
      await expectNoAxeViolations(page, `admin project overview (${lng})`)
      for (const [label, path] of [
        ['Documents', '/documents'],
        ['Reports', '/reports'],
        ['Tasks', '/tasks'],
        ['Activity', '/activity'],
      ] as const) {
        await openSection(page, lng, label, path)
        await expect(page.getByRole('status').filter({ hasText: t(lng, 'Loading...') })).toHaveCount(0)
        await expectNoAxeViolations(page, `admin project ${label} (${lng})`)
      }
      await page.goto(`${projectPath(lng, project!.id)}/metrics`)
      await expect(page.getByRole('status').filter({ hasText: t(lng, 'Loading...') })).toHaveCount(0)
      await expect(page.locator('#metrics svg').first()).toBeVisible()
      // the disclosures and the preview are part of the page too
      await page.getByRole('button', { name: t(lng, 'Show the recorded values') }).click()
      await page.getByLabel(t(lng, 'CSV file'), { exact: true }).setInputFiles({
        name: 'check.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(badCsv),
      })
      await page.getByRole('button', { name: t(lng, 'Check the file') }).click()
      await expect(page.getByTestId('csv-preview')).toBeVisible()
      await expectNoAxeViolations(page, `admin project page (${lng})`)

      // keyboard: the project's nav opens a sub-page, which it marks as current
      const sections = page.getByRole('navigation', { name: t(lng, 'Project sections') })
      await sections.getByRole('link', { name: t(lng, 'Tasks') }).focus()
      await page.keyboard.press('Enter')
      await expect(page).toHaveURL(new RegExp(`${project!.id}/tasks$`))
      await expect(sections.getByRole('link', { name: t(lng, 'Tasks') })).toHaveAttribute('aria-current', 'page')
      await expect(page.getByRole('region', { name: t(lng, 'Tasks'), exact: true })).toBeVisible()
    })
  }
})
