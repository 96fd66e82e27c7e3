// A claimed e-mail of the outbox (decision 0019, "Claims with a lease") carries all its renderer
// needs: the claim's JSON becomes the message, in the reader's language.
import { describe, expect, it } from 'vitest'
import type { ClaimedNotification, ClaimedNotificationMail } from '../../supabase/functions/send-notifications/outbox'
import { renderOutboxMail } from '../../supabase/functions/send-notifications/outbox-mail'

const origin = 'https://caucedata.example'
const project = '11111111-1111-4111-8111-111111111111'

function row(title: string, projectId: string | null = project): ClaimedNotification {
  return {
    id: crypto.randomUUID(),
    kind: 'document_shared',
    title,
    body: `${title} body`,
    project_id: projectId,
    project_name: projectId ? 'Cuadro de mando' : null,
    entity_type: 'document',
    entity_id: crypto.randomUUID(),
    created_at: '2026-11-29T10:00:00Z',
  }
}

function claimed(type: 'notification' | 'digest', rows: ClaimedNotification[], more = 0): ClaimedNotificationMail {
  const base = { claim: crypto.randomUUID(), claimed_until: '2026-11-29T10:05:00Z', to: 'lucia@example.com' }
  return { ...base, type, locale: 'es', name: 'Lucía', role: 'client', notifications: rows, more }
}

describe('renderOutboxMail', () => {
  it('renders one notification on its own, linking to its place in the portal', () => {
    const mail = renderOutboxMail(claimed('notification', [row('Nuevo documento disponible')]), origin)
    expect(mail.to).toBe('lucia@example.com')
    expect(mail.subject).toBe('Nuevo documento disponible')
    expect(mail.text).toContain(`${origin}/es/client-portal/dashboard/projects/${project}#documents`)
  })

  it('renders a digest of one like that notification, and a longer one with the count left out', () => {
    expect(renderOutboxMail(claimed('digest', [row('Solo uno')]), origin).subject).toBe('Solo uno')
    const digest = renderOutboxMail(claimed('digest', [row('A'), row('B')], 3), origin)
    expect(digest.subject).toBe('Tiene 5 notificaciones nuevas en Cauce Data')
    expect(digest.text).toContain(`${origin}/es/client-portal/dashboard/notifications`)
  })

  it("links every notification e-mail to the reader's settings page, in their area and language", () => {
    const cases = [
      { locale: 'es', role: 'client', page: `${origin}/es/client-portal/dashboard/notification-settings` },
      { locale: 'en', role: 'client', page: `${origin}/en/client-portal/dashboard/notification-settings` },
      { locale: 'es', role: 'admin', page: `${origin}/es/admin/dashboard/notification-settings` },
      { locale: 'en', role: 'super_admin', page: `${origin}/en/admin/dashboard/notification-settings` },
    ]
    for (const { locale, role, page } of cases)
      for (const rows of [[row('Uno')], [row('Uno'), row('Dos')]]) {
        const mail = renderOutboxMail({ ...claimed('digest', rows), locale, role }, origin)
        expect(mail.text).toContain(`\n${page}\n`)
        expect(mail.html).toContain(`<a href="${page}"`)
        expect(mail.text).toContain(
          locale === 'es' ? 'configuración de notificaciones:' : 'in your notification settings:',
        )
      }
  })

  it('renders a contact acknowledgement in the language of the page, Spanish for anything else', () => {
    const base = { claim: crypto.randomUUID(), claimed_until: '', to: 'v@example.org' } as const
    expect(renderOutboxMail({ ...base, type: 'contact_acknowledgement', locale: 'en' }, origin).subject).toBe(
      'We have received your message',
    )
    expect(renderOutboxMail({ ...base, type: 'contact_acknowledgement', locale: 'xx' }, origin).subject).toBe(
      'Hemos recibido su mensaje',
    )
  })

  // Issue 23, minor 9.
  const about = (entity_type: string, kind: string, quotes_person?: boolean): ClaimedNotification => ({
    ...row('Aviso'),
    kind,
    entity_type,
    body: 'Marta ha escrito en el proyecto Cuadro de mando: «@Lucía Martín mira esto»',
    quotes_person,
  })
  const staff = (rows: ClaimedNotification[]): ClaimedNotificationMail => ({
    ...claimed('notification', rows),
    role: 'admin',
  })

  it('opens the message itself, in its project’s conversation, in either area', () => {
    const message = about('conversation_message', 'conversation_mention', true)
    const client = renderOutboxMail(claimed('notification', [message]), origin)
    expect(client.text).toContain(
      `${origin}/es/client-portal/dashboard/projects/${project}/conversation#message-${message.entity_id}`,
    )
    expect(renderOutboxMail(staff([message]), origin).text).toContain(
      `${origin}/es/admin/dashboard/projects/${project}/conversation#message-${message.entity_id}`,
    )
  })

  it('opens an approval among the project’s approvals, not the project', () => {
    const request = about('approval_request', 'approval_requested')
    expect(renderOutboxMail(claimed('notification', [request]), origin).text).toContain(
      `${origin}/es/client-portal/dashboard/projects/${project}#approvals`,
    )
    expect(renderOutboxMail(staff([request]), origin).text).toContain(
      `${origin}/es/admin/dashboard/projects/${project}/approvals`,
    )
  })

  it('says whose the quoted words are only when a person wrote them, and keeps a quoted mention whole', () => {
    const warning = 'El texto entre comillas lo escribió la persona indicada'
    const firm = { ...row('Nuevo documento disponible'), body: '«Plan de datos» ya está disponible en el proyecto X.' }
    expect(renderOutboxMail(claimed('notification', [firm]), origin).text).not.toContain(warning)
    expect(renderOutboxMail(claimed('digest', [firm, { ...firm, id: 'b' }]), origin).text).not.toContain(warning)
    const words = about('conversation_message', 'conversation_mention', true)
    const mail = renderOutboxMail(claimed('notification', [words]), origin)
    expect(mail.text).toContain(warning)
    expect(mail.text).toContain('«@Lucía Martín mira esto»')
    expect(renderOutboxMail(claimed('digest', [firm, words]), origin).text).toContain(warning)
  })
})
