// A development mail catcher: an SMTP server and an HTTP e-mail API (MAIL_TRANSPORT=http) on
// loopback that keep every message in memory, so a person can read outgoing mail in the browser
// (/_dev/mail) and tests can wait for a message, whichever way it was sent.
import { randomBytes } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import PostalMime from 'postal-mime'
import { emailApi } from './catcher-api'

export interface CaughtMail {
  id: number
  to: string[]
  from: string
  subject: string
  text: string
  html: string
  receivedAt: Date
  /** How it arrived: over SMTP or through the HTTP e-mail API. */
  via: 'smtp' | 'http'
}

type Waiter = { match: (mail: CaughtMail) => boolean; resolve: (mail: CaughtMail) => void }

export class MailCatcher {
  private readonly inbox: CaughtMail[] = []
  private waiters: Waiter[] = []
  private nextId = 1
  private readonly server: SMTPServer
  private api: ReturnType<typeof emailApi> | undefined
  private smtpListening = false
  /** The bearer key its HTTP e-mail API asks for (MAIL_API_KEY); new for every catcher. */
  readonly apiKey = randomBytes(24).toString('base64url')

  constructor() {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = []
        stream.on('data', (chunk: Buffer) => chunks.push(chunk))
        stream.on('end', () => {
          PostalMime.parse(Buffer.concat(chunks))
            .then((parsed) => {
              this.receive({
                id: this.nextId++,
                to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
                from: parsed.from?.address ?? '',
                subject: parsed.subject ?? '',
                text: parsed.text ?? '',
                html: parsed.html ?? '',
                receivedAt: new Date(),
                via: 'smtp',
              })
              callback()
            })
            .catch((error: Error) => callback(error))
        })
      },
    })
  }

  /** Starts the SMTP server on loopback; port 0 picks a free one. Resolves to SMTP_URL. */
  listenSmtp(port = 0): Promise<string> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject)
      this.server.listen(port, '127.0.0.1', () => {
        this.smtpListening = true
        const address = this.server.server.address() as AddressInfo
        resolve(`smtp://127.0.0.1:${address.port}`)
      })
    })
  }

  /** Starts the HTTP e-mail API on loopback; port 0 picks a free one. Resolves to MAIL_API_URL. */
  async listenHttp(port = 0): Promise<string> {
    this.api ??= emailApi(this.apiKey, (mail) =>
      this.receive({ ...mail, id: this.nextId++, receivedAt: new Date(), via: 'http' }),
    )
    return this.api.listen(port)
  }

  async close(): Promise<void> {
    const smtp = this.smtpListening ? new Promise<void>((resolve) => this.server.close(() => resolve())) : undefined
    await Promise.all([smtp, this.api?.close()])
  }

  messages(): readonly CaughtMail[] {
    return this.inbox
  }

  /** Resolves with the first message (already caught or still to come) sent to `address`. */
  waitFor(
    address: string,
    predicate: (mail: CaughtMail) => boolean = () => true,
    timeoutMs = 10_000,
  ): Promise<CaughtMail> {
    const match = (mail: CaughtMail) => mail.to.includes(address.toLowerCase()) && predicate(mail)
    const found = this.inbox.find(match)
    if (found) return Promise.resolve(found)
    return new Promise((resolve, reject) => {
      const waiter: Waiter = { match, resolve }
      this.waiters.push(waiter)
      setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter)
        reject(new Error(`No e-mail to ${address} within ${timeoutMs} ms`))
      }, timeoutMs).unref()
    })
  }

  clear(): void {
    this.inbox.length = 0
  }

  private receive(mail: CaughtMail) {
    this.inbox.push(mail)
    for (const waiter of this.waiters.filter((w) => w.match(mail))) {
      waiter.resolve(mail)
    }
    this.waiters = this.waiters.filter((w) => !w.match(mail))
  }
}
