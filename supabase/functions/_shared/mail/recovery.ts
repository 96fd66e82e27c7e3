// The password-reset e-mail, in Spanish and English. The link is valid for one hour and once.
import { renderLinkMail, type LinkMailCopy, type MailLocale, type RenderedMail } from './layout.ts'

export interface RecoveryMailParams {
  email: string
  link: string
}

const copy = {
  es: (p: RecoveryMailParams) => ({
    subject: 'Restablezca su contraseña de Cauce Data',
    intro: [
      'Hola:',
      `Hemos recibido una solicitud para restablecer la contraseña de la cuenta de Cauce Data asociada a ${p.email}.`,
    ],
    action: 'Elegir una nueva contraseña',
    outro: [
      'El enlace es válido durante 1 hora y solo puede usarse una vez.',
      'Si no ha pedido este cambio, ignore este mensaje: su contraseña seguirá siendo la misma.',
    ],
  }),
  en: (p: RecoveryMailParams) => ({
    subject: 'Reset your Cauce Data password',
    intro: ['Hello,', `We received a request to reset the password of the Cauce Data account for ${p.email}.`],
    action: 'Choose a new password',
    outro: [
      'The link is valid for 1 hour and can be used only once.',
      'If you did not ask for this, ignore this e-mail: your password will stay the same.',
    ],
  }),
} satisfies Record<MailLocale, (p: RecoveryMailParams) => LinkMailCopy>

export function recoveryMail(locale: MailLocale, params: RecoveryMailParams): RenderedMail {
  return renderLinkMail(locale, copy[locale](params), params.link)
}
