// The "Reply by e-mail" link: a mailto: with a subject and a greeting in the lead's language
// (not the reader's: the reply goes to the visitor), quoting their message below.
import { siteConfig } from '@/config/site'
import { mailtoHref } from '@/lib/email-address'

const templates = {
  es: {
    subject: `Su consulta a ${siteConfig.name}`,
    greeting: (name: string) => `Estimado/a ${name}:\n\nGracias por escribirnos.\n\n`,
    quoteIntro: (date: string) => `El ${date} escribió:`,
  },
  en: {
    subject: `Your enquiry to ${siteConfig.name}`,
    greeting: (name: string) => `Dear ${name},\n\nThank you for getting in touch.\n\n`,
    quoteIntro: (date: string) => `On ${date} you wrote:`,
  },
} as const

/** Long messages are cut: some mail programs refuse very long mailto: links. */
const quoteLimit = 1200

export function replyHref(lead: { email: string; name: string; locale: string; message: string; created_at: string }) {
  const language = lead.locale === 'en' ? 'en' : 'es'
  const template = templates[language]
  const date = new Intl.DateTimeFormat(language, { dateStyle: 'long' }).format(new Date(lead.created_at))
  const message = lead.message.length > quoteLimit ? `${lead.message.slice(0, quoteLimit)}…` : lead.message
  const quoted = message
    .split(/\r?\n/)
    .map((line) => `> ${line}`)
    .join('\n')
  const body = `${template.greeting(lead.name.trim())}\n\n${template.quoteIntro(date)}\n${quoted}\n`
  return mailtoHref(lead.email, { subject: template.subject, body })
}
