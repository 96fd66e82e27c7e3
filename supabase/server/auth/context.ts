// What the auth handlers share: the server's dependencies, the auth runtime, and the Hono
// environment through which the guards hand the authenticated caller to a handler.
import type { ServerDeps } from '../deps'
import type { JwtPayload } from '../lib/jwt'
import type { AuthRuntime } from './runtime'
import type { SessionRow } from './sessions'
import type { UserRow } from './users'

export interface AuthContext {
  deps: ServerDeps
  runtime: AuthRuntime
}

export interface Caller {
  user: UserRow
  /** Null only for a JWT minted without `session_id` (e.g. by a script holding the secret). */
  session: SessionRow | null
  claims: JwtPayload
}

export type AuthEnv = { Variables: { caller: Caller } }

/** The current time as a Date, from the runtime's clock. */
export function nowOf(ctx: AuthContext): Date {
  return new Date(ctx.runtime.clock.now())
}
