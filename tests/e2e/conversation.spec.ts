// A client (in Spanish) and a staff member (in English, in a second browser) converse live in a
// project's conversation: each sees the other's messages, edits and deletions without a reload,
// who is reading, and who has read what (never the author under their own message). The staff's
// internal note is shown to staff, marked, and never reaches the client's browser: not on the
// page, not in any WebSocket frame; the composer shows an internal draft unmistakably and unticks
// the box after each note. Both pages pass axe, and the client's works at 375 px.
import type { Page } from '@playwright/test'
import { randomUUID } from 'node:crypto'
import { withLangPrefix } from '../../src/lib/pages'
import { expectNoAxeViolations } from './support/a11y'
import { test, expect, exactPath, paths, signIn } from './support/auth'
import { createProject, signInStaff } from './support/admin'
import { t } from './support/catalog'
import { demoUsers, organizationId, organizations } from './support/users'
import { recordFrames } from './support/websocket'

test.use({ locale: 'es-ES' })

const thread = (page: Page) => page.getByTestId('conversation-thread')
const messageWith = (page: Page, text: string) => page.getByTestId('conversation-message').filter({ hasText: text })

async function write(page: Page, lng: 'es' | 'en', text: string, options: { internal?: boolean } = {}) {
  if (options.internal) await page.getByLabel(t(lng, 'Internal note: only staff will see it')).check()
  const label = options.internal ? 'Internal note (staff only)' : 'Your message'
  await page.getByLabel(t(lng, label), { exact: true }).fill(text)
  await page.getByRole('button', { name: t(lng, options.internal ? 'Add internal note' : 'Send'), exact: true }).click()
  const sent = options.internal ? 'Internal note added. What you write next goes to the client too.' : 'Sent.'
  await expect(page.getByRole('status').filter({ hasText: t(lng, sent) })).toBeVisible()
}

