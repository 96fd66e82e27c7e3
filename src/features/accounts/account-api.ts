// The writes the account and notifications pages make, and what their failures mean to the
// reader. Row-level security and the profile trigger decide what may change; these only ask.
import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { supabase } from '@/lib/supabase'
import type { TablesUpdate } from '@/lib/db'
import { asFailure, authFailureMessage } from '@/lib/auth/messages'

/** The profile columns a client may change on their own row. */
export type OwnProfileChanges = Pick<TablesUpdate<'profiles'>, 'full_name' | 'job_title' | 'phone' | 'locale'>

export async function updateOwnProfile(userId: string, changes: OwnProfileChanges): Promise<void> {
  // select() + single(): zero rows updated (no right, no row) is an error, not a silent success.
  const { error } = await supabase.from('profiles').update(changes).eq('id', userId).select('id').single()
  if (error) throw error
}

/** Mails the user a six-digit code that confirms a password change (GoTrue's reauthenticate). */
export async function sendReauthenticationCode(): Promise<void> {
  const { error } = await supabase.auth.reauthenticate()
  if (error) throw error
}

// ─── Two-step verification (TOTP) ──────────────────────────────────────────────────────────

const mfaByCode: Record<string, MessageDescriptor> = {
  mfa_factor_name_conflict: msg`You already use this name for another device. Choose a different name.`,
  too_many_enrolled_mfa_factors: msg`There are too many devices on this account. Remove one before adding another.`,
  insufficient_aal: msg`For your security, sign out, sign in again with your verification code and try once more.`,
  mfa_factor_not_found: msg`This set-up is no longer valid. Please start again.`,
  mfa_ip_address_mismatch: msg`Your connection changed while the code was checked. Please enter the current code again.`,
  webauthn_verification_failed: msg`The passkey could not be registered. Please try again.`,
}

export function mfaFailureMessage(error: unknown): MessageDescriptor {
  const failure = asFailure(error)
  return (failure.code && mfaByCode[failure.code]) || authFailureMessage(failure)
}

export interface TotpEnrolment {
  factorId: string
  /** An image URL for the QR code (an SVG data URI). */
  qrCode: string
  /** The base32 secret, for typing into the app by hand. */
  secret: string
  /** The otpauth:// URI, which an authenticator app on this device can open. */
  uri: string
}

/**
 * auth-js hands the server's SVG over as `data:image/svg+xml;utf-8,<svg…>`, unescaped: the `#`
 * of its colours would end the URL early, so the SVG part is percent-encoded here.
 */
export function svgDataUri(qrCode: string): string {
  const prefix = /^data:image\/svg\+xml;(?:charset=)?utf-8,/i
  const match = prefix.exec(qrCode)
  const svg = match ? qrCode.slice(match[0].length) : qrCode
  if (!svg.trimStart().startsWith('<')) return qrCode
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`
}

/** Leftovers of set-ups that were never finished; they protect nothing and block their name. */
export async function removeUnverifiedFactors(): Promise<void> {
  const { data, error } = await supabase.auth.mfa.listFactors()
  if (error) throw error
  for (const factor of data.all) {
    if (factor.status !== 'verified') {
      const { error: unenrollError } = await supabase.auth.mfa.unenroll({ factorId: factor.id })
      if (unenrollError) throw unenrollError
    }
  }
}

export async function startTotpEnrolment(friendlyName: string): Promise<TotpEnrolment> {
  await removeUnverifiedFactors()
  const { data, error } = await supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName })
  if (error) throw error
  return { factorId: data.id, qrCode: svgDataUri(data.totp.qr_code), secret: data.totp.secret, uri: data.totp.uri }
}

/**
 * Checks the first code. supabase-js stores the new aal2 session and announces
 * MFA_CHALLENGE_VERIFIED, which keeps the auth machine signed in with the new user data.
 */
export async function confirmTotpEnrolment(factorId: string, code: string): Promise<void> {
  const { error } = await supabase.auth.mfa.challengeAndVerify({ factorId, code })
  if (error) throw error
  await refreshUser()
}

/** Abandons an unfinished set-up (an app or a passkey); a failure only leaves a leftover the next set-up removes. */
export async function cancelTotpEnrolment(factorId: string): Promise<void> {
  await supabase.auth.mfa.unenroll({ factorId }).catch(() => undefined)
}

// ─── Passkeys (WebAuthn) ─────────────────────────────────────────────────────────────────

/** Whether this browser can create and use passkeys at all. */
export function browserHasPasskeys(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function'
}

/**
 * Registers a passkey as a second factor: enrol, let the browser create the credential for the
 * server's challenge, verify it. Done in three steps rather than with mfa.webauthn.register(),
 * which on a failed enrolment removes an existing passkey that has the same name.
 */
export async function registerPasskey(friendlyName: string): Promise<void> {
  await removeUnverifiedFactors()
  const { data: factor, error } = await supabase.auth.mfa.webauthn.enroll({ friendlyName })
  if (error) throw error
  // The server decides the relying party; auth-js wants the page's for its own checks.
  const page = { rpId: window.location.hostname, rpOrigins: [window.location.origin] }
  const { data: created, error: createError } = await supabase.auth.mfa.webauthn.challenge({
    factorId: factor.id,
    friendlyName,
    webauthn: page,
  })
  if (!created) {
    await cancelTotpEnrolment(factor.id)
    throw createError
  }
  const { error: verifyError } = await supabase.auth.mfa.webauthn.verify({
    factorId: factor.id,
    challengeId: created.challengeId,
    webauthn: { ...page, ...created.webauthn } as never,
  })
  if (verifyError) {
    await cancelTotpEnrolment(factor.id)
    throw verifyError
  }
  await refreshUser()
}

export async function removeFactor(factorId: string): Promise<void> {
  const { error } = await supabase.auth.mfa.unenroll({ factorId })
  if (error) throw error
  await refreshUser()
}

/**
 * Removes a factor from the account's page: on a refusal, its message (and false); once removed,
 * the page's list of factors reloaded (and true).
 */
export async function removeListedFactor(
  factorId: string,
  reload: () => Promise<unknown>,
  fail: (message: MessageDescriptor) => void,
): Promise<boolean> {
  try {
    await removeFactor(factorId)
  } catch (error) {
    fail(mfaFailureMessage(error))
    return false
  }
  await reload()
  return true
}

/**
 * New tokens, so the session's user lists the factors as they are now (TOKEN_REFRESHED keeps
 * the machine signed in). A failure here changes nothing the user asked for: the machine's own
 * refresh catches up later.
 */
async function refreshUser(): Promise<void> {
  await supabase.auth.refreshSession().catch(() => undefined)
}
