// The auth machine's vocabulary and rules: its types, the refresh timing, the second-factor check,
// how a session or a failure is read from whichever event carries it, and the role helpers.
// Kept beside machines/auth.machine.ts so that file holds the machine's config and little else.
import type { DoneActorEvent, ErrorActorEvent } from 'xstate'
import type { Tables } from '../src/lib/db'

export type Profile = Tables<'profiles'>

export interface AuthFactor {
  id: string
  factor_type: string
  status: string
  friendly_name?: string
}

export interface AuthUser {
  id: string
  email?: string
  factors?: AuthFactor[] | null
}

export interface AuthSession {
  access_token: string
  refresh_token: string
  /** Seconds since the epoch. */
  expires_at?: number
  expires_in: number
  user: AuthUser
}

/** A failed call, reduced to what the UI and the retry policy need. */
export interface AuthFailure {
  message: string
  code?: string
  status?: number
  /** Network failures and 5xx: worth trying again. */
  retryable: boolean
  /** Why a password was refused (weak_password): 'length', 'pwned', 'email'. */
  reasons?: string[]
  /** When a locked account may try again (ISO time), from a per-account 429. */
  retryAt?: string
}

export type SupabaseAuthEventType =
  | 'INITIAL_SESSION'
  | 'SIGNED_IN'
  | 'SIGNED_OUT'
  | 'TOKEN_REFRESHED'
  | 'USER_UPDATED'
  | 'PASSWORD_RECOVERY'
  | 'MFA_CHALLENGE_VERIFIED'

/** supabase-js's events, forwarded under their own names. */
export type SupabaseAuthEvent = { type: SupabaseAuthEventType; session: AuthSession | null }

/** What people ask for. */
export type AuthCommand =
  | { type: 'auth.signIn'; email: string; password: string }
  | { type: 'auth.signUp'; email: string; password: string; metadata: Record<string, string> }
  | { type: 'auth.signOut' }
  | { type: 'auth.resetPassword'; email: string; redirectTo: string }
  /** From a signed-in session, with its proof: the current password or a re-authentication code. */
  | { type: 'auth.updatePassword'; password: string; currentPassword?: string; nonce?: string }
  /** `factorId` picks one of several authenticators (a backup); else the first verified one. */
  | { type: 'auth.verifyMfa'; code: string; factorId?: string }
  /** The second step with a passkey instead of a code; `factorId` as above, among passkeys. */
  | { type: 'auth.verifyMfa'; passkey: true; factorId?: string }
  | { type: 'auth.reloadProfile' }

/** The invoked actors that answer with a session (the ids given to their invocations). */
type SessionActorId = 'signIn' | 'signUp' | 'verifyMfa' | 'refreshSession'

/** What the machine's own actors answer; XState sends these, the host never does. */
export type AuthActorEvent =
  DoneActorEvent<AuthSession | null, SessionActorId> | DoneActorEvent<Profile, 'loadProfile'> | ErrorActorEvent<unknown>

export type AuthEvent = SupabaseAuthEvent | AuthCommand

/** A new password and its proof, as the updatePassword actor takes them. */
export interface PasswordChange {
  password: string
  currentPassword?: string
  nonce?: string
}

/** Raised by the machine for its regions when the same person's session was renewed. */
export type AuthInternalEvent = { type: 'auth.session.renewed' }

/** Everything the machine reacts to: the host's events, its own actors' answers, its own signal. */
export type AuthMachineEvent = AuthEvent | AuthActorEvent | AuthInternalEvent

export interface AuthContext {
  session: AuthSession | null
  user: AuthUser | null
  profile: Profile | null
  /** The last failure, kept until the next request succeeds or starts. */
  error: AuthFailure | null
  /** Failed refresh attempts in a row. */
  refreshAttempt: number
}

/** Refresh this long before expiry (supabase-js's own ticker uses the same threshold). */
export const refreshMarginMs = 120_000
/** Retry backoff starts here and doubles: 200, 400, 800 … ms. */
export const firstRetryDelayMs = 200
/** …up to this ceiling, for as long as the session is kept. */
export const maxRetryDelayMs = 30_000

/** How long until the scheduled refresh: `margin` before expiry, or halfway for short-lived tokens. */
export function refreshDelay(session: AuthSession | null, now: number): number {
  if (!session) return 0
  const expiresAtMs = (session.expires_at ?? now / 1000 + session.expires_in) * 1000
  const remaining = Math.max(0, expiresAtMs - now)
  return remaining > 2 * refreshMarginMs ? remaining - refreshMarginMs : Math.floor(remaining / 2)
}

