// The project plan (issue 25, item 2; decision 0040): staff add a phase, a milestone and a time
// entry on a fresh project's Plan page and watch the progress follow the plan, and marking the
// milestone reached e-mails the organization's client a link to the plan (send-notifications, as
// the schedule runs it) (en, 1366 px); a client opens the Plan tab of a demo project and reads its
// timeline and burn-down (es, 375 px). Axe on each screen. The rules, the roles and each kind of
// notification are in the integration tests. Runs on the hosted stack (playwright.config.ts).
import { randomUUID } from 'node:crypto'
import { withLangPrefix } from '../../src/lib/pages'
import { expectNoAxeViolations } from './support/a11y'
import { createOrganization, createProject, signInStaff } from './support/admin'
import { test, expect, signIn } from './support/auth'
import { t } from './support/catalog'
import { createClientUser, demoUsers, type OrganizationSlug } from './support/users'

const isoDay = (offset: number) => new Date(Date.now() + offset * 864e5).toISOString().slice(0, 10)

test('staff plan a project: a phase, a milestone and time; the progress follows (en, 1366px)', async ({
  page,
  admin,
  mailbox,
}) => {
  test.setTimeout(90_000)
  const lng = 'en'
  const organization = await createOrganization(admin, lng)
  const name = `Plan ${randomUUID().slice(0, 8)}`
  const project = await createProject(admin, organization.id, {
    name,
    status: 'in_progress',
    progress: 5,
    start_date: isoDay(-20),
    visible_to_client: true,
  })
  const client = await createClientUser(admin, { locale: lng, organization: organization.slug as OrganizationSlug })

  await page.setViewportSize({ width: 1366, height: 900 })
  await signInStaff(page, demoUsers.admin, lng)
  await page.goto(withLangPrefix(`/admin/dashboard/projects/${project.id}`, lng))
  await page
    .getByRole('navigation', { name: t(lng, 'Project sections') })
    .getByRole('link', { name: t(lng, 'Plan') })
    .click()
  await expect(page).toHaveURL(new RegExp(`/projects/${project.id}/plan$`))
  const progress = page.getByTestId('plan-progress')
  await expect(progress).toContainText(
    t(lng, 'This project has no plan yet: its progress is the one typed in its details.'),
  )

  // A phase: a wrong end date is named on its field first.
  const phaseForm = page.getByTestId('phase-form')
  await phaseForm.getByLabel(t(lng, 'Title')).fill('Discovery')
  await phaseForm.getByLabel(t(lng, 'Start')).fill(isoDay(-20))
  await phaseForm.getByLabel(t(lng, 'End')).fill(isoDay(-30))
  await phaseForm.getByLabel(t(lng, 'Status')).selectOption({ label: t(lng, 'In progress') })
  await phaseForm.getByLabel(t(lng, 'Planned hours')).fill('40')
  await phaseForm.getByRole('button', { name: t(lng, 'Add phase') }).click()
  await expect(phaseForm.getByText(t(lng, 'The end cannot be before the start.'))).toBeVisible()
  await phaseForm.getByLabel(t(lng, 'End')).fill(isoDay(20))
  await phaseForm.getByRole('button', { name: t(lng, 'Add phase') }).click()
  await expect(page.getByRole('alert').or(page.getByRole('status')).first()).toContainText(
    t(lng, 'The phase “{title}” has been added.', { title: 'Discovery' }),
  )
  // The plan now gives the progress: an in-progress phase with nothing used is 0%.
  await expect(progress.getByTestId('progress-source')).toHaveText(
    t(lng, 'Progress follows the plan: finished phases, and hours used in the phases under way.'),
  )
  await expect(progress).toContainText(t(lng, '{percent} complete', { percent: '0%' }))

  // A milestone in that phase.
  const milestoneForm = page.getByTestId('milestone-form')
  await milestoneForm.getByLabel(t(lng, 'Title')).fill('Sources signed off')
  await milestoneForm.getByLabel(t(lng, 'Due date')).fill(isoDay(5))
  await milestoneForm.getByLabel(t(lng, 'Phase (optional)')).selectOption({ label: 'Discovery' })
  await milestoneForm.getByRole('button', { name: t(lng, 'Add milestone') }).click()
  const milestones = page.getByRole('table', { name: t(lng, 'Milestones') })
  await expect(milestones).toContainText('Sources signed off')
  // Reached: that tells the client (below, by e-mail).
  await milestones.getByRole('button', { name: 'Edit: Sources signed off' }).click()
  await milestoneForm.getByLabel(t(lng, 'Status')).selectOption({ label: t(lng, 'Reached') })
  await milestoneForm.getByRole('button', { name: t(lng, 'Save milestone') }).click()
  await expect(milestones.getByRole('row', { name: /Sources signed off/ })).toContainText(t(lng, 'Reached'))

  // Ten hours at 100 € an hour: a quarter of the phase, 25%, and 1,000 € used.
  const timeForm = page.getByTestId('time-entry-form')
  await timeForm.getByLabel(t(lng, 'Hours')).fill('10')
  await timeForm.getByLabel(t(lng, 'Hourly rate in euros (optional)')).fill('100')
  await timeForm.getByRole('button', { name: t(lng, 'Record time') }).click()
  await expect(page.getByText(t(lng, 'The time has been recorded.'))).toBeVisible()
  await expect(progress).toContainText(t(lng, '{percent} complete', { percent: '25%' }))
  await expect(page.getByTestId('plan-totals')).toContainText('(25%)')
  await expect(page.getByTestId('plan-burndown')).toBeVisible()
  await expectNoAxeViolations(page, `admin plan (${lng}, 1366px)`)

  const stored = await admin.from('projects').select('progress, progress_overridden').eq('id', project.id).single()
  expect(stored.data).toEqual({ progress: 25, progress_overridden: false })

  // The client's e-mail (alone, or in a digest), in their language (written by the database's
  // trigger), opens the project's plan.
  const reached = `The milestone “Sources signed off” of the project ${name} has been reached.`
  const about = async () => (await mailbox.to(client.email)).filter((m) => m.text.includes(reached))
  await expect.poll(async () => (await about()).length, { timeout: 30_000 }).toBe(1)
  const [mail] = await about()
  expect(mail!.text).toContain(withLangPrefix(`/client-portal/dashboard/projects/${project.id}/plan`, lng))
})

