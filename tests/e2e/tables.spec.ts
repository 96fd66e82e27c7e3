// The tables of the portal and the admin area (src/components/ui/data-table.tsx; issue "rough
// edges", majors 2 and 3). At 375 px the lists whose rows carry actions are cards: every row
// action of the portal's documents and tasks and the admin's documents and users is inside the
// viewport, with no sideways scrolling, reachable by keyboard, and each value keeps its column's
// name as a label. At 1280 and 1366 px no table is wider than its box and no scroll hint shows;
// the hint (and the box's tab stop) appear only when a table really scrolls, as a CSV preview
// does on a phone. es in the light scheme, en in the dark one; axe on the cards.
import { randomUUID } from 'node:crypto'
import type { Locator, Page } from '@playwright/test'
import type { SupabaseClient } from '@supabase/supabase-js'
import { test, expect, signIn } from './support/auth'
import { createOrganization, createProject, signInStaff } from './support/admin'
import { expectNoAxeViolations } from './support/a11y'
import { t } from './support/catalog'
import { demoUsers, type Account } from './support/users'
import { withLangPrefix } from '../../src/lib/pages'
import type { Locale } from '../../src/lib/locale'

const phone = { width: 375, height: 800 }
const desktops = [1280, 1366] as const
const schemes = { es: 'light', en: 'dark' } as const

function must<T>(result: { data: T | null; error: { message: string } | null }, what: string): T {
  if (result.error || result.data === null) throw new Error(`${what}: ${result.error?.message ?? 'no data'}`)
  return result.data
}

interface World {
  organizationId: string
  projectId: string
  projectName: string
  client: Account & { id: string }
  invitedEmail: string
  invitedName: string
}

/**
 * An organization of this test alone, with long names and addresses (the cases that widened the
 * tables): a project its client sees, an active client and one still invited, a document the
 * client uploaded and one the firm did, a task assigned to the client and one not, and a metric.
 */
async function freshWorld(admin: SupabaseClient, lng: Locale): Promise<World> {
  const tag = randomUUID().slice(0, 8)
  const organization = await createOrganization(admin, lng)
  const projectName = `Cuadro de mando de distribución ${tag}`
  const project = await createProject(admin, organization.id, {
    name: projectName,
    status: 'in_progress',
    progress: 40,
    visible_to_client: true,
  })
  const person = async (email: string, name: string, confirmed: boolean, password: string) => {
    const created = await admin.auth.admin.createUser({
      email,
      password,
      email_confirm: confirmed,
      user_metadata: { full_name: name, locale: lng },
    })
    const user = must({ data: created.data.user, error: created.error }, `create ${email}`)
    must(
      await admin.from('profiles').update({ organization_id: organization.id }).eq('id', user.id).select('id'),
      `organization of ${email}`,
    )
    return user.id
  }
  const password = `tables-pass-${tag}`
  const clientEmail = `e2e-tablas-${tag}@example.com`
  const clientName = `Maximiliano Fernández-Villaverde ${tag}`
  const clientId = await person(clientEmail, clientName, true, password)
  const invitedEmail = `maximiliano.fernandez-villaverde.${tag}@departamento-de-compras.example.com`
  const invitedName = `Inmaculada Concepción Rodríguez de la Fuente ${tag}`
  await person(invitedEmail, invitedName, false, `invited-${tag}-pass`)

  const file = (name: string) => `${organization.id}/${project.id}/${randomUUID()}-${name}`
  must(
    await admin
      .from('documents')
      .insert([
        {
          project_id: project.id,
          name: `Previsión de ventas por almacén y familia de producto ${tag}.xlsx`,
          description: 'Segunda revisión, con las devoluciones de marzo.',
          category: 'data',
          storage_path: file('prevision.xlsx'),
          mime_type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          size_bytes: 1_234_567,
          visible_to_client: true,
          uploaded_by: clientId,
        },
        {
          project_id: project.id,
          name: `Informe de calidad de datos ${tag}.pdf`,
          category: 'deliverable',
          storage_path: file('informe.pdf'),
          mime_type: 'application/pdf',
          size_bytes: 98_304,
          visible_to_client: true,
          uploaded_by: null,
        },
      ])
      .select('id'),
    'documents',
  )
  must(
    await admin
      .from('tasks')
      .insert([
        {
          project_id: project.id,
          title: `Validar el inventario de referencias del almacén de Sevilla ${tag}`,
          description: 'Revisar las referencias duplicadas antes de la carga.',
          priority: 'urgent',
          due_date: '2030-06-30',
          assigned_to: clientId,
        },
        { project_id: project.id, title: `Preparar la reunión de seguimiento ${tag}`, priority: 'low' },
      ])
      .select('id'),
    'tasks',
  )
  must(
    await admin
      .from('analytics_metrics')
      .insert({
        project_id: project.id,
        metric_key: 'weekly_orders',
        label_es: 'Pedidos semanales',
        label_en: 'Weekly orders',
        granularity: 'week',
        period_start: '2026-01-05',
        period_end: '2026-01-11',
        value: 1200,
        target: 1500,
      })
      .select('id'),
    'metric',
  )
  return {
    organizationId: organization.id,
    projectId: project.id,
    projectName,
    client: { id: clientId, email: clientEmail, password, name: clientName, locale: lng },
    invitedEmail,
    invitedName,
  }
}