export function retryDelay(attempt: number): number {
  return Math.min(firstRetryDelayMs * 2 ** Math.max(0, attempt - 1), maxRetryDelayMs)
}

/** The `aal` claim of the access token: aal2 once a second factor was verified in this session. */
export function currentAssurance(session: AuthSession | null): 'aal1' | 'aal2' | null {
  if (!session) return null
  try {
    const payload = session.access_token.split('.')[1] ?? ''
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'))
    return (JSON.parse(json) as { aal?: string }).aal === 'aal2' ? 'aal2' : 'aal1'
  } catch {
    return 'aal1'
  }
}

/** Only verified factors count: an enrolment that was never confirmed protects nothing. */
export function verifiedFactors(user: AuthUser | null): AuthFactor[] {
  return (user?.factors ?? []).filter((factor) => factor.status === 'verified')
}

/** The second factors this product asks for: TOTP codes and passkeys (WebAuthn). */
const secondFactorTypes = new Set(['totp', 'webauthn'])

/** The verified second factor the second step is checked against, if the account has one. */
export function secondFactor(user: AuthUser | null): AuthFactor | undefined {
  return verifiedFactors(user).find((factor) => secondFactorTypes.has(factor.factor_type))
}

/** The authenticator a code (or a passkey) is checked against: the one chosen, else the first. */
export function chosenFactorId(
  user: AuthUser | null,
  requested: string | undefined,
  type: 'totp' | 'webauthn' = 'totp',
): string {
  const ofType = verifiedFactors(user).filter((factor) => factor.factor_type === type)
  return (ofType.find((factor) => factor.id === requested) ?? ofType[0])?.id ?? ''
}

/** What the verifyMfa actor is given for a verifyMfa command. */
export type MfaProof = { factorId: string; code: string } | { factorId: string; passkey: true }

export function mfaProof(user: AuthUser | null, command: Extract<AuthCommand, { type: 'auth.verifyMfa' }>): MfaProof {
  return 'passkey' in command
    ? { factorId: chosenFactorId(user, command.factorId, 'webauthn'), passkey: true }
    : { factorId: chosenFactorId(user, command.factorId), code: command.code }
}

export function needsMfa(session: AuthSession | null): boolean {
  return session !== null && secondFactor(session.user) !== undefined && currentAssurance(session) !== 'aal2'
}

function isAuthFailure(value: unknown): value is AuthFailure {
  return typeof value === 'object' && value !== null && 'message' in value && 'retryable' in value
}

/** The session an event brings: supabase-js's events carry it, the session actors answer with it. */
export function sessionFrom(event: AuthMachineEvent): AuthSession | null {
  if ('session' in event) return event.session
  if (event.type === 'xstate.done.actor.loadProfile') return null
  if ('output' in event) return event.output
  return null
}

/** The failure an actor's error event brings, as an AuthFailure whatever was thrown. */
export function failureFrom(event: AuthMachineEvent): AuthFailure {
  const error: unknown = 'error' in event ? event.error : undefined
  if (isAuthFailure(error)) return error
  return { message: error instanceof Error ? error.message : String(error), retryable: false }
}

export function profileFrom(event: AuthMachineEvent): Profile | null {
  return event.type === 'xstate.done.actor.loadProfile' ? event.output : null
}

/** A snapshot, as far as the helpers below need one. */
interface AuthSnapshotLike {
  context: AuthContext
  hasTag(tag: 'settled'): boolean
}

export type Role = 'client' | 'admin' | 'super_admin'

/** The role helpers: the role comes from the profile record, never from the token. */
export function hasRole(snapshot: AuthSnapshotLike, role: Role): boolean {
  return snapshot.context.profile?.role === role && snapshot.context.profile.is_active
}

/** admin and super_admin both count as admin. */
export function isAdmin(snapshot: AuthSnapshotLike): boolean {
  return hasRole(snapshot, 'admin') || hasRole(snapshot, 'super_admin')
}

export function isClient(snapshot: AuthSnapshotLike): boolean {
  return hasRole(snapshot, 'client')
}

/**
 * Settled: it is known who the user is and, when signed in, their profile has loaded or failed
 * (a reload behind an existing profile does not unsettle). The machine says so with its tag.
 */
export function isSettled(snapshot: AuthSnapshotLike): boolean {
  return snapshot.hasTag('settled')
}
