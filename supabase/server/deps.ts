// What every API handler may use, created once per server: configuration, the database, the
// JWT keys, outgoing mail, and where uploads are stored.
import type { Database } from './db/database'
import type { Env } from './env'
import type { JwtKeys } from './lib/jwt'
import type { MailCatcher } from './mail/catcher'

export interface ServerDeps {
  env: Env
  db: Database
  keys: JwtKeys
  /** Origin of the site, for e-mail links and redirect checks (no trailing slash). */
  siteOrigin: string
  /** Origin of the APIs as the outside sees them (API_EXTERNAL_URL; the site's by default): issuer, verify links. */
  apiOrigin: string
  /** Folder that holds uploaded file bytes. */
  storageDir: string
  /** Present when the server runs its own development mail catcher. */
  catcher?: MailCatcher
  /** The environment the project's functions get when they run in-process (functions/settings.ts). */
  functionSettings: Record<string, string>
  /** A request to this app's /functions/v1 (in-process, or forwarded to FUNCTIONS_URL): hooks call through it. */
  callFunction: (request: Request) => Promise<Response>
}