test('a client reads the plan: timeline and burn-down (es, 375px)', async ({ page }) => {
  const lng = 'es'
  await signIn(page, demoUsers.lucia, lng)
  await page.setViewportSize({ width: 375, height: 800 })
  // Ribera's dashboard project (supabase/seed.sql).
  await page.goto(withLangPrefix('/client-portal/dashboard/projects/1a000000-0000-4000-8000-000000000001', lng))
  await page
    .getByRole('navigation', { name: t(lng, 'Project sections') })
    .getByRole('link', { name: t(lng, 'Plan') })
    .click()
  await expect(
    page.getByRole('heading', { level: 1, name: t(lng, 'Plan: {name}', { name: 'Cuadro de mando comercial' }) }),
  ).toBeVisible()

  // The timeline is a list of the phases in order, each with its milestones.
  const timeline = page.getByRole('list', {
    name: t(lng, 'Phases and milestones of {name}', { name: 'Cuadro de mando comercial' }),
  })
  const phases = timeline.locator(':scope > li')
  await expect(phases).toHaveCount(4)
  await expect(phases.nth(0).getByRole('heading')).toHaveText('Descubrimiento y KPIs')
  await expect(phases.nth(2)).toContainText('Prototipo v2 revisado con ventas')
  await expect(page.getByTestId('plan-totals')).toBeVisible()
  const chart = page.getByTestId('plan-burndown').getByRole('img')
  await expect(chart).toHaveAttribute('aria-label', /\d/)
  await expect(page.getByTestId('progress-source')).toHaveText(
    t(lng, 'Progress follows the plan: finished phases, and hours used in the phases under way.'),
  )
  // Nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
  await expectNoAxeViolations(page, `portal plan (${lng}, 375px)`)
})
