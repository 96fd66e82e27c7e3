// The sign-in link (POST /otp for an existing account) and the sign-up confirmation, in Spanish
// and English. Each carries a link to the site's confirmation page and the same proof as a
// six-digit code, for a person who reads the mail on another device.
import { renderLinkMail, type LinkMailCopy, type MailLocale, type RenderedMail } from './layout.ts'

export interface CodeLinkMailParams {
  email: string
  link: string
  code: string
  minutes: number
}

const duration = {
  es: (minutes: number) =>
    minutes % 60 === 0 ? `${minutes / 60} ${minutes === 60 ? 'hora' : 'horas'}` : `${minutes} minutos`,
  en: (minutes: number) =>
    minutes % 60 === 0 ? `${minutes / 60} ${minutes === 60 ? 'hour' : 'hours'}` : `${minutes} minutes`,
}

const signInCopy = {
  es: (p: CodeLinkMailParams) => ({
    subject: 'Su enlace para entrar en Cauce Data',
    intro: ['Hola:', `Ha pedido entrar en Cauce Data con la dirección ${p.email} sin contraseña.`],
    action: 'Entrar en Cauce Data',
    outro: [
      `También puede escribir este código en la página de acceso: ${p.code}`,
      `El enlace y el código son válidos durante ${duration.es(p.minutes)} y solo pueden usarse una vez.`,
      'Si no lo ha pedido usted, ignore este mensaje: nadie podrá entrar sin él.',
    ],
  }),
  en: (p: CodeLinkMailParams) => ({
    subject: 'Your link to sign in to Cauce Data',
    intro: ['Hello,', `You asked to sign in to Cauce Data as ${p.email} without a password.`],
    action: 'Sign in to Cauce Data',
    outro: [
      `You can also type this code on the sign-in page: ${p.code}`,
      `The link and the code are valid for ${duration.en(p.minutes)} and can be used only once.`,
      'If you did not ask for this, ignore this e-mail: nobody can sign in without it.',
    ],
  }),
} satisfies Record<MailLocale, (p: CodeLinkMailParams) => LinkMailCopy>

const signupCopy = {
  es: (p: CodeLinkMailParams) => ({
    subject: 'Confirme su dirección de correo en Cauce Data',
    intro: [
      'Hola:',
      `Se ha creado una cuenta de Cauce Data con la dirección ${p.email}. Confirme que es suya para empezar a usarla.`,
    ],
    action: 'Confirmar mi dirección',
    outro: [
      `También puede escribir este código: ${p.code}`,
      `El enlace y el código son válidos durante ${duration.es(p.minutes)} y solo pueden usarse una vez.`,
      'Si no ha creado usted esta cuenta, ignore este mensaje.',
    ],
  }),
  en: (p: CodeLinkMailParams) => ({
    subject: 'Confirm your e-mail address for Cauce Data',
    intro: [
      'Hello,',
      `A Cauce Data account was created for ${p.email}. Confirm that the address is yours to start using it.`,
    ],
    action: 'Confirm my address',
    outro: [
      `You can also type this code: ${p.code}`,
      `The link and the code are valid for ${duration.en(p.minutes)} and can be used only once.`,
      'If you did not create this account, ignore this e-mail.',
    ],
  }),
} satisfies Record<MailLocale, (p: CodeLinkMailParams) => LinkMailCopy>

export function signInLinkMail(locale: MailLocale, params: CodeLinkMailParams): RenderedMail {
  return renderLinkMail(locale, signInCopy[locale](params), params.link)
}

export function signupConfirmationMail(locale: MailLocale, params: CodeLinkMailParams): RenderedMail {
  return renderLinkMail(locale, signupCopy[locale](params), params.link)
}