/** A layout pass after a resize, and the ResizeObserver callbacks (the scroll hint) with it. */
async function settle(page: Page) {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
}

interface Frame {
  name: string
  scrollWidth: number
  clientWidth: number
  hint: boolean
  focusable: boolean
}

/** Every table frame shown on the page: how wide its table is against its box, and its cue. */
function frames(page: Page): Promise<Frame[]> {
  return page.evaluate(() => {
    const shown = (element: Element) => {
      const box = element.getBoundingClientRect()
      return box.width > 1 && box.height > 1 && getComputedStyle(element).visibility !== 'hidden'
    }
    return [...document.querySelectorAll('[data-table-scroll]')].filter(shown).map((frame) => {
      const region = frame.querySelector<HTMLElement>('[role="region"]')!
      const labelledBy = region.getAttribute('aria-labelledby')
      const hint = frame.querySelector(':scope > p')
      return {
        name: region.getAttribute('aria-label') ?? document.getElementById(labelledBy ?? '')?.textContent ?? '',
        scrollWidth: region.scrollWidth,
        clientWidth: region.clientWidth,
        hint: hint !== null && shown(hint),
        focusable: region.getAttribute('tabindex') === '0',
      }
    })
  })
}

/** The page does not scroll sideways, and no table is wider than its box nor says it is. */
async function expectNoTableOverflow(page: Page, label: string) {
  await settle(page)
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    viewport: document.documentElement.clientWidth,
  }))
  expect(widths.page, `${label}: the page scrolls sideways`).toBeLessThanOrEqual(widths.viewport)
  const found = await frames(page)
  expect(found.length, `${label}: a table is shown`).toBeGreaterThan(0)
  for (const frame of found) {
    expect(frame.scrollWidth, `${label}: "${frame.name}" is wider than its box`).toBeLessThanOrEqual(frame.clientWidth)
    expect(frame.hint, `${label}: "${frame.name}" shows the scroll hint`).toBe(false)
    expect(frame.focusable, `${label}: "${frame.name}" is a tab stop with nothing to scroll`).toBe(false)
  }
}

/** Every button and link of every row of `table` lies inside the viewport's width. */
async function expectRowActionsOnScreen(page: Page, table: Locator, label: string) {
  const rows = table.locator('tbody tr')
  expect(await rows.count(), `${label}: rows`).toBeGreaterThan(0)
  const viewport = page.viewportSize()!.width
  let actions = 0
  for (const row of await rows.all()) {
    for (const action of await row.locator('button:visible, a[href]:visible').all()) {
      const box = (await action.boundingBox())!
      const name = (await action.textContent())?.trim()
      expect(box.x, `${label}: "${name}" starts off-screen`).toBeGreaterThanOrEqual(0)
      expect(box.x + box.width, `${label}: "${name}" ends off-screen`).toBeLessThanOrEqual(viewport)
      actions++
    }
  }
  expect(actions, `${label}: row actions`).toBeGreaterThan(0)
}

/** The table is laid out as cards: no header row on screen, each value under its column's name. */
async function expectCards(table: Locator, label: string) {
  const layout = await table.evaluate((element) => {
    const head = element.querySelector('thead')!.getBoundingClientRect()
    const labels = [...element.querySelectorAll('tbody td')].map((cell) => ({
      column: cell.getAttribute('data-label'),
      shown: getComputedStyle(cell, '::before').content,
    }))
    return { headHeight: head.height, display: getComputedStyle(element).display, labels }
  })
  expect(layout.display, `${label}: the table is laid out as cards`).toBe('block')
  expect(layout.headHeight, `${label}: the header row is off screen`).toBeLessThanOrEqual(1)
  expect(layout.labels.length).toBeGreaterThan(0)
  for (const cell of layout.labels) {
    expect(cell.column, `${label}: a cell without its column's name`).toBeTruthy()
    // the card shows the name (from data-label), with an empty alternative: for the eye only
    expect(cell.shown, `${label}: the label of "${cell.column}"`).toBe(`"${cell.column}" / ""`)
  }
}