test('a client and staff converse live; the internal note never reaches the client', async ({
  page,
  browser,
  admin,
}) => {
  // Two browsers, each signing in.
  test.setTimeout(90_000)
  // A project of its own, so no other test writes in this conversation.
  const organization = await organizationId(admin, organizations.ribera)
  const name = `Conversación ${randomUUID().slice(0, 8)}`
  const { id: projectId } = await createProject(admin, organization, { name, visible_to_client: true })

  const frames = recordFrames(page)

  // The client reaches the conversation from the project page's navigation.
  await signIn(page, demoUsers.lucia, 'es')
  await page.goto(paths.project('es', projectId))
  await page
    .getByRole('navigation', { name: t('es', 'Project sections') })
    .getByRole('link', { name: t('es', 'Conversation') })
    .click()
  await expect(page).toHaveURL(
    exactPath(withLangPrefix(`/client-portal/dashboard/projects/${projectId}/conversation`, 'es')),
  )
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('es', 'Conversation: {name}', { name }))

  // Staff, in a second browser, in English, through the admin project's sub-page navigation.
  const staffContext = await browser.newContext({ locale: 'en-GB', viewport: { width: 1280, height: 900 } })
  const staff = await staffContext.newPage()
  const staffFrames = recordFrames(staff)
  await signInStaff(staff, demoUsers.admin, 'en')
  await staff.goto(withLangPrefix(`/admin/dashboard/projects/${projectId}`, 'en'))
  await staff
    .getByRole('navigation', { name: t('en', 'Project sections') })
    .getByRole('link', { name: t('en', 'Conversation') })
    .click()
  await expect(staff).toHaveURL(exactPath(withLangPrefix(`/admin/dashboard/projects/${projectId}/conversation`, 'en')))

  // Both pages listen to the thread before anyone writes.
  const threadJoined = (received: string[]) =>
    received.some(
      (frame) =>
        frame.includes(`live:conversation_messages|project_id=eq.${projectId}`) &&
        frame.includes('Subscribed to PostgreSQL'),
    )
  await expect.poll(() => threadJoined(frames)).toBe(true)
  await expect.poll(() => threadJoined(staffFrames)).toBe(true)

  // Presence: each sees the other reading.
  await expect(page.getByText(t('es', 'Reading now: {list}', { list: demoUsers.admin.name }))).toBeVisible()
  await expect(staff.getByText(t('en', 'Reading now: {list}', { list: demoUsers.lucia.name }))).toBeVisible()

  // The client writes; staff see it arrive, line break kept, markup as text.
  await write(page, 'es', 'Hola equipo,\n¿cómo va el panel? <b>urgente</b>')
  const fromClient = messageWith(staff, '¿cómo va el panel?')
  await expect(fromClient).toBeVisible()
  await expect(fromClient.locator('br')).toHaveCount(1)
  await expect(fromClient.locator('b')).toHaveCount(0)
  await expect(fromClient).toContainText('<b>urgente</b>')

  // Staff write an internal note, then a reply with a link. While the box is ticked the composer
  // says, in a banner, on its border and on its button, that the draft is an internal note; once
  // the note is added it is unticked again, so the reply goes to the client as a reply should.
  const secret = `Margen interno ${randomUUID().slice(0, 8)}`
  const internalBox = staff.getByLabel(t('en', 'Internal note: only staff will see it'))
  const internalDraft = staff.getByTestId('internal-draft')
  await expect(internalDraft).toHaveCount(0)
  await internalBox.check()
  await expect(internalDraft).toHaveText(t('en', 'Internal note: only staff will see it. The client will not.'))
  await expect(staff.getByRole('form', { name: t('en', 'Write an internal note') })).toHaveAttribute(
    'data-internal',
    'true',
  )
  await expectNoAxeViolations(staff, 'the staff conversation with an internal draft (en, desktop)')
  await write(staff, 'en', secret, { internal: true })
  await expect(messageWith(staff, secret)).toContainText(t('en', 'Internal note: staff only'))
  await expect(internalBox).not.toBeChecked()
  await expect(internalDraft).toHaveCount(0)
  await expect(staff.getByRole('button', { name: t('en', 'Send'), exact: true })).toBeVisible()
  await write(staff, 'en', 'All on track, see https://caucedata.com/servicios.')
  const reply = messageWith(page, 'All on track')
  await expect(reply).toBeVisible()

  // Who has read what: staff have read the client's message, and their marker sits there, never
  // under their own reply; the client's marker sits under staff's reply, not under their own.
  const readBy = (lng: 'es' | 'en', name: string) => t(lng, 'Read by {readers}', { readers: name })
  await expect(messageWith(page, '¿cómo va el panel?')).toContainText(readBy('es', demoUsers.admin.name))
  await expect(reply).not.toContainText(readBy('es', demoUsers.admin.name))
  await expect(messageWith(staff, 'All on track')).toContainText(readBy('en', demoUsers.lucia.name))
  await expect(messageWith(staff, '¿cómo va el panel?')).not.toContainText(readBy('en', demoUsers.lucia.name))
  await expect(reply.getByRole('link', { name: 'https://caucedata.com/servicios' })).toHaveAttribute(
    'href',
    'https://caucedata.com/servicios',
  )

  // The client edits their message and then deletes it; staff see both live.
  const own = messageWith(page, '¿cómo va el panel?')
  await own.getByRole('button', { name: t('es', 'Edit'), exact: true }).click()
  await page.getByLabel(t('es', 'Edit your message'), { exact: true }).fill('Hola equipo, ¿cómo va el tablero?')
  await page.getByRole('button', { name: t('es', 'Save'), exact: true }).click()
  await expect(messageWith(staff, 'el tablero')).toContainText(t('en', '(edited)'))
  const edited = messageWith(page, 'el tablero')
  await edited.getByRole('button', { name: t('es', 'Delete'), exact: true }).click()
  await edited.getByRole('button', { name: t('es', 'Yes, delete'), exact: true }).click()
  await expect(thread(staff).getByText(t('en', 'This message was deleted.'))).toBeVisible()
  await expect(thread(staff)).not.toContainText('el tablero')

  // The note was never on the client's page nor in a frame their browser received, though the
  // reply written after it was.
  await expect(thread(page)).not.toContainText(secret)
  expect(frames.some((frame) => frame.includes('All on track'))).toBe(true)
  expect(frames.filter((frame) => frame.includes(secret))).toEqual([])

  // The activity says who wrote, never what.
  const { data: activity } = await admin
    .from('activity_log')
    .select('summary')
    .eq('project_id', projectId)
    .eq('entity_type', 'conversation_message')
  expect(activity!.length).toBeGreaterThanOrEqual(3)
  expect(JSON.stringify(activity)).not.toContain(secret)

  // Away from the thread, the client's overview counts what staff write next, live.
  // (the link's name also counts unread messages when there are any, from other tests' projects too)
  await page
    .getByRole('navigation', { name: t('es', 'Client portal'), exact: true })
    .getByRole('link', { name: new RegExp(`^${t('es', 'Overview')}(,|$)`) })
    .click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('es', 'Overview'))
  await write(staff, 'en', 'One more question for you')
  // This project's link: other tests leave unread messages in their own projects of the client.
  const unread = page
    .locator(`a[href$="/projects/${projectId}/conversation"]`)
    .and(page.getByRole('link', { name: '1 mensaje sin leer', exact: true }))
  await expect(unread).toBeVisible()
  await unread.click()
  await expect(messageWith(page, 'One more question for you')).toBeVisible()
  await expect(unread).toHaveCount(0)

  // On a phone: no sideways scrolling.
  await page.setViewportSize({ width: 375, height: 800 })
  await expect(messageWith(page, 'All on track')).toBeVisible()
  const { scrollWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth }))
  expect(scrollWidth).toBeLessThanOrEqual(375)
  await expectNoAxeViolations(page, 'the client conversation (es, 375 px)')
  await expectNoAxeViolations(staff, 'the staff conversation (en, desktop)')
  await staffContext.close()
})

