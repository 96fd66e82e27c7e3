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

/**
 * `timeoutMs` bounds each wait of an SMTP exchange (connecting, the greeting, an idle socket) below
 * nodemailer's defaults: the outbox's sends must end well within their claim's lease.
 */
export function createMailer(smtpUrl: string, from: string, { timeoutMs }: { timeoutMs?: number } = {}): Mailer {
  const bounded = (fallback: number) => Math.min(fallback, timeoutMs ?? fallback)
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: bounded(120_000),
    greetingTimeout: bounded(30_000),
    socketTimeout: bounded(600_000),
  })
  return {
    async send(mail) {
      await transport.sendMail({ from, ...mail })
    },
    close: () => transport.close(),
  }
}
