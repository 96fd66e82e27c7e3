// The auth API's error catalog: every failure as GoTrue sends it under API version 2024-01-01,
// `{"code":"…","message":"…"}` (plus `error_code`, which keeps the code if a proxy hides the
// version header), with the version and `x-sb-error-code` headers.
import type { Context } from 'hono'
import { isPgError } from '../db/database'

export const API_VERSION = '2024-01-01'

export class AuthError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 422 | 429 | 500,
    readonly code: string,
    message: string,
    /** Extra body fields (weak_password) or a whole OAuth-style body. */
    readonly body?: Record<string, unknown>,
    readonly oauth = false,
  ) {
    super(message)
  }
}

/** GoTrue's OAuth-style body, used where the OAuth spec defines the error (the token endpoint). */
export const oauthError = (error: string, description: string) =>
  new AuthError(400, error, description, { error, error_description: description }, true)

const e = (status: AuthError['status'], code: string) => (message: string) => new AuthError(status, code, message)

export const errors = {
  badJson: (detail: string) => new AuthError(400, 'bad_json', `Could not parse request body as JSON: ${detail}`),
  validation: e(400, 'validation_failed'),
  unprocessable: e(422, 'validation_failed'),
  invalidCredentials: () => new AuthError(400, 'invalid_credentials', 'Invalid login credentials'),
  unsupportedGrant: () => new AuthError(400, 'invalid_credentials', 'unsupported_grant_type'),
  flowStateNotFound: () => new AuthError(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found'),
  emailNotConfirmed: () => new AuthError(400, 'email_not_confirmed', 'Email not confirmed'),
  userBanned: (message = 'User is banned') => new AuthError(400, 'user_banned', message),
  invalidEmail: () => new AuthError(400, 'validation_failed', 'Unable to validate email address: invalid format'),
  emailExists: () => new AuthError(422, 'email_exists', 'A user with this email address has already been registered'),
  weakPassword: (message: string, reasons: string[]) =>
    new AuthError(422, 'weak_password', message, { weak_password: { reasons } }),
  reauthenticationNeeded: () =>
    new AuthError(400, 'reauthentication_needed', 'Password update requires reauthentication'),
  reauthenticationNotValid: () => new AuthError(422, 'reauthentication_not_valid', 'Nonce has expired or is invalid'),
  currentPasswordInvalid: () =>
    new AuthError(400, 'current_password_invalid', 'Current password required when setting new password.'),
  samePassword: () => new AuthError(422, 'same_password', 'New password should be different from the old password.'),
  refreshTokenRequired: () => oauthError('invalid_request', 'refresh_token required'),
  refreshTokenNotFound: () =>
    new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found'),
  refreshTokenAlreadyUsed: () =>
    new AuthError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used'),
  sessionExpired: () => new AuthError(400, 'session_expired', 'Invalid Refresh Token: Session Expired'),
  noAuthorization: () => new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token'),
  badJwt: (reason: string) =>
    new AuthError(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${reason}`),
  badClaim: (message: string) => new AuthError(403, 'bad_jwt', message),
  jwtUserNotFound: () => new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist'),
  jwtSessionNotFound: () =>
    new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist'),
  notAdmin: () => new AuthError(403, 'not_admin', 'User not allowed'),
  userNotFound: () => new AuthError(404, 'user_not_found', 'User not found'),
  userIdNotUuid: () => new AuthError(404, 'validation_failed', 'user_id must be an UUID'),
  otpExpired: (message = 'Email link is invalid or has expired') => new AuthError(403, 'otp_expired', message),
  requestRateLimit: () => new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached'),
  emailRateLimit: () => new AuthError(429, 'over_email_send_rate_limit', 'email rate limit exceeded'),
  insufficientAal: (status: 401 | 403 | 422, message: string) => new AuthError(status, 'insufficient_aal', message),
  factorNotFound: () => new AuthError(404, 'mfa_factor_not_found', 'Factor not found'),
  challengeNotFound: () =>
    new AuthError(422, 'mfa_factor_not_found', 'MFA factor with the provided challenge ID not found'),
  challengeIpMismatch: () =>
    new AuthError(422, 'mfa_ip_address_mismatch', 'Challenge and verify IP addresses mismatch.'),
  challengeExpired: (id: string) =>
    new AuthError(
      422,
      'mfa_challenge_expired',
      `MFA challenge ${id} has expired, verify against another challenge or create a new challenge.`,
    ),
  // GoTrue's MFA verify answers a failed passkey with a 500; this is its passkey sign-in's answer.
  webAuthnFailed: () => new AuthError(400, 'webauthn_verification_failed', 'Credential verification failed'),
  totpInvalid: () => new AuthError(422, 'mfa_verification_failed', 'Invalid TOTP code entered'),
  /** The code of a time step already used (RFC 6238 §5.2): same code as GoTrue's, a message that says why. */
  totpReused: () =>
    new AuthError(422, 'mfa_verification_failed', 'TOTP code already used: wait for the next code and enter it'),
  factorNameConflict: (name: string) =>
    new AuthError(
      422,
      'mfa_factor_name_conflict',
      `A factor with the friendly name "${name}" for this user already exists`,
    ),
  tooManyFactors: () =>
    new AuthError(
      422,
      'too_many_enrolled_mfa_factors',
      'Maximum number of verified factors reached, unenroll to continue',
    ),
  conflict: e(409, 'conflict'),
  notFound: () => new AuthError(404, 'not_found', 'Not Found'),
  bodyTooLarge: () => new AuthError(413, 'request_too_large', 'Request body too large'),
  unexpected: (message = 'Unexpected failure, please check server logs for more information') =>
    new AuthError(500, 'unexpected_failure', message),
}

export function errorResponse(c: Context, error: unknown): Response {
  const failure = toAuthError(error)
  const headers: Record<string, string> = { 'X-Supabase-Api-Version': API_VERSION }
  if (!failure.oauth && failure.code !== 'weak_password') headers['x-sb-error-code'] = failure.code
  const body = failure.oauth
    ? failure.body
    : { code: failure.code, error_code: failure.code, message: failure.message, ...failure.body }
  return c.json(body, failure.status, headers)
}

function toAuthError(error: unknown): AuthError {
  if (error instanceof AuthError) return error
  // A unique violation can only come from a race between two requests for the same address.
  if (isPgError(error) && error.code === '23505' && /email/.test(error.constraint ?? error.message))
    return errors.emailExists()
  console.error('auth: unexpected failure', error)
  return errors.unexpected()
}
