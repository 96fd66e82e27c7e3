// Where the project's e-mail goes: where MAIL_TRANSPORT sends it or, without a destination
// (development and tests; production refuses to start), to the local catcher. The server sends none
// itself: the functions that do (send-auth-email, send-notifications) get it among their settings.
import { mailDestination, type MailDestination } from '../../functions/_shared/mail/settings.ts'
import { defaultMailCatcherPort, type Env } from '../env'
import { MailCatcher } from './catcher'

export interface ServerMail {
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
    const base = env.MAIL_CATCHER_PORT ?? (env.NODE_ENV === 'test' ? 0 : defaultMailCatcherPort)
    const port = (offset: number) => (base === 0 ? 0 : base + offset)
    destination =
      env.MAIL_TRANSPORT === 'http'
        ? { transport: 'http', apiUrl: await catcher.listenHttp(port(0)), apiKey: catcher.apiKey }
        : { transport: 'smtp', smtpUrl: await catcher.listenSmtp(port(1)) }
  }
  return { destination, catcher }
}
