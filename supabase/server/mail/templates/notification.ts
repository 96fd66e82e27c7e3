// The e-mail copy of an in-app notification. Its title and body were written by the database in
// the recipient's language; this adds the greeting, a button to the right page and the footer.
import { renderMail, type MailLocale, type RenderedMail } from './layout'

export interface NotificationMailParams {
  name: string
  title: string
  body: string
  link: string
  audience: 'client' | 'staff'
}

const copy = {
  es: (p: NotificationMailParams) => ({
    greeting: p.name ? `Hola, ${p.name}:` : 'Hola:',
    action: p.audience === 'client' ? 'Abrir el portal de clientes' : 'Abrir el panel de administración',
    why:
      p.audience === 'client'
        ? 'Recibe este correo porque es usuario del portal de clientes de Cauce Data. Todas sus notificaciones están en el portal.'
        : 'Recibe este correo porque forma parte del equipo de Cauce Data.',
  }),
  en: (p: NotificationMailParams) => ({
    greeting: p.name ? `Hello ${p.name},` : 'Hello,',
    action: p.audience === 'client' ? 'Open the client portal' : 'Open the admin dashboard',
    why:
      p.audience === 'client'
        ? 'You receive this e-mail as a user of the Cauce Data client portal. All your notifications are in the portal.'
        : 'You receive this e-mail as a member of the Cauce Data team.',
  }),
} satisfies Record<MailLocale, (p: NotificationMailParams) => { greeting: string; action: string; why: string }>

export function notificationMail(locale: MailLocale, params: NotificationMailParams): RenderedMail {
  const text = copy[locale](params)
  return renderMail({
    locale,
    subject: params.title,
    intro: [text.greeting, params.body || params.title],
    action: { label: text.action, url: params.link },
    outro: [text.why],
  })
}
