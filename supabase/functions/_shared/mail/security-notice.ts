// Security notices: e-mails that tell the owner of an account about a change they may not have
// made themselves (a second factor added or removed, the password changed), as GoTrue's security
// notifications do, and that it was locked after failed attempts (sent by the e-mail outbox). They
// carry no link that acts on the account: a notice must be safe to receive when it is unexpected.
import { renderMail, type MailLocale, type RenderedMail } from './layout.ts'

export type SecurityNoticeKind =
  'factor_added' | 'factor_removed' | 'factors_reset_by_staff' | 'failed_sign_ins' | 'failed_codes' | 'password_changed'

export interface SecurityNoticeParams {
  email: string
  /** The factor's name as the person gave it (may be empty). */
  factorName: string
  /** The factor is a passkey (Auth's factor_type `webauthn`), not an authenticator app. */
  passkey?: boolean
}

const esDevice = (p: SecurityNoticeParams) => (p.passkey ? 'la llave de acceso' : 'la aplicación de autenticación')
const enDevice = (p: SecurityNoticeParams) => (p.passkey ? 'passkey' : 'authenticator app')

type Copy = { subject: string; intro: string[]; outro: string[] }

const named = (name: string, fallback: string) => (name ? `“${name}”` : fallback)

const copy: Record<MailLocale, Record<SecurityNoticeKind, (p: SecurityNoticeParams) => Copy>> = {
  es: {
    factor_added: (p) => ({
      subject: 'Se ha añadido un método de verificación en dos pasos a su cuenta',
      intro: [
        'Hola:',
        `Se ha añadido ${esDevice(p)} ${named(p.factorName, 'nueva')} a la cuenta de Cauce Data ${p.email}. A partir de ahora puede usar ${p.passkey ? 'esa llave' : 'sus códigos'} para entrar.`,
      ],
      outro: ['Si no ha sido usted, cambie su contraseña y póngase en contacto con Cauce Data cuanto antes.'],
    }),
    factor_removed: (p) => ({
      subject: 'Se ha quitado un método de verificación en dos pasos de su cuenta',
      intro: [
        'Hola:',
        `Se ha quitado ${esDevice(p)} ${named(p.factorName, 'que tenía configurada')} de la cuenta de Cauce Data ${p.email}.`,
      ],
      outro: ['Si no ha sido usted, cambie su contraseña y póngase en contacto con Cauce Data cuanto antes.'],
    }),
    factors_reset_by_staff: (p) => ({
      subject: 'Cauce Data ha quitado un método de verificación en dos pasos de su cuenta',
      intro: [
        'Hola:',
        `El equipo de Cauce Data ha quitado ${esDevice(p)} ${named(p.factorName, 'que tenía configurada')} de la cuenta ${p.email}, normalmente porque usted ha perdido el acceso a ella.`,
        'Si ya no le queda ninguna, puede entrar solo con su contraseña: le recomendamos volver a activar la verificación en dos pasos desde la página «Cuenta» del portal.',
      ],
      outro: ['Si no lo ha pedido usted, póngase en contacto con Cauce Data cuanto antes.'],
    }),
    failed_sign_ins: (p) => ({
      subject: 'Varios intentos fallidos de entrar en su cuenta de Cauce Data',
      intro: [
        'Hola:',
        `Se ha intentado entrar varias veces con una contraseña incorrecta en la cuenta de Cauce Data ${p.email}. Por seguridad, la entrada con contraseña queda bloqueada durante unos minutos.`,
      ],
      outro: [
        'Si ha sido usted, espere unos minutos o restablezca su contraseña. Si no, le recomendamos cambiarla y activar la verificación en dos pasos.',
      ],
    }),
    failed_codes: (p) => ({
      subject: 'Varios códigos de verificación incorrectos en su cuenta de Cauce Data',
      intro: [
        'Hola:',
        `Se han introducido varios códigos de verificación incorrectos tras la contraseña de la cuenta de Cauce Data ${p.email}. Por seguridad, la verificación queda bloqueada durante unos minutos.`,
      ],
      outro: ['Si no ha sido usted, alguien conoce su contraseña: cámbiela cuanto antes.'],
    }),
    password_changed: (p) => ({
      subject: 'Se ha cambiado la contraseña de su cuenta de Cauce Data',
      intro: [
        'Hola:',
        `Se ha cambiado la contraseña de la cuenta de Cauce Data ${p.email}. Las demás sesiones abiertas con ella se han cerrado.`,
      ],
      outro: [
        'Si no ha sido usted, restablezca su contraseña desde la página de acceso («¿Olvidó su contraseña?») y póngase en contacto con Cauce Data cuanto antes.',
      ],
    }),
  },
  en: {
    factor_added: (p) => ({
      subject: 'A two-step verification method was added to your account',
      intro: [
        'Hello,',
        `The ${enDevice(p)} ${named(p.factorName, '(unnamed)')} was added to the Cauce Data account ${p.email}. ${p.passkey ? 'It' : 'Its codes'} can now be used to sign in.`,
      ],
      outro: ['If this was not you, change your password and contact Cauce Data as soon as possible.'],
    }),
    factor_removed: (p) => ({
      subject: 'A two-step verification method was removed from your account',
      intro: [
        'Hello,',
        `The ${enDevice(p)} ${named(p.factorName, 'you had set up')} was removed from the Cauce Data account ${p.email}.`,
      ],
      outro: ['If this was not you, change your password and contact Cauce Data as soon as possible.'],
    }),
    factors_reset_by_staff: (p) => ({
      subject: 'Cauce Data removed a two-step verification method from your account',
      intro: [
        'Hello,',
        `The Cauce Data team removed the ${enDevice(p)} ${named(p.factorName, 'you had set up')} from the account ${p.email}, usually because you lost access to it.`,
        'If none is left, you can sign in with your password alone: we recommend turning two-step verification on again from the “Account” page of the portal.',
      ],
      outro: ['If you did not ask for this, contact Cauce Data as soon as possible.'],
    }),
    failed_sign_ins: (p) => ({
      subject: 'Several failed attempts to sign in to your Cauce Data account',
      intro: [
        'Hello,',
        `Someone tried several times to sign in to the Cauce Data account ${p.email} with a wrong password. For your security, signing in with a password is blocked for a few minutes.`,
      ],
      outro: [
        'If this was you, wait a few minutes or reset your password. If not, we recommend changing it and turning on two-step verification.',
      ],
    }),
    failed_codes: (p) => ({
      subject: 'Several wrong verification codes on your Cauce Data account',
      intro: [
        'Hello,',
        `Several wrong verification codes were entered after the password of the Cauce Data account ${p.email}. For your security, verification is blocked for a few minutes.`,
      ],
      outro: ['If this was not you, someone knows your password: change it as soon as possible.'],
    }),
    password_changed: (p) => ({
      subject: 'The password of your Cauce Data account was changed',
      intro: [
        'Hello,',
        `The password of the Cauce Data account ${p.email} was changed. Any other sessions open with it were signed out.`,
      ],
      outro: [
        'If this was not you, reset your password from the sign-in page (“Forgot your password?”) and contact Cauce Data as soon as possible.',
      ],
    }),
  },
}

export function securityNoticeMail(
  kind: SecurityNoticeKind,
  locale: MailLocale,
  params: SecurityNoticeParams,
): RenderedMail {
  return renderMail({ locale, ...copy[locale][kind](params) })
}
