// Rough edges of the portal and the admin area (issue 12, item 4), each seen in the browser in
// both languages: a signed-in person who opens the other area goes home and is told why there; the footer's portal link follows
// the session; progress bars keep their width in the projects table at 375 px and on desktop;
// the metric form names units and granularities, takes a decimal comma and lines its two columns
// up; a one-row import says "1 value"; the client's feed folds the values recorded together; and a
// client who reads the portal in a language other than their organization's is told so.
import type { Page } from '@playwright/test'
import { chromiumNames, expectNoAxeViolations } from './support/a11y'
import { test, expect, exactPath, paths, PortalPage, signIn } from './support/auth'
import { t } from './support/catalog'
import { findPage } from './support/pages'
import { createClientUser, demoUsers, organizations, projectsOf, type OrganizationSlug } from './support/users'
import { createOrganization, createProject, signInStaff } from './support/admin'
import { withLangPrefix } from '../../src/lib/pages'

test.use({ viewport: { width: 1366, height: 900 }, colorScheme: 'light' })

const phone = { width: 375, height: 800 }

/** A project of a fresh organization (no other test sees it), visible to its client. */
async function freshProject(admin: import('@supabase/supabase-js').SupabaseClient, name: string, progress = 40) {
  const organization = await createOrganization(admin)
  const { id: projectId } = await createProject(admin, organization.id, { name, status: 'in_progress', progress })
  return { organization, projectId }
}

/** The top edges of the controls of a form's fields, row by row of its grid. */
async function controlTops(page: Page, labels: string[]) {
  return Promise.all(labels.map(async (label) => (await page.getByLabel(label, { exact: true }).boundingBox())!.y))
}

