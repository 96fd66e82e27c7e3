// Mentions typed in the message box (issue 23, item 6): "@" offers the people of the project in a
// listbox tied to the box (combobox pattern: aria-expanded, aria-controls, aria-activedescendant),
// arrows move the active option, Escape closes, Enter (or a click) puts "@Full Name" at the caret,
// not at the end; the sent message shows the mention and the person gets their mention
// notification. In Spanish at 375 and 320 px and in English on a desktop, with axe while the list
// is open.
import { randomUUID } from 'node:crypto'
import { withLangPrefix } from '../../src/lib/pages'
import { expectNoAxeViolations } from './support/a11y'
import { test, expect, signIn } from './support/auth'
import { t } from './support/catalog'
import { createProject } from './support/admin'
import { createClientUser, organizationId, organizations } from './support/users'

for (const [lng, width] of [
  ['es', 375],
  ['es', 320],
  ['en', 1280],
] as const) {
  test(`"@" in the message box offers the project's people and mentions at the caret (${lng}, ${width}px)`, async ({
    page,
    admin,
  }) => {
    test.setTimeout(60_000)
    const organization = await organizationId(admin, organizations.ribera)
    const { id: projectId } = await createProject(admin, organization, {
      name: `Menciones ${randomUUID().slice(0, 8)}`,
      visible_to_client: true,
    })
    const writer = await createClientUser(admin, { locale: lng })
    const colleague = await createClientUser(admin, { locale: 'es' })

    await signIn(page, writer, lng)
    await page.setViewportSize({ width, height: 900 })
    await page.goto(withLangPrefix(`/client-portal/dashboard/projects/${projectId}/conversation`, lng))
    const box = page.getByRole('combobox', { name: t(lng, 'Your message') })
    await expect(box).toHaveAccessibleDescription(new RegExp(t(lng, 'Type @ to mention someone on the project.')))
    await expect(box).toHaveAttribute('aria-expanded', 'false')
    const list = page.getByRole('listbox', { name: t(lng, 'People to mention') })

    // The caret in the middle of the text: the mention goes there.
    await box.fill('Hola , ¿lo ves?')
    await box.evaluate((element: HTMLTextAreaElement) => element.setSelectionRange(5, 5))
    await box.press('@')
    await expect(list).toBeVisible()
    await expect(box).toHaveAttribute('aria-expanded', 'true')
    await expect(box).toHaveAttribute('aria-controls', (await list.getAttribute('id'))!)
    expect(await list.getByRole('option').count()).toBeGreaterThan(1)

    // Arrows move the active option (the box keeps the focus); Escape closes and keeps the text.
    const activeName = async () => {
      const id = await box.getAttribute('aria-activedescendant')
      return page.locator(`[id="${id}"]`).textContent()
    }
    const first = await activeName()
    await box.press('ArrowDown')
    const second = await activeName()
    expect(second).not.toBe(first)
    await expect(list.getByRole('option', { name: second!, exact: true })).toHaveAttribute('aria-selected', 'true')
    await box.press('ArrowUp')
    expect(await activeName()).toBe(first)
    await box.press('Escape')
    await expect(list).toBeHidden()
    await expect(box).toHaveAttribute('aria-expanded', 'false')
    await expect(box).toBeFocused()
    await expect(box).toHaveValue('Hola @, ¿lo ves?')

    // Typing a new "@" and some letters of the name (no accents needed) narrows the list.
    await box.press('Backspace')
    const typed = colleague.name.slice(0, -1).toLowerCase()
    await box.pressSequentially(`@${typed}`)
    await expect(list.getByRole('option')).toHaveText([colleague.name])
    await expectNoAxeViolations(page, `conversation with the mention list open (${lng}, ${width}px)`)
    if (width > 1000) await list.getByRole('option', { name: colleague.name }).click()
    else await box.press('Enter')
    await expect(list).toBeHidden()
    await expect(box).toHaveValue(`Hola @${colleague.name}, ¿lo ves?`)
    await expect(box).toBeFocused()
    // the caret sits right after the name: typing goes on there
    await box.pressSequentially(' y tú')
    await expect(box).toHaveValue(`Hola @${colleague.name} y tú, ¿lo ves?`)

    await page.getByRole('button', { name: t(lng, 'Send'), exact: true }).click()
    await expect(page.getByRole('status').filter({ hasText: t(lng, 'Sent.') })).toBeVisible()
    const sent = page.getByTestId('conversation-message').filter({ hasText: '¿lo ves?' })
    await expect(sent.locator('strong')).toHaveText(`@${colleague.name}`)
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)

    // The mention is stored as before and notifies the colleague as a mention.
    await expect
      .poll(async () => {
        const { data } = await admin
          .from('notifications')
          .select('kind')
          .eq('recipient_id', colleague.id)
          .eq('project_id', projectId)
        return (data ?? []).map((row: { kind: string }) => row.kind)
      })
      .toEqual(['conversation_mention'])
  })
}
