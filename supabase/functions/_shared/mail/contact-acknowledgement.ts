// To the person who wrote through the contact form: the message arrived, and what happens next.
// It repeats nothing they typed (not even their name): anyone can put any address into the form,
// so this e-mail must carry no text a stranger chose to someone who may never have written.
import { siteConfig } from '../site.ts'
import { renderMail, type MailLocale, type RenderedMail } from './layout.ts'

const copy = {
  es: {
    subject: 'Hemos recibido su mensaje',
    intro: [
      'Hola:',
      'Gracias por escribir a Cauce Data. Hemos recibido su mensaje y un consultor le responderá en un día laborable, normalmente con algunas preguntas y opciones para una llamada de 30 minutos.',
    ],
    outro: [
      `Si quiere añadir algo, responda a nuestro correo cuando le escribamos o escríbanos a ${siteConfig.email}.`,
      'Si no nos ha escrito usted, ignore este correo: no volveremos a escribirle.',
    ],
  },
  en: {
    subject: 'We have received your message',
    intro: [
      'Hello,',
      'Thank you for writing to Cauce Data. We have received your message and a consultant will reply within one business day, usually with a few questions and some options for a 30-minute call.',
    ],
    outro: [
      `If you want to add something, reply when we write to you or write to us at ${siteConfig.email}.`,
      'If you did not write to us, ignore this e-mail: we will not write to you again.',
    ],
  },
} satisfies Record<MailLocale, { subject: string; intro: string[]; outro: string[] }>

export function contactAcknowledgementMail(locale: MailLocale): RenderedMail {
  return renderMail({ locale, ...copy[locale] })
}
