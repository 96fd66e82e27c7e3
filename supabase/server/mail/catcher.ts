// A development mail catcher: an SMTP server that keeps every message in memory, so a person
// can read outgoing mail in the browser (/_dev/mail) and tests can wait for a message.
import { SMTPServer } from 'smtp-server'
import PostalMime from 'postal-mime'
import type { AddressInfo } from 'node:net'

export interface CaughtMail {
  id: number
  to: string[]
  from: string
  subject: string
  text: string
  html: string
  receivedAt: Date
}

type Waiter = { match: (mail: CaughtMail) => boolean; resolve: (mail: CaughtMail) => void }

export class MailCatcher {
  private readonly inbox: CaughtMail[] = []
  private waiters: Waiter[] = []
  private nextId = 1
  private readonly server: SMTPServer

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
              })
              callback()
            })
            .catch((error: Error) => callback(error))
        })
      },
    })
  }

  /** Starts listening on loopback; port 0 picks a free one. Resolves to the SMTP URL. */
  listen(port = 0): Promise<string> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject)
      this.server.listen(port, '127.0.0.1', () => {
        const address = this.server.server.address() as AddressInfo
        resolve(`smtp://127.0.0.1:${address.port}`)
      })
    })
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()))
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