for (const lng of ['es', 'en'] as const) {
  test.describe(`${lng}`, () => {
    test.use({ locale: lng === 'es' ? 'es-ES' : 'en-US' })

    test(`a client who reads the portal in the other language is told which language the texts are in (${lng})`, async ({
      page,
    }) => {
      // Daniel reads Spanish and Kuntur Pay works in English; James reads English and Almacenes
      // Ribera works in Spanish (README, demo accounts).
      const [reader, organization, project, note] =
        lng === 'es'
          ? ([
              demoUsers.daniel,
              'Kuntur Pay',
              'Credit risk scoring model',
              '{name} works with Cauce Data in English, so the texts of its projects, documents, tasks and reports are written in English.',
            ] as const)
          : ([
              demoUsers.james,
              'Almacenes Ribera',
              'Cuadro de mando comercial',
              '{name} works with Cauce Data in Spanish, so the texts of its projects, documents, tasks and reports are written in Spanish.',
            ] as const)
      await signIn(page, reader, lng)
      await expect(page.getByText(t(lng, note, { name: organization }), { exact: true })).toBeVisible()
      await expect(page.getByRole('link', { name: project }).first()).toBeVisible()
      await expectNoAxeViolations(page, `portal overview with the content-language note (${lng})`)

      // Read in the organization's own language, the texts need no note.
      const other = lng === 'es' ? 'en' : 'es'
      await page.goto(paths.dashboard(other))
      await expect(page.getByRole('link', { name: project }).first()).toBeVisible()
      await expect(page.getByText(organization, { exact: true }).first()).toBeVisible()
      for (const message of [
        '{name} works with Cauce Data in English, so the texts of its projects, documents, tasks and reports are written in English.',
        '{name} works with Cauce Data in Spanish, so the texts of its projects, documents, tasks and reports are written in Spanish.',
      ]) {
        await expect(page.getByText(t(other, message, { name: organization }))).toHaveCount(0)
      }
    })

    test(`a signed-in person who opens the other area goes home, told why there, with the way to their own (${lng})`, async ({
      page,
      browser,
    }) => {
      test.setTimeout(120_000) // two people signing in, six axe scans
      // A client opens the admin area: home (the specification), the notice in their language.
      await signIn(page, lng === 'es' ? demoUsers.lucia : demoUsers.james, lng)
      const notice = page.getByTestId('area-notice')
      const staffOnly = t(
        lng,
        'The admin area is only for Cauce Data staff. You are signed in with a client account, so you have been brought to the home page.',
      )
      for (const viewport of [phone, { width: 1366, height: 900 }]) {
        await page.setViewportSize(viewport)
        await page.goto(withLangPrefix('/admin/dashboard/projects', lng))
        await expect(page).toHaveURL(exactPath(`${paths.home(lng)}?notice=staff-only`))
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(t(lng, findPage('/').h1))
        await expect(notice.getByText(staffOnly)).toBeVisible()
        // In the page's live region, so a screen reader hears it.
        await expect(page.getByRole('status').filter({ hasText: staffOnly })).toHaveCount(1)
        for (const colorScheme of ['light', 'dark'] as const) {
          await page.emulateMedia({ colorScheme })
          await expectNoAxeViolations(page, `home with the staff-only notice at ${viewport.width} px (${colorScheme})`)
        }
        await page.emulateMedia({ colorScheme: 'light' })
      }
      // The prerendered home page, loaded afresh with the notice: it hydrates without a mismatch
      // (the console guard fails the test on one) and then says the same.
      await page.reload()
      await expect(page.locator('html')).toHaveAttribute('data-hydrated', '')
      await expect(notice.getByText(staffOnly)).toBeVisible()
      // The way to their own area.
      await notice.getByRole('link', { name: t(lng, 'Go to your client portal'), exact: true }).click()
      await expect(page).toHaveURL(exactPath(paths.dashboard(lng)))
      await expect(new PortalPage(page, lng).nav).toBeVisible()
      // The notice belongs to that arrival only.
      await page.goto(paths.home(lng))
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await expect(notice).toHaveCount(0)

      // Staff open the client portal: home too, told why, with the way to the admin area.
      const staffContext = await browser.newContext({ locale: lng === 'es' ? 'es-ES' : 'en-US', viewport: phone })
      const staff = await staffContext.newPage()
      await signInStaff(staff, demoUsers.admin, lng)
      await staff.goto(paths.project(lng, '00000000-0000-4000-8000-000000000000'))
      await expect(staff).toHaveURL(exactPath(`${paths.home(lng)}?notice=clients-only`))
      const staffNotice = staff.getByTestId('area-notice')
      await expect(staffNotice).toContainText(
        t(
          lng,
          'The client portal is for client accounts. You are signed in as staff, so you have been brought to the home page.',
        ),
      )
      await expectNoAxeViolations(staff, `home with the clients-only notice at 375 px (${lng})`)
      await staffNotice.getByRole('link', { name: t(lng, 'Go to the admin area'), exact: true }).click()
      await expect(staff).toHaveURL(exactPath(paths.adminDashboard(lng)))
      await staffContext.close()
    })

    test(`controls that act on one item are named "Action: item", with no space before the colon (${lng})`, async ({
      page,
      browser,
      admin,
    }) => {
      test.setTimeout(120_000)
      const project = (await projectsOf(admin, organizations.ribera)).find((row) => row.visible_to_client)!
      const spaced = (names: { role: string; name: string }[]) =>
        names.filter(({ name }) => /\s[:;,.]/.test(name)).map(({ role, name }) => `${role} "${name}"`)
      const namesStartingWith = (names: { name: string }[], action: string) =>
        names.filter(({ name }) => name.startsWith(`${t(lng, action)}: `))

      // The client's project page: documents, reports, metrics, tasks; the notifications.
      await signIn(page, lng === 'es' ? demoUsers.lucia : demoUsers.james, lng)
      await page.goto(paths.project(lng, project.id))
      await expect(page.locator('#documents tbody tr').first()).toBeVisible()
      await expect(page.locator('#reports [data-report-id]').first()).toBeVisible()
      // the metrics load on their own: wait for their buttons before reading the names
      await expect(
        page.getByRole('button', { name: new RegExp(`^${t(lng, 'Show the figures')}: `) }).first(),
      ).toBeVisible()
      let names = await chromiumNames(page)
      expect(spaced(names), 'names with a space before punctuation on the project page').toEqual([])
      expect(namesStartingWith(names, 'Download').length).toBeGreaterThan(0)
      expect(namesStartingWith(names, 'Show the figures').length).toBeGreaterThan(0)

      // Staff: the same project's documents (with their download history), reports and tasks.
      const staffContext = await browser.newContext({ locale: lng === 'es' ? 'es-ES' : 'en-US' })
      const staff = await staffContext.newPage()
      await signInStaff(staff, demoUsers.admin, lng)
      for (const [sub, action] of [
        ['documents', 'Download'],
        ['reports', 'Edit'],
        ['tasks', 'Edit'],
      ] as const) {
        await staff.goto(withLangPrefix(`/admin/dashboard/projects/${project.id}/${sub}`, lng))
        await expect(staff.locator('main table, main li').first()).toBeVisible()
        await expect(staff.getByRole('button', { name: new RegExp(`^${t(lng, action)}: `) }).first()).toBeVisible()
        names = await chromiumNames(staff)
        expect(spaced(names), `names with a space before punctuation on ${sub}`).toEqual([])
        expect(namesStartingWith(names, action).length, `"${action}: …" names on ${sub}`).toBeGreaterThan(0)
      }
      await staffContext.close()
    })

    test(`an overdue task says so once, with the date it was due (${lng})`, async ({ page, admin }) => {
      const { organization, projectId } = await freshProject(admin, `E2E due ${lng} ${Date.now()}`)
      const client = await createClientUser(admin, { locale: lng, organization: organization.slug as OrganizationSlug })
      const title = `Revisar el modelo ${Date.now()}`
      const { error } = await admin.from('tasks').insert({ project_id: projectId, title, due_date: '2026-01-15' })
      if (error) throw new Error(error.message)
      const formatted = new Intl.DateTimeFormat(lng, { dateStyle: 'medium' }).format(new Date(2026, 0, 15))

      await signIn(page, client, lng)
      await page.goto(paths.project(lng, projectId))
      const row = page.locator('#tasks tr').filter({ hasText: title })
      await expect(row.locator('[data-overdue="true"]')).toHaveText(
        t(lng, 'Overdue: was due {formatted}', { formatted }),
      )
      // "Vencida: vencía el …" said the same thing twice.
      await expect(row).not.toContainText(lng === 'es' ? 'vencía' : 'Overdue: due')
    })

    test(`the footer's portal link goes to the sign-in when signed out, to the area when signed in (${lng})`, async ({
      page,
    }) => {
      const footerLink = () =>
        page.getByRole('contentinfo').getByRole('link', { name: t(lng, 'Client portal'), exact: true })
      await page.goto(paths.home(lng))
      await expect(footerLink()).toHaveAttribute('href', paths.login(lng))
      await signIn(page, lng === 'es' ? demoUsers.lucia : demoUsers.james, lng)
      await page.goto(paths.home(lng))
      await expect(footerLink()).toHaveAttribute('href', paths.dashboard(lng))
      await footerLink().click()
      await expect(page).toHaveURL(exactPath(paths.dashboard(lng)))
    })

    test(`staff: progress bars, metric units, decimal commas, aligned columns, plurals (${lng})`, async ({
      page,
      admin,
    }) => {
      test.setTimeout(120_000)
      const { projectId } = await freshProject(admin, `E2E bars ${lng} ${Date.now()}`, 40)
      await signInStaff(page, demoUsers.admin, lng)

      // ── the projects table: every progress bar is a bar, not a dot ──
      for (const viewport of [phone, { width: 1366, height: 900 }]) {
        await page.setViewportSize(viewport)
        await page.goto(withLangPrefix('/admin/dashboard/projects', lng))
        const row = page.locator(`tr[data-project-id="${projectId}"]`)
        await expect(row).toBeVisible()
        const track = row.locator('[aria-hidden="true"]').first()
        const box = (await track.boundingBox())!
        expect(box.width, `progress track at ${viewport.width} px`).toBeGreaterThanOrEqual(60)
        const fill = (await track.locator('div').boundingBox())!
        expect(fill.width / box.width).toBeGreaterThan(0.3)
        expect(fill.width / box.width).toBeLessThan(0.5)
      }

      // ── the metric form ──
      await page.setViewportSize({ width: 1366, height: 900 })
      await page.goto(withLangPrefix(`/admin/dashboard/projects/${projectId}/metrics`, lng))
      const form = page.getByTestId('add-metric')
      await expect(form).toBeVisible()
      const unit = form.getByLabel(t(lng, 'Unit'), { exact: true })
      const units = await unit.locator('option').allTextContents()
      expect(units).toContain(t(lng, 'Euros (EUR)'))
      expect(units).toContain(t(lng, 'Percentage (%)'))
      expect(units).not.toContain('percent')
      const granularities = await form
        .getByLabel(t(lng, 'Granularity'), { exact: true })
        .locator('option')
        .allTextContents()
      expect(granularities).toEqual(['Daily', 'Weekly', 'Monthly', 'Quarterly', 'Yearly'].map((g) => t(lng, g)))

      // fields side by side line up, whichever has a hint (the key has one, the label beside it not)
      const [keyTop, labelTop] = await controlTops(page, [t(lng, 'Metric key'), t(lng, 'Label in Spanish')])
      expect(Math.abs(keyTop! - labelTop!)).toBeLessThan(1)
      const [endTop, valueTop] = await controlTops(page, [t(lng, 'Period end'), t(lng, 'Value')])
      expect(Math.abs(endTop! - valueTop!)).toBeLessThan(1)

      // a decimal comma, as a Spanish user types it; an impossible date is refused as in a file
      await form.getByLabel(t(lng, 'Metric key')).fill('conversion_rate')
      await form.getByLabel(t(lng, 'Label in Spanish')).fill('Tasa de conversión')
      await form.getByLabel(t(lng, 'Label in English')).fill('Conversion rate')
      await unit.selectOption('percent')
      await form.getByLabel(t(lng, 'Period start'), { exact: true }).fill('2026-01-01')
      await form.getByLabel(t(lng, 'Period end'), { exact: true }).fill('2026-01-31')
      await form.getByLabel(t(lng, 'Value'), { exact: true }).fill(lng === 'es' ? '12,5' : '12.5')
      await form.getByRole('button', { name: t(lng, 'Record the value') }).click()
      await expect(form.getByText(t(lng, 'The value has been recorded.'))).toBeVisible()
      const { data: recorded } = await admin.from('analytics_metrics').select('value').eq('project_id', projectId)
      expect(recorded!.map((row) => Number(row.value))).toEqual([12.5])
      await expectNoAxeViolations(page, `metrics of a project (${lng})`)

      // a one-row import says "1 value", not "1 values"
      const csv = page.getByTestId('csv-import')
      await csv.getByLabel(t(lng, 'CSV file'), { exact: true }).setInputFiles({
        name: 'one.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(
          'metric_key;label_es;label_en;unit;period_start;period_end;value\nconversion_rate;Tasa de conversión;Conversion rate;percent;2026-02-01;2026-02-28;13,25',
        ),
      })
      await csv.getByRole('button', { name: t(lng, 'Check the file') }).click()
      const importOne = csv.getByRole('button', {
        name: t(lng, '{total, plural, one {Import # value} other {Import # values}}', { total: 1 }),
        exact: true,
      })
      await expect(importOne).toHaveText(lng === 'es' ? 'Importar 1 valor' : 'Import 1 value')
      await importOne.click()
      await expect(
        csv.getByText(lng === 'es' ? 'Se ha importado 1 valor.' : '1 value has been imported.'),
      ).toBeVisible()

      // at 375 px the form is one column and still passes axe
      await page.setViewportSize(phone)
      await expectNoAxeViolations(page, `metrics of a project at 375 px (${lng})`)
    })

    test(`the client's feed folds values recorded together and names the metric (${lng})`, async ({ page, admin }) => {
      const projectName = `E2E feed ${lng} ${Date.now()}`
      const { organization, projectId } = await freshProject(admin, projectName)
      const client = await createClientUser(admin, { locale: lng, organization: organization.slug as OrganizationSlug })
      const rows = Array.from({ length: 12 }, (_, index) => {
        const month = String(index + 1).padStart(2, '0')
        return {
          project_id: projectId,
          metric_key: 'net_sales',
          label_es: 'Ventas netas',
          label_en: 'Net sales',
          unit: 'EUR',
          period_start: `2025-${month}-01`,
          period_end: `2025-${month}-28`,
          value: 1000 + index,
        }
      })
      const { error } = await admin.from('analytics_metrics').insert(rows)
      if (error) throw new Error(error.message)

      await signIn(page, client, lng)
      for (const viewport of [phone, { width: 1366, height: 900 }]) {
        await page.setViewportSize(viewport)
        await page.goto(paths.project(lng, projectId))
        const feed = page.getByRole('list', { name: t(lng, 'Activity in {projectName}', { projectName }) })
        const metricItems = feed.locator('li[data-entity="analytics_metric"]')
        await expect(metricItems).toHaveCount(1)
        await expect(metricItems.first()).toHaveAttribute('data-count', '12')
        await expect(metricItems.first()).toContainText(
          lng === 'es' ? 'Se registraron 12 valores de «Ventas netas»' : '12 values of “Net sales” were recorded',
        )
        await expect(feed).not.toContainText('net_sales')
        await expectNoAxeViolations(page, `project feed at ${viewport.width} px (${lng})`)
      }
    })
  })
}
