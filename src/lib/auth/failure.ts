// A failed auth call as the auth machine keeps it (AuthFailure): whether trying again can help,
// and the account lock's time to try again. Free of supabase-js: the sign-in page's messages use it.
import type { AuthError, PostgrestError } from '@supabase/supabase-js'
import type { AuthFailure } from '@machines/auth.machine'

export function toFailure(error: AuthError | PostgrestError | Error): AuthFailure {
  const status = 'status' in error && typeof error.status === 'number' ? error.status : undefined
  const code = 'code' in error && typeof error.code === 'string' ? error.code : undefined
  // supabase-js's AuthRetryableFetchError (what its isAuthRetryableFetchError checks), told by name
  // so that this module, which the sign-in page needs before any sign-in, does not bring supabase-js.
  const networkLike = error instanceof TypeError || error.name === 'AuthRetryableFetchError'
  const reasons = 'reasons' in error && Array.isArray(error.reasons) ? (error.reasons as string[]) : undefined
  // The account lock ends its message with the time to try again: Auth's answer to a rejection by
  // the verification hooks (400 invalid_credentials, 403 mfa_verification_rejected), or our
  // server's 429 for e-mailed codes.
  const lockable = status === 429 || code === 'invalid_credentials' || code === 'mfa_verification_rejected'
  const retryAt = lockable ? /Try again after (\S+)$/.exec(error.message)?.[1] : undefined
  return {
    message: error.message,
    code,
    status,
    retryable: networkLike || (status !== undefined && status >= 500),
    ...(reasons ? { reasons } : {}),
    ...(retryAt ? { retryAt } : {}),
  }
}
