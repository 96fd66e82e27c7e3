// PostgreSQL errors as PostgREST reports them: the SQLSTATE becomes `code`, the server's message,
// detail and hint pass through, and the HTTP status follows PostgREST's table.
import { isPgError, type PgError } from '../db/database'
import { RestError, restErrors } from './errors'

/** The HTTP status PostgREST gives a SQLSTATE; `authed` is true for a JWT whose role is not anon. */
export function statusForSqlState(code: string, message: string, authed: boolean): number {
  switch (code) {
    case '23503':
    case '23505':
      return 409
    case '25006':
      return 405
    case '21000':
      return message.endsWith('requires a WHERE clause') ? 400 : 500
    case '22023':
      return message.startsWith('role') && message.endsWith('does not exist') ? 401 : 400
    case '42883':
      return 404
    case '42P01':
      return 404
    case '42P17':
      return 500
    case '42501':
      return authed ? 403 : 401
    case '53400':
      return 500
    case '57P01':
      return 503
    // A cancelled statement (the role's statement timeout) answers 400 where PostgREST's table gives
    // class 57 a 500: the request asked for more work than its role may have, which is the
    // caller's to change, not a failure of the server (decision 0018).
    case '57014':
      return 400
    case 'P0001':
      return 400
  }
  if (code.startsWith('PT')) {
    const status = Number(code.slice(2))
    return Number.isInteger(status) && status >= 100 && status <= 599 ? status : 500
  }
  const prefix = code.slice(0, 2)
  if (['08', '53'].includes(prefix)) return 503
  if (['0L', '0P', '28'].includes(prefix)) return 403
  if (['09', '25', '2D', '38', '39', '3B', '40', '54', '55', '57', '58', 'F0', 'HV', 'P0', 'XX'].includes(prefix))
    return 500
  return 400
}

/** Turns anything thrown while serving a request into the error to send. */
export function toRestError(error: unknown, authed: boolean): RestError {
  if (error instanceof RestError) return error
  if (isPgError(error)) return fromPgError(error, authed)
  console.error('rest: unexpected failure', error)
  return restErrors.internal()
}

function fromPgError(error: PgError, authed: boolean): RestError {
  const status = statusForSqlState(error.code, error.message, authed)
  const headers: Record<string, string> = status === 401 ? { 'WWW-Authenticate': 'Bearer' } : {}
  return new RestError(status, error.code, error.message, error.detail ?? null, error.hint ?? null, headers)
}

/** SQLSTATEs after which the schema cache is likely stale (something was dropped or renamed). */
export function suggestsStaleSchema(error: unknown): boolean {
  return isPgError(error) && ['42P01', '42703', '42883'].includes(error.code)
}
