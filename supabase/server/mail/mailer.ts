// Outgoing e-mail over SMTP (nodemailer). In development and tests SMTP_URL points at the
// local catcher; in production at the firm's provider.
import nodemailer from 'nodemailer'

export interface OutgoingMail {
  to: string
  subject: string
  text: string
  html: string
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>
  close(): void
}

export function createMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl)
  return {
    async send(mail) {
      await transport.sendMail({ from, ...mail })
    },
    close: () => transport.close(),
  }
}