for (const lng of ['es', 'en'] as const) {
  test.describe(`${lng}, ${schemes[lng]} scheme`, () => {
    test.use({ colorScheme: schemes[lng], locale: lng === 'es' ? 'es-ES' : 'en-US' })

    test(`at 375 px the portal's documents and tasks are cards with every action on screen (${lng})`, async ({
      page,
      admin,
    }) => {
      const world = await freshWorld(admin, lng)
      // signIn waits for the side bar, which a phone folds into the menu: sign in wide, then narrow
      await signIn(page, world.client, lng)
      await page.setViewportSize(phone)
      await page.goto(withLangPrefix(`/client-portal/dashboard/projects/${world.projectId}`, lng))
      const documents = page.getByRole('table', {
        name: t(lng, 'Documents of {projectName}', { projectName: world.projectName }),
      })
      const tasks = page.getByRole('table', {
        name: t(lng, 'Tasks of {projectName}', { projectName: world.projectName }),
      })
      await expect(documents.locator('tbody tr')).toHaveCount(2)
      await expect(tasks.locator('tbody tr')).toHaveCount(2)
      await settle(page)

      await expectRowActionsOnScreen(page, documents, 'portal documents at 375px')
      await expectRowActionsOnScreen(page, tasks, 'portal tasks at 375px')
      await expectCards(documents, 'portal documents at 375px')
      await expectCards(tasks, 'portal tasks at 375px')
      const viewport = await page.evaluate(() => document.documentElement.clientWidth)
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport)
      for (const frame of await frames(page)) {
        expect(frame.scrollWidth, `"${frame.name}" scrolls at 375px`).toBeLessThanOrEqual(frame.clientWidth)
        expect(frame.hint).toBe(false)
      }

      // keyboard only: the client's own upload's three actions follow each other, each on screen
      const own = documents.locator('tbody tr').filter({ hasText: t(lng, 'Uploaded by you') })
      const download = own.getByRole('button', { name: new RegExp(`^${t(lng, 'Download')}`) })
      const replace = own.getByRole('button', { name: new RegExp(`^${t(lng, 'Replace file')}`) })
      const remove = own.getByRole('button', { name: new RegExp(`^${t(lng, 'Delete')}`) })
      await download.focus()
      for (const next of [replace, remove]) {
        await page.keyboard.press('Tab')
        await expect(next).toBeFocused()
        await expect(next).toBeInViewport()
      }
      // and the task's action works from the keyboard, in its card
      const mark = tasks.getByRole('button', { name: new RegExp(`^${t(lng, 'Mark as done')}`) })
      await mark.focus()
      await page.keyboard.press('Enter')
      await expect(tasks.getByRole('button', { name: new RegExp(`^${t(lng, 'Reopen')}`) })).toBeInViewport()

      // from the top, as a page opens (scrolled, the fixed bar covers part of what lies under it)
      await page.evaluate(() => window.scrollTo(0, 0))
      await expectNoAxeViolations(page, `the portal's project page as cards (${lng}, ${schemes[lng]})`)

      for (const width of desktops) {
        await page.setViewportSize({ width, height: 900 })
        await expectNoTableOverflow(page, `the portal's project page at ${width}px`)
        await expect(documents.locator('thead')).toBeVisible()
      }
    })

    test(`at 375 px the admin's documents and users are cards with every action on screen (${lng})`, async ({
      page,
      admin,
    }) => {
      const world = await freshWorld(admin, lng)
      await page.setViewportSize(phone)
      await signInStaff(page, demoUsers.superAdmin, lng)

      await page.goto(withLangPrefix(`/admin/dashboard/projects/${world.projectId}/documents`, lng))
      const documents = page.getByRole('table', {
        name: t(lng, 'Documents of {projectName}', { projectName: world.projectName }),
      })
      await expect(documents.locator('tbody tr')).toHaveCount(2)
      await settle(page)
      await expectRowActionsOnScreen(page, documents, 'admin documents at 375px')
      await expectCards(documents, 'admin documents at 375px')
      // the replace form opens inside its card, still on screen
      const replace = documents.getByRole('button', { name: new RegExp(`^${t(lng, 'Replace file')}`) }).first()
      await replace.focus()
      await page.keyboard.press('Enter')
      await expect(replace).toHaveAttribute('aria-expanded', 'true')
      await expectRowActionsOnScreen(page, documents, 'admin documents at 375px, a replace form open')
      await page.evaluate(() => window.scrollTo(0, 0))
      await expectNoAxeViolations(page, `the admin's documents as cards (${lng}, ${schemes[lng]})`)

      await page.goto(withLangPrefix(`/admin/dashboard/organizations/${world.organizationId}`, lng))
      const users = page.getByRole('table', { name: t(lng, 'Users') })
      await expect(users.locator('tbody tr')).toHaveCount(2)
      await settle(page)
      await expectRowActionsOnScreen(page, users, 'users at 375px')
      await expectCards(users, 'users at 375px')
      const resend = users.getByRole('button', {
        name: t(lng, 'Resend invitation<0> to {name}</0>', { name: world.invitedName }),
      })
      await resend.scrollIntoViewIfNeeded()
      await expect(resend).toBeInViewport({ ratio: 1 })
      // a confirmation opens in its card; its buttons stay on screen too
      const invited = users.locator(`tr[data-user="${world.invitedEmail}"]`)
      await invited
        .getByRole('button', { name: t(lng, 'Deactivate<0> {name}</0>', { name: world.invitedName }) })
        .click()
      await expect(invited.getByRole('group')).toBeVisible()
      await expectRowActionsOnScreen(page, users, 'users at 375px, a confirmation open')
      await page.evaluate(() => window.scrollTo(0, 0))
      await expectNoAxeViolations(page, `an organization's users as cards (${lng}, ${schemes[lng]})`)
    })

    test(`at 1280 and 1366 px no admin table overflows; the hint shows only when a table scrolls (${lng})`, async ({
      page,
      admin,
    }) => {
      test.slow() // eleven pages at two widths
      const world = await freshWorld(admin, lng)
      await page.setViewportSize({ width: 1366, height: 900 })
      await signInStaff(page, demoUsers.superAdmin, lng)
      const project = `/admin/dashboard/projects/${world.projectId}`
      for (const path of [
        `/admin/dashboard/organizations/${world.organizationId}`,
        '/admin/dashboard/organizations',
        '/admin/dashboard/projects',
        `${project}/documents`,
        `${project}/tasks`,
        `${project}/metrics`,
        `${project}/team`,
        '/admin/dashboard/team',
        // the leads as a list (the board, their default view, has no table)
        '/admin/dashboard/leads?view=list',
        '/admin/dashboard/activity',
      ]) {
        await page.setViewportSize({ width: 1366, height: 900 })
        await page.goto(withLangPrefix(path, lng))
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
        // the recorded values are a table behind a button
        if (path.endsWith('/metrics'))
          await page.getByRole('button', { name: t(lng, 'Show the recorded values') }).click()
        await expect(page.getByRole('table').first()).toBeVisible()
        for (const width of desktops) {
          await page.setViewportSize({ width, height: 900 })
          await expectNoTableOverflow(page, `${path} at ${width}px`)
        }
      }
      // "Reenviar invitación" whole, inside its row, at 1366 px
      await page.goto(withLangPrefix(`/admin/dashboard/organizations/${world.organizationId}`, lng))
      const resend = page.getByRole('button', {
        name: t(lng, 'Resend invitation<0> to {name}</0>', { name: world.invitedName }),
      })
      const region = page.locator('[data-table-scroll]').getByRole('region', { name: t(lng, 'Users') })
      await expect(resend).toBeVisible()
      const [button, box] = [(await resend.boundingBox())!, (await region.boundingBox())!]
      expect(button.x + button.width).toBeLessThanOrEqual(box.x + box.width)
      expect(await resend.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true)

      // a CSV preview is a wide grid that scrolls on a phone: only then the hint and the tab stop
      await page.goto(withLangPrefix(`${project}/metrics`, lng))
      const csv = [
        'metric_key,label_es,label_en,unit,granularity,period_start,period_end,value,target,visible_to_client,notes',
        'weekly_orders,Pedidos semanales,Weekly orders,count,week,2026-01-12,2026-01-18,1350,1500,true,',
      ].join('\n')
      await page
        .getByLabel(t(lng, 'CSV file'), { exact: true })
        .setInputFiles({ name: 'orders.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) })
      await page.getByRole('button', { name: t(lng, 'Check the file') }).click()
      const preview = page.getByRole('region', { name: t(lng, 'Preview of “{fileName}”', { fileName: 'orders.csv' }) })
      await expect(preview).toBeVisible()
      for (const width of [phone.width, ...desktops]) {
        await page.setViewportSize({ width, height: 900 })
        await settle(page)
        for (const frame of await frames(page)) {
          const scrolls = frame.scrollWidth > frame.clientWidth + 1
          expect(frame.hint, `"${frame.name}" at ${width}px: the hint shows exactly when it scrolls`).toBe(scrolls)
          expect(frame.focusable, `"${frame.name}" at ${width}px: a tab stop exactly when it scrolls`).toBe(scrolls)
        }
      }
      await page.setViewportSize(phone)
      await settle(page)
      await expect(preview).toHaveAttribute('tabindex', '0')
      await expect(preview).toHaveAttribute('aria-describedby', /.+/)
      await expect(page.getByText(t(lng, 'Scroll sideways to see every column.'))).toBeVisible()
      await preview.focus()
      await page.keyboard.press('ArrowRight')
      await expect.poll(() => preview.evaluate((box) => box.scrollLeft)).toBeGreaterThan(0)
    })
  })
}
