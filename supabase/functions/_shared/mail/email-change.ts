// Confirming a change of e-mail address. Both addresses get a link: the current one proves the
// owner asked for it, the new one that the address is theirs. The change applies after both.
import { renderLinkMail, type LinkMailCopy, type MailLocale, type RenderedMail } from './layout.ts'

export interface EmailChangeMailParams {
  /** The address this copy goes to. */
  to: string
  currentEmail: string
  newEmail: string
  link: string
}

const copy = {
  es: (p: EmailChangeMailParams) => ({
    subject: 'Confirme el cambio de correo electrónico de su cuenta de Cauce Data',
    intro: [
      'Hola:',
      `Se ha pedido cambiar el correo electrónico de la cuenta de Cauce Data de ${p.currentEmail} a ${p.newEmail}.`,
      'El cambio se aplicará cuando se confirme desde las dos direcciones: esta y la otra.',
    ],
    action: 'Confirmar el cambio',
    outro: [
      'El enlace es válido durante 1 hora y solo puede usarse una vez.',
      'Si no ha pedido este cambio, no haga nada: el correo de la cuenta seguirá siendo el mismo. Le recomendamos cambiar su contraseña.',
    ],
  }),
  en: (p: EmailChangeMailParams) => ({
    subject: 'Confirm the new e-mail address of your Cauce Data account',
    intro: [
      'Hello,',
      `A change of the Cauce Data account's e-mail address from ${p.currentEmail} to ${p.newEmail} was requested.`,
      'The change applies once it is confirmed from both addresses: this one and the other.',
    ],
    action: 'Confirm the change',
    outro: [
      'The link is valid for 1 hour and can be used only once.',
      'If you did not ask for this, do nothing: the account keeps its address. We recommend changing your password.',
    ],
  }),
} satisfies Record<MailLocale, (p: EmailChangeMailParams) => LinkMailCopy>

export function emailChangeMail(locale: MailLocale, params: EmailChangeMailParams): RenderedMail {
  return renderLinkMail(locale, copy[locale](params), params.link)
}
