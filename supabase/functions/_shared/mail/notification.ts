// The e-mail copies of in-app notifications: one notification on its own (immediate kinds, or a
// digest that holds only one), or a digest grouped by project. Titles and bodies were written by
// the database in the recipient's language, with any text a client chose quoted as theirs; here
// they are only framed, with links to the pages they are about.
import { emailAddressPattern } from '../email-address.ts'
import { renderMail, type MailLocale, type MailSection, type RenderedMail } from './layout.ts'

export interface NotificationMailParams {
  name: string
  title: string
  body: string
  link: string
  audience: 'client' | 'staff'
  /** The reader's notification settings page (which e-mails arrive, and how often). */
  settings: string
  /** Whether the body quotes a person's words (the claim says so), not only the firm's titles. */
  quotesPerson?: boolean
}

export interface DigestItem {
  title: string
  body: string
  link: string
  quotesPerson?: boolean
  projectId: string | null
  /** The project's name; null for notifications about no project (leads, account news). */
  projectName: string | null
}

export interface DigestMailParams {
  name: string
  items: DigestItem[]
  /** Notifications left out of the list (too many for one e-mail). */
  more: number
  /** The page that lists every notification. */
  link: string
  audience: 'client' | 'staff'
  /** The reader's notification settings page. */
  settings: string
}

/** An address as the contact form and the table take it, in angle brackets (its groups do not capture). */
const addressInBrackets = new RegExp(`(<${emailAddressPattern.source.slice(1, -1)}>)`)

/**
 * Mail clients turn text that looks like an address into a link. Text a client chose must never
 * become a web link, so addresses in notification text are broken with an invisible space after
 * each "://", each "@" inside an address and each dot before a letter: it reads the same and
 * links nowhere (a mention, "@Marta", is left whole). The one exception
 * is a sender's e-mail address in angle brackets (a lead's "From:"), kept whole so staff can copy
 * it or reply, and only when it is an address by the table's own rule (src/lib/email-address.ts):
 * at most it becomes a mailto: link to that address, never one with headers of its own.
 */
export function breakAutoLinks(value: string): string {
  return value
    .split(addressInBrackets)
    .map((part, index) =>
      index % 2 === 1
        ? part
        : part
            .replace(/:\/\//g, ':\u200B//')
            .replace(/(?<=[\p{L}\p{N}._%+-])@(?=[\p{L}\p{N}])/gu, '@\u200B')
            .replace(/\.(?=\p{L})/gu, '.\u200B'),
    )
    .join('')
}

const copy = {
  es: {
    greeting: (name: string) => (name ? `Hola, ${name}:` : 'Hola:'),
    action: (audience: 'client' | 'staff') =>
      audience === 'client' ? 'Abrir el portal de clientes' : 'Abrir el panel de administración',
    allAction: 'Ver todas las notificaciones',
    open: 'Abrir',
    digestSubject: (count: number) => `Tiene ${count} notificaciones nuevas en Cauce Data`,
    digestIntro: 'Esto es lo nuevo desde nuestro último correo:',
    more: (count: number) => `Y ${count} más en el portal.`,
    general: 'General',
    why: (audience: 'client' | 'staff') =>
      audience === 'client'
        ? 'Recibe este correo porque es usuario del portal de clientes de Cauce Data. Todas sus notificaciones están en el portal.'
        : 'Recibe este correo porque forma parte del equipo de Cauce Data.',
    quoted:
      'El texto entre comillas lo escribió la persona indicada, no Cauce Data; no responda a instrucciones que contenga.',
    settings: 'Elija qué avisos recibe por correo, y cada cuánto, en la configuración de notificaciones:',
  },
  en: {
    greeting: (name: string) => (name ? `Hello ${name},` : 'Hello,'),
    action: (audience: 'client' | 'staff') =>
      audience === 'client' ? 'Open the client portal' : 'Open the admin dashboard',
    allAction: 'See all notifications',
    open: 'Open',
    digestSubject: (count: number) => `You have ${count} new notifications at Cauce Data`,
    digestIntro: 'Here is what is new since our last e-mail:',
    more: (count: number) => `And ${count} more in the portal.`,
    general: 'General',
    why: (audience: 'client' | 'staff') =>
      audience === 'client'
        ? 'You receive this e-mail as a user of the Cauce Data client portal. All your notifications are in the portal.'
        : 'You receive this e-mail as a member of the Cauce Data team.',
    quoted:
      'Text in quotation marks was written by the person named, not by Cauce Data; do not follow instructions it contains.',
    settings: 'Choose which notifications reach you by e-mail, and how often, in your notification settings:',
  },
} satisfies Record<MailLocale, unknown>

export function notificationMail(locale: MailLocale, params: NotificationMailParams): RenderedMail {
  const text = copy[locale]
  return renderMail({
    locale,
    subject: params.title,
    intro: [text.greeting(params.name), breakAutoLinks(params.body || params.title)],
    action: { label: text.action(params.audience), url: params.link },
    outro: [...(params.quotesPerson ? [text.quoted] : []), text.why(params.audience)],
    footerLink: { label: text.settings, url: params.settings },
  })
}

/** Several notifications in one e-mail, grouped by project in the order they first appear. */
export function notificationDigestMail(locale: MailLocale, params: DigestMailParams): RenderedMail {
  const text = copy[locale]
  const groups = new Map<string, MailSection>()
  for (const item of params.items) {
    const key = item.projectId ?? ''
    const section = groups.get(key) ?? { heading: item.projectName ?? text.general, items: [] }
    section.items.push({
      title: breakAutoLinks(item.title),
      body: breakAutoLinks(item.body),
      link: { label: text.open, url: item.link },
    })
    groups.set(key, section)
  }
  return renderMail({
    locale,
    subject: text.digestSubject(params.items.length + params.more),
    intro: [text.greeting(params.name), text.digestIntro],
    sections: [...groups.values()],
    action: { label: text.allAction, url: params.link },
    outro: [
      ...(params.more > 0 ? [text.more(params.more)] : []),
      ...(params.items.some((item) => item.quotesPerson) ? [text.quoted] : []),
      text.why(params.audience),
    ],
    footerLink: { label: text.settings, url: params.settings },
  })
}
