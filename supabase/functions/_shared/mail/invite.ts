// The invitation to the client portal, in Spanish and English. The link signs the person in and
// lands on the site, where they choose their password; it is valid for 24 hours and once.
import { renderLinkMail, type LinkMailCopy, type MailLocale, type RenderedMail } from './layout.ts'

export interface InviteMailParams {
  email: string
  link: string
  /** The name staff typed for the person, and the staff member who invited them ('' or absent: none). */
  name?: string
  inviter?: string
}

const copy = {
  es: (p: InviteMailParams) => ({
    subject: 'Le damos la bienvenida al portal de clientes de Cauce Data',
    intro: [
      p.name ? `Hola, ${p.name}:` : 'Hola:',
      `${p.inviter ? `${p.inviter}, de Cauce Data, le ha invitado al` : 'Cauce Data le ha invitado a su'} portal de clientes con la dirección ${p.email}. Desde él podrá seguir sus proyectos, documentos e informes.`,
    ],
    action: 'Aceptar la invitación y elegir contraseña',
    outro: [
      'El enlace es válido durante 24 horas y solo puede usarse una vez.',
      'Si no esperaba esta invitación, puede ignorar este mensaje.',
    ],
  }),
  en: (p: InviteMailParams) => ({
    subject: 'Welcome to the Cauce Data client portal',
    intro: [
      p.name ? `Hello ${p.name},` : 'Hello,',
      `${p.inviter ? `${p.inviter} at Cauce Data has invited ${p.email} to the` : `Cauce Data has invited ${p.email} to its`} client portal, where you can follow your projects, documents and reports.`,
    ],
    action: 'Accept the invitation and choose a password',
    outro: [
      'The link is valid for 24 hours and can be used only once.',
      'If you were not expecting this invitation, you can ignore this e-mail.',
    ],
  }),
} satisfies Record<MailLocale, (p: InviteMailParams) => LinkMailCopy>

export function inviteMail(locale: MailLocale, params: InviteMailParams): RenderedMail {
  return renderLinkMail(locale, copy[locale](params), params.link)
}
