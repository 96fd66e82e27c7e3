// The re-authentication code (GET /reauthenticate): six digits that confirm a sensitive change,
// such as a new password, from a signed-in session. No link: the code is typed on the page.
import { renderMail, type MailLocale, type RenderedMail } from './layout.ts'

const copy = {
  es: (code: string) => ({
    subject: `${code} es su código de verificación de Cauce Data`,
    intro: [
      'Hola:',
      `Su código para confirmar el cambio en su cuenta de Cauce Data es: ${code}`,
      'Introdúzcalo en la página en la que lo ha pedido. Es válido durante 1 hora y solo puede usarse una vez.',
    ],
    outro: ['Si no ha pedido este código, alguien puede estar usando su sesión: cambie su contraseña y avísenos.'],
  }),
  en: (code: string) => ({
    subject: `${code} is your Cauce Data verification code`,
    intro: [
      'Hello,',
      `Your code to confirm the change to your Cauce Data account is: ${code}`,
      'Enter it on the page where you asked for it. It is valid for 1 hour and can be used only once.',
    ],
    outro: ['If you did not ask for this code, someone may be using your session: change your password and tell us.'],
  }),
} satisfies Record<MailLocale, (code: string) => { subject: string; intro: string[]; outro: string[] }>

export function reauthenticationMail(locale: MailLocale, code: string): RenderedMail {
  return renderMail({ locale, ...copy[locale](code) })
}
