// What a failed auth call means to the person at the keyboard, in their language. The provider's
// English message stays in the machine's context for logs and tests; people read these.
import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import type { AuthFailure } from '@machines/auth.machine'
import { toFailure } from './failure'

/** The server's refusal of any write in a staff member's preview of the portal (decision 0022). */
export const previewReadOnlyMessage = msg`This is a read-only preview of the client's portal: nothing can be changed.`

const byCode: Record<string, MessageDescriptor> = {
  view_as_read_only: previewReadOnlyMessage,
  invalid_credentials: msg`The e-mail or password is not correct.`,
  email_not_confirmed: msg`Confirm your e-mail address first: follow the link in the message we sent you.`,
  user_banned: msg`This account is locked. Please contact us to restore access.`,
  over_request_rate_limit: msg`Too many attempts. Please wait a few minutes and try again.`,
  over_email_send_rate_limit: msg`Too many e-mails were requested. Please wait a few minutes and try again.`,
  weak_password: msg`The password is too short: use at least 8 characters.`,
  same_password: msg`The new password must be different from the current one.`,
  otp_expired: msg`This link has expired or has already been used.`,
  // Also a replayed code: each code works once, so the next one the app shows is needed.
  mfa_verification_failed: msg`That code is not valid or has already been used. Wait for the next code in your app and enter it.`,
  insufficient_aal: msg`Enter the 6-digit code from your authenticator app first.`,
  reauthentication_needed: msg`Enter your current password, or ask for a code by e-mail.`,
  current_password_invalid: msg`The current password is not correct.`,
  reauthentication_not_valid: msg`That code is not valid or has expired. Ask for a new one.`,
  staff_factor_required: msg`Staff accounts must keep two-step verification: add another authenticator before removing this one.`,
  // The MFA hook's rejection without a time (it also ends the session, as Supabase Auth does).
  mfa_verification_rejected: msg`Too many wrong codes for this account. Sign in again in a few minutes.`,
  mfa_challenge_expired: msg`The code took too long. Please enter the current code again.`,
  // Passkeys: the server's answers, then the browser's (auth-js's WebAuthnError codes).
  webauthn_verification_failed: msg`Your passkey could not be checked. Try again, or use your code.`,
  mfa_webauthn_enroll_not_enabled: msg`Passkeys are not available on this site yet.`,
  mfa_webauthn_verify_not_enabled: msg`Passkeys are not available on this site yet.`,
  ERROR_CEREMONY_ABORTED: msg`The passkey request was cancelled. Nothing was changed.`,
  ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY: msg`The passkey request was cancelled or timed out. Try again.`,
  ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED: msg`This passkey is already registered on your account.`,
  session_not_found: msg`Your session has ended. Please sign in again.`,
  session_expired: msg`Your session has ended. Please sign in again.`,
  refresh_token_not_found: msg`Your session has ended. Please sign in again.`,
  refresh_token_already_used: msg`Your session has ended. Please sign in again.`,
}

export const networkFailure = msg`We could not reach the server. Check your connection and try again.`
export const unexpectedFailure = msg`Something went wrong on our side. Please try again in a moment.`

/** The time a locked account may try again, in the page's language and the reader's time zone. */
function lockedUntil(iso: string): MessageDescriptor | undefined {
  const at = new Date(iso)
  if (Number.isNaN(at.getTime())) return undefined
  const lang = typeof document === 'undefined' ? undefined : document.documentElement.lang || undefined
  const time = new Intl.DateTimeFormat(lang, { hour: '2-digit', minute: '2-digit' }).format(at)
  return msg`Too many failed attempts for this account. For your security, try again at ${time}.`
}

export function authFailureMessage(failure: AuthFailure): MessageDescriptor {
  if (failure.retryAt) {
    const locked = lockedUntil(failure.retryAt)
    if (locked) return locked
  }
  if (failure.code === 'weak_password' && failure.reasons?.includes('pwned'))
    return msg`This password is one of the most common ones and easy to guess. Choose a different one.`
  if (failure.code === 'weak_password' && failure.reasons?.includes('email'))
    return msg`The password must not contain your e-mail address. Choose a different one.`
  // A code that has just been used (our server says so in the message; the code is GoTrue's).
  if (failure.code === 'mfa_verification_failed' && /already used/i.test(failure.message))
    return msg`This code has just been used. Wait until your app shows the next one (a new code appears every 30 seconds) and enter it.`
  if (failure.code && byCode[failure.code]) return byCode[failure.code]!
  if (failure.status === 429) return byCode.over_request_rate_limit!
  if (failure.retryable) return failure.status && failure.status >= 500 ? unexpectedFailure : networkFailure
  return unexpectedFailure
}

/** Any thrown value, reduced to an AuthFailure (network, status and code). */
export function asFailure(error: unknown): AuthFailure {
  if (error instanceof Error) return toFailure(error)
  if (typeof error === 'object' && error !== null && 'message' in error)
    return toFailure(Object.assign(new Error(String((error as { message: unknown }).message)), error))
  return { message: String(error), retryable: false }
}
