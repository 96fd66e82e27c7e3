// The server's outgoing mail: where MAIL_TRANSPORT sends it or, without a destination (development
// and tests; production refuses to start), to the local catcher. The auth e-mails go through
// `mailer`; the send-notifications function is given the same destination among its settings.
import { mailDestination, type MailDestination } from '../../functions/_shared/mail/settings.ts'
import { mailTransport, type MailTransport } from '../../functions/_shared/mail/transport.ts'
import type { Env } from '../env'
import { MailCatcher } from './catcher'

export type Mailer = MailTransport

export interface ServerMail {
  mailer: Mailer
  destination: MailDestination
  /** Present when the server runs its own development mail catcher. */
  catcher?: MailCatcher
}

export async function setUpMail(env: Env): Promise<ServerMail> {
  let destination = mailDestination(env)
  let catcher: MailCatcher | undefined
  if ('missing' in destination) {
    catcher = new MailCatcher()
    // Fixed ports in development, so a mail client can be pointed at them; free ones in tests.
    const port = (offset: number) => (env.NODE_ENV === 'test' ? 0 : env.MAIL_CATCHER_PORT + offset)
    destination =
      env.MAIL_TRANSPORT === 'http'
        ? { transport: 'http', apiUrl: await catcher.listenHttp(port(0)), apiKey: catcher.apiKey }
        : { transport: 'smtp', smtpUrl: await catcher.listenSmtp(port(1)) }
  }
  // Each wait of a send ends within a quarter of the outbox's lease (decision 0019).
  const mailer = mailTransport(destination, { from: env.MAIL_FROM, timeoutMs: (env.MAIL_LEASE_SECONDS * 1000) / 4 })
  return { mailer, destination, catcher }
}