test('a lost live connection is shown, recovers by itself, and what changed meanwhile appears', async ({
  page,
  admin,
}) => {
  const organization = await organizationId(admin, organizations.ribera)
  const { id: projectId } = await createProject(admin, organization, { name: `Live ${randomUUID().slice(0, 8)}` })

  // Every Realtime socket of the page goes through here: passed on to the server, or, while
  // `down`, cut (as a dropped network would), so the browser's own reconnection is what recovers.
  let down = false
  const open: { close: () => Promise<void> }[] = []
  await page.routeWebSocket(/\/realtime\/v1\/websocket/, (socket) => {
    if (down) return void socket.close({ code: 4000, reason: 'network down' })
    socket.connectToServer()
    open.push(socket)
  })

  const frames = recordFrames(page)
  const tasksJoined = () =>
    frames.filter(
      (frame) => frame.includes(`live:tasks|project_id=eq.${projectId}`) && frame.includes('Subscribed to PostgreSQL'),
    ).length
  await signIn(page, demoUsers.lucia, 'es')
  await page.goto(paths.project('es', projectId))
  await expect.poll(tasksJoined).toBe(1)
  const notice = page
    .getByRole('alert')
    .filter({ hasText: t('es', 'Connection lost: updates are paused. Reconnecting…') })
  // A task staff add while connected appears without a reload (the page is live).
  await admin.from('tasks').insert({ project_id: projectId, title: 'Revisar fuentes de datos' })
  await expect(page.getByText('Revisar fuentes de datos', { exact: true })).toBeVisible()
  await expect(notice).toHaveCount(0)

  down = true
  await Promise.all(open.splice(0).map((socket) => socket.close()))
  await expect(notice).toBeVisible()
  // Written while the page cannot hear it.
  await admin.from('tasks').insert({ project_id: projectId, title: 'Validar el modelo' })

  down = false
  await expect(notice).toHaveCount(0, { timeout: 30_000 })
  await expect.poll(tasksJoined).toBe(2)
  await expect(page.getByText('Validar el modelo', { exact: true })).toBeVisible()
})
