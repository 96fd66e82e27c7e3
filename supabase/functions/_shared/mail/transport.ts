// How an e-mail leaves, by MAIL_TRANSPORT: over SMTP (nodemailer, which runs on Node and on Deno)
// or as one POST to an HTTP e-mail API. Our server's auth e-mails and the send-notifications
// function use the same two. Each wait is bounded by `timeoutMs`: a sender must finish its sends
// well within its claim's lease.
import nodemailer from 'nodemailer'
import type { MailDestination } from './settings.ts'

export interface OutgoingMail {
  to: string
  subject: string
  text: string
  html: string
}

export interface MailTransport {
  /** Resolves once the e-mail was accepted; rejects when it was not (then it may be tried again). */
  send(mail: OutgoingMail): Promise<void>
  close(): void
}

export interface TransportOptions {
  from: string
  timeoutMs: number
}

export function mailTransport(destination: MailDestination, options: TransportOptions): MailTransport {
  return destination.transport === 'http'
    ? httpTransport(destination.apiUrl, destination.apiKey, options)
    : smtpTransport(destination.smtpUrl, options)
}

function smtpTransport(url: string, { from, timeoutMs }: TransportOptions): MailTransport {
  const bounded = (fallback: number) => Math.min(fallback, timeoutMs)
  const transport = nodemailer.createTransport({
    url,
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

/** How much of a refusal's body goes into the error (the log line): enough to say why. */
const refusalChars = 300

function httpTransport(url: string, key: string, { from, timeoutMs }: TransportOptions): MailTransport {
  return {
    async send(mail) {
      const response = await fetch(url, {
        method: 'POST',
        headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ from, to: mail.to, subject: mail.subject, html: mail.html, text: mail.text }),
        signal: AbortSignal.timeout(timeoutMs),
      })
      if (response.ok) {
        await response.body?.cancel()
        return
      }
      const reason = (await response.text().catch(() => '')).slice(0, refusalChars)
      throw new Error(`the e-mail API answered ${response.status}${reason ? `: ${reason}` : ''}`)
    },
    close: () => undefined,
  }
}
