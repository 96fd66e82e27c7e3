// A new client's first visit (issue 23, item 5): with nothing shared yet, the overview welcomes
// them by name, names their contact at the firm (who invited them, with their address; the firm's
// address when nobody is named) and says what comes next, instead of five empty boxes; once the
// first project is shared, the usual overview returns. es at 375 and 320 px, en on a desktop; axe.
import { randomUUID } from 'node:crypto'
import { test, expect, signIn } from './support/auth'
import { expectNoAxeViolations } from './support/a11y'
import { t } from './support/catalog'
import { createClientUser, demoUsers } from './support/users'
import { siteConfig } from '../../supabase/functions/_shared/site'

for (const [lng, width, invited] of [
  ['es', 375, true],
  ['es', 320, false],
  ['en', 1280, true],
] as const) {
  test(`a new client is welcomed and told who their contact is and what comes next (${lng}, ${width}px${invited ? '' : ', nobody named'})`, async ({
    page,
    admin,
  }) => {
    const tag = randomUUID().slice(0, 8)
    const { data: organization, error } = await admin
      .from('organizations')
      .insert({ name: `Nueva ${tag}`, slug: `nueva-${tag}`, default_locale: lng })
      .select('id')
      .single()
    expect(error).toBeNull()
    const organizationId = (organization as { id: string }).id
    const client = await createClientUser(admin, { locale: lng })
    const { data: staff } = await admin.from('profiles').select('id').eq('email', demoUsers.admin.email).single()
    const moved = await admin
      .from('profiles')
      .update({ organization_id: organizationId, invited_by: invited ? (staff as { id: string }).id : null })
      .eq('id', client.id)
    expect(moved.error).toBeNull()

    await signIn(page, client, lng)
    await page.setViewportSize({ width, height: 900 })
    const firstName = client.name.split(' ')[0]!
    const welcome = page.getByRole('region', { name: t(lng, 'Welcome to your portal, {firstName}', { firstName }) })
    await expect(welcome).toBeVisible()
    if (invited) {
      await expect(welcome).toContainText(demoUsers.admin.name)
      await expect(welcome.getByRole('link', { name: demoUsers.admin.email })).toHaveAttribute(
        'href',
        `mailto:${demoUsers.admin.email}`,
      )
    } else {
      await expect(welcome).toContainText(siteConfig.name)
      await expect(welcome.getByRole('link', { name: siteConfig.email })).toBeVisible()
    }
    await expect(welcome.getByRole('heading', { name: t(lng, 'What comes next') })).toBeVisible()
    await expect(welcome.getByRole('listitem')).toHaveCount(3)
    // none of the empty boxes
    for (const heading of ['Your projects', 'Awaiting your approval', 'Next tasks', 'Latest reports']) {
      await expect(page.getByRole('heading', { name: t(lng, heading) })).toHaveCount(0)
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
    await expectNoAxeViolations(page, `the first visit's welcome (${lng}, ${width}px)`)

    // The first project is shared: the usual overview, no welcome.
    const project = await admin.from('projects').insert({
      organization_id: organizationId,
      name: `Primer proyecto ${tag}`,
      service: 'governance',
      visible_to_client: true,
    })
    expect(project.error).toBeNull()
    await page.reload()
    await expect(page.getByRole('heading', { name: t(lng, 'Your projects') })).toBeVisible()
    await expect(page.getByRole('link', { name: `Primer proyecto ${tag}` })).toBeVisible()
    await expect(page.getByTestId('first-visit-welcome')).toHaveCount(0)
  })
}
