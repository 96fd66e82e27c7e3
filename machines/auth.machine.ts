// The auth lifecycle: the session supabase-js restores or receives, the profile that gives the
// user a role, the refresh timer, and the requests a person makes (sign in, sign out, reset,
// new password, MFA code). Free of React and of supabase-js: the host provides the actors that
// call the API and forwards supabase-js's seven auth events; the machine decides.
//
// The machine owns the refresh timer (supabase-js runs with autoRefreshToken off); see
// docs/decisions/0008-auth-refresh-owned-by-the-machine.md.
import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
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

/** supabase-js's events, forwarded as they are. */
export type SupabaseAuthEvent = { type: SupabaseAuthEventType; session: AuthSession | null }

/** What people ask for. */
export type AuthCommand =
  | { type: 'SIGN_IN'; email: string; password: string }
  | { type: 'SIGN_UP'; email: string; password: string; metadata: Record<string, string> }
  | { type: 'SIGN_OUT' }
  | { type: 'RESET_PASSWORD'; email: string; redirectTo: string }
  /** From a signed-in session, with its proof: the current password or a re-authentication code. */
  | { type: 'UPDATE_PASSWORD'; password: string; currentPassword?: string; nonce?: string }
  /** `factorId` picks one of several authenticators (a backup); else the first verified one. */
  | { type: 'VERIFY_MFA'; code: string; factorId?: string }
  | { type: 'RELOAD_PROFILE' }

export type AuthEvent = SupabaseAuthEvent | AuthCommand

export interface PasswordChange {
  password: string
  currentPassword?: string
  nonce?: string
}

export interface AuthContext {
  session: AuthSession | null
  user: AuthUser | null
  profile: Profile | null
  /** The last failure, kept until the next request succeeds or starts. */
  error: AuthFailure | null
  /** Failed refresh attempts in a row. */
  refreshAttempt: number
  now: () => number
}

export interface AuthInput {
  /** Milliseconds since the epoch; a test passes its simulated clock. */
  now?: () => number
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

/** The factor a code is checked against: the one the person chose, else their first authenticator. */
function chosenFactor(user: AuthUser | null, event: AuthEvent): string {
  const requested = event.type === 'VERIFY_MFA' ? event.factorId : undefined
  const totp = verifiedFactors(user).filter((f) => f.factor_type === 'totp')
  return (totp.find((f) => f.id === requested) ?? totp[0])?.id ?? ''
}

/** What the verifyMfa actor gets from a VERIFY_MFA request, at sign-in and in recovery alike. */
function verifyMfaInput({ context, event }: { context: AuthContext; event: AuthEvent }) {
  return { factorId: chosenFactor(context.user, event), code: (event as { code: string }).code }
}

export function needsMfa(session: AuthSession | null): boolean {
  return (
    session !== null &&
    verifiedFactors(session.user).some((f) => f.factor_type === 'totp') &&
    currentAssurance(session) !== 'aal2'
  )
}

const failure = (error: unknown): AuthFailure =>
  isAuthFailure(error) ? error : { message: error instanceof Error ? error.message : String(error), retryable: false }

function isAuthFailure(value: unknown): value is AuthFailure {
  return typeof value === 'object' && value !== null && 'message' in value && 'retryable' in value
}

const sessionOf = (event: AuthEvent) => ('session' in event ? event.session : null)

// In signedIn, a session event for the same user is split between the parallel regions; the
// guards are exclusive, so exactly one of these applies to any event. The region transitions
// target a child without `reenter`: re-entering the region would make its exit set the whole
// parallel state, so the two regions' transitions would conflict and other regions would reset.
const sessionChange = [
  { guard: 'needsMfa', target: '#auth.mfaRequired', actions: 'takeSession' },
  { guard: 'otherUserSession', target: '#auth.signedIn', reenter: true, actions: ['takeSession', 'clearProfile'] },
] as const
const reloadProfile = { guard: 'sameUserSession', target: '.loading' } as const
const reschedule = {
  guard: 'sameUserSession',
  target: '.scheduled',
  actions: ['takeSession', 'resetAttempts'],
} as const

export const authMachine = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
    input: {} as AuthInput,
    tags: {} as 'busy',
  },
  actors: {
    // Each is replaced by the host with the real supabase-js call (src/auth/actors.ts).
    signIn: fromPromise<AuthSession, { email: string; password: string }>(async () => {
      throw new Error('signIn not provided')
    }),
    signUp: fromPromise<AuthSession | null, { email: string; password: string; metadata: Record<string, string> }>(
      async () => {
        throw new Error('signUp not provided')
      },
    ),
    signOut: fromPromise<void, void>(async () => {
      throw new Error('signOut not provided')
    }),
    resetPassword: fromPromise<void, { email: string; redirectTo: string }>(async () => {
      throw new Error('resetPassword not provided')
    }),
    updatePassword: fromPromise<AuthUser, PasswordChange>(async () => {
      throw new Error('updatePassword not provided')
    }),
    verifyMfa: fromPromise<AuthSession, { factorId: string; code: string }>(async () => {
      throw new Error('verifyMfa not provided')
    }),
    refreshSession: fromPromise<AuthSession, { refreshToken: string }>(async () => {
      throw new Error('refreshSession not provided')
    }),
    /** Forgets the stored session (supabase-js `signOut({ scope: 'local' })`). */
    removeSession: fromPromise<void, void>(async () => {
      throw new Error('removeSession not provided')
    }),
    loadProfile: fromPromise<Profile, { userId: string }>(async () => {
      throw new Error('loadProfile not provided')
    }),
  },
  guards: {
    hasSession: ({ event }) => sessionOf(event) !== null,
    needsMfa: ({ event }) => needsMfa(sessionOf(event)),
    outputNeedsMfa: ({ event }) => needsMfa((event as unknown as { output: AuthSession | null }).output),
    outputHasSession: ({ event }) => (event as unknown as { output: AuthSession | null }).output !== null,
    sameUserSession: ({ context, event }) => {
      const session = sessionOf(event)
      return session !== null && session.user.id === context.user?.id && !needsMfa(session)
    },
    otherUserSession: ({ context, event }) => {
      const session = sessionOf(event)
      return session !== null && session.user.id !== context.user?.id && !needsMfa(session)
    },
    retryable: ({ event }) => failure((event as unknown as { error: unknown }).error).retryable,
    hasVerifiedFactor: ({ context }) => verifiedFactors(context.user).some((f) => f.factor_type === 'totp'),
  },
  actions: {
    takeSession: assign(({ event }) => {
      const session = sessionOf(event)
      return { session, user: session?.user ?? null }
    }),
    takeOutputSession: assign(({ event }) => {
      const session = (event as unknown as { output: AuthSession }).output
      return { session, user: session.user }
    }),
    clearUser: assign({ session: null, user: null, profile: null, refreshAttempt: 0 }),
    clearError: assign({ error: null }),
    clearProfile: assign({ profile: null }),
    keepError: assign({ error: ({ event }) => failure((event as unknown as { error: unknown }).error) }),
    keepProfileError: assign({
      profile: null,
      error: ({ event }) => failure((event as unknown as { error: unknown }).error),
    }),
    takeProfile: assign({ profile: ({ event }) => (event as unknown as { output: Profile }).output, error: null }),
    countAttempt: assign({ refreshAttempt: ({ context }) => context.refreshAttempt + 1 }),
    resetAttempts: assign({ refreshAttempt: 0 }),
  },
  delays: {
    refreshDue: ({ context }) => refreshDelay(context.session, context.now()),
    retryBackoff: ({ context }) => retryDelay(context.refreshAttempt),
  },
}).createMachine({
  id: 'auth',
  context: ({ input }) => ({
    session: null,
    user: null,
    profile: null,
    error: null,
    refreshAttempt: 0,
    now: input.now ?? Date.now,
  }),
  initial: 'initializing',
  // Anywhere, supabase-js's word about the session wins: these are the seven events, handled
  // here unless a state below treats them more precisely.
  on: {
    INITIAL_SESSION: [
      { guard: 'needsMfa', target: '#auth.mfaRequired', actions: 'takeSession' },
      { guard: 'hasSession', target: '#auth.signedIn', actions: 'takeSession' },
      { target: '#auth.signedOut', actions: 'clearUser' },
    ],
    SIGNED_IN: [
      { guard: 'needsMfa', target: '#auth.mfaRequired', actions: ['takeSession', 'clearError'] },
      { guard: 'hasSession', target: '#auth.signedIn', actions: ['takeSession', 'clearError'] },
    ],
    TOKEN_REFRESHED: [
      { guard: 'needsMfa', target: '#auth.mfaRequired', actions: 'takeSession' },
      { guard: 'hasSession', target: '#auth.signedIn', actions: 'takeSession' },
    ],
    USER_UPDATED: [
      { guard: 'needsMfa', target: '#auth.mfaRequired', actions: 'takeSession' },
      { guard: 'hasSession', target: '#auth.signedIn', actions: 'takeSession' },
    ],
    MFA_CHALLENGE_VERIFIED: { guard: 'hasSession', target: '#auth.signedIn', actions: ['takeSession', 'clearError'] },
    PASSWORD_RECOVERY: [
      { guard: 'needsMfa', target: '#auth.recovery.code', actions: ['takeSession', 'clearError'] },
      { guard: 'hasSession', target: '#auth.recovery', actions: ['takeSession', 'clearError'] },
    ],
    SIGNED_OUT: { target: '#auth.signedOut', actions: 'clearUser' },
  },
  states: {
    // Until supabase-js has read the stored session (INITIAL_SESSION) nobody knows who this is.
    initializing: {
      tags: ['busy'],
    },

    signedOut: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            SIGN_IN: { target: 'signingIn', actions: 'clearError' },
            SIGN_UP: { target: 'signingUp', actions: 'clearError' },
            RESET_PASSWORD: { target: 'requestingReset', actions: 'clearError' },
          },
        },
        signingIn: {
          tags: ['busy'],
          invoke: {
            src: 'signIn',
            input: ({ event }) => event as { email: string; password: string },
            // supabase-js usually announces SIGNED_IN first; this covers the order the other way round.
            onDone: [
              { guard: 'outputNeedsMfa', target: '#auth.mfaRequired', actions: 'takeOutputSession' },
              { target: '#auth.signedIn', actions: 'takeOutputSession' },
            ],
            onError: { target: 'idle', actions: 'keepError' },
          },
        },
        signingUp: {
          tags: ['busy'],
          invoke: {
            src: 'signUp',
            input: ({ event }) => event as { email: string; password: string; metadata: Record<string, string> },
            // Without e-mail confirmation a session comes back at once; with it, the user waits for the e-mail.
            onDone: [
              { guard: 'outputHasSession', target: '#auth.signedIn', actions: 'takeOutputSession' },
              { target: 'idle' },
            ],
            onError: { target: 'idle', actions: 'keepError' },
          },
        },
        requestingReset: {
          tags: ['busy'],
          invoke: {
            src: 'resetPassword',
            input: ({ event }) => event as { email: string; redirectTo: string },
            onDone: { target: 'idle' },
            onError: { target: 'idle', actions: 'keepError' },
          },
        },
      },
    },

    // Signed in with a password, but the account has a verified TOTP factor: the code comes first.
    mfaRequired: {
      initial: 'idle',
      // No role before the second factor, and none carried over from whoever was signed in before.
      entry: 'clearProfile',
      on: {
        SIGN_OUT: { target: 'signingOut', actions: 'clearError' },
      },
      states: {
        idle: {
          on: {
            VERIFY_MFA: { target: 'verifying', actions: 'clearError' },
          },
        },
        verifying: {
          tags: ['busy'],
          invoke: {
            src: 'verifyMfa',
            input: verifyMfaInput,
            onDone: { target: '#auth.signedIn', actions: 'takeOutputSession' },
            onError: { target: 'idle', actions: 'keepError' },
          },
        },
      },
    },

    // Arrived through a recovery link: signed in only to choose a new password. The link proves
    // the mailbox, not the second factor: an account with one gives its code first (aal2), as the
    // server requires before it accepts a new password.
    recovery: {
      initial: 'idle',
      // The recovery session may be someone else's (another tab); signedIn loads the profile afresh.
      entry: 'clearProfile',
      on: {
        SIGN_OUT: { target: 'signingOut', actions: 'clearError' },
        // The code step's own success: stay here, now at aal2, for the new password.
        MFA_CHALLENGE_VERIFIED: { guard: 'hasSession', target: '.idle', actions: ['takeSession', 'clearError'] },
      },
      states: {
        code: {
          on: {
            VERIFY_MFA: { target: 'verifying', actions: 'clearError' },
          },
        },
        verifying: {
          tags: ['busy'],
          invoke: {
            src: 'verifyMfa',
            input: verifyMfaInput,
            onDone: { target: 'idle', actions: 'takeOutputSession' },
            onError: { target: 'code', actions: 'keepError' },
          },
        },
        idle: {
          on: {
            UPDATE_PASSWORD: { target: 'updating', actions: 'clearError' },
          },
        },
        updating: {
          tags: ['busy'],
          invoke: {
            src: 'updatePassword',
            input: ({ event }) => event as PasswordChange,
            onDone: { target: '#auth.signedIn' },
            onError: { target: 'idle', actions: 'keepError' },
          },
        },
      },
    },

    signedIn: {
      type: 'parallel',
      on: {
        // Same person, new tokens or user data: the profile and refresh regions handle it, and
        // the operation region (a password change in flight) carries on. Here: the second factor
        // is now required, or a different person signed in (another tab), who starts over.
        SIGNED_IN: sessionChange,
        TOKEN_REFRESHED: sessionChange,
        USER_UPDATED: sessionChange,
        MFA_CHALLENGE_VERIFIED: sessionChange,
        // A later subscriber's INITIAL_SESSION repeats what is known already.
        INITIAL_SESSION: [
          { guard: 'hasSession', actions: 'takeSession' },
          { target: '#auth.signedOut', actions: 'clearUser' },
        ],
        SIGN_OUT: { target: 'signingOut', actions: 'clearError' },
      },
      states: {
        profile: {
          initial: 'loading',
          // The previous profile stays in the context while the new one loads: no flicker.
          on: {
            SIGNED_IN: reloadProfile,
            TOKEN_REFRESHED: reloadProfile,
            USER_UPDATED: reloadProfile,
            MFA_CHALLENGE_VERIFIED: reloadProfile,
          },
          states: {
            loading: {
              // The previous profile stays on screen while the new one loads: no flicker.
              tags: ['busy'],
              invoke: {
                src: 'loadProfile',
                input: ({ context }) => ({ userId: context.user?.id ?? '' }),
                onDone: { target: 'ready', actions: 'takeProfile' },
                onError: { target: 'failed', actions: 'keepProfileError' },
              },
            },
            ready: {
              on: { RELOAD_PROFILE: { target: 'loading' } },
            },
            failed: {
              on: { RELOAD_PROFILE: { target: 'loading' } },
            },
          },
        },
        refresh: {
          initial: 'scheduled',
          on: {
            SIGNED_IN: reschedule,
            TOKEN_REFRESHED: reschedule,
            USER_UPDATED: reschedule,
            MFA_CHALLENGE_VERIFIED: reschedule,
          },
          states: {
            scheduled: {
              after: { refreshDue: { target: 'refreshing' } },
            },
            refreshing: {
              invoke: {
                src: 'refreshSession',
                input: ({ context }) => ({ refreshToken: context.session?.refresh_token ?? '' }),
                onDone: { target: 'scheduled', actions: ['takeOutputSession', 'resetAttempts'] },
                onError: [
                  { guard: 'retryable', target: 'backingOff', actions: ['countAttempt', 'keepError'] },
                  { target: 'removingSession', actions: 'keepError' },
                ],
              },
            },
            backingOff: {
              after: { retryBackoff: { target: 'refreshing' } },
            },
            // The refresh token is dead (revoked, reused, expired): forget the session for good.
            removingSession: {
              invoke: {
                src: 'removeSession',
                onDone: { target: '#auth.signedOut', actions: 'clearUser' },
                onError: { target: '#auth.signedOut', actions: 'clearUser' },
              },
            },
          },
        },
        operation: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                UPDATE_PASSWORD: { target: 'updatingPassword', actions: 'clearError' },
                RESET_PASSWORD: { target: 'requestingReset', actions: 'clearError' },
              },
            },
            updatingPassword: {
              tags: ['busy'],
              invoke: {
                src: 'updatePassword',
                input: ({ event }) => event as PasswordChange,
                onDone: { target: 'idle' },
                onError: { target: 'idle', actions: 'keepError' },
              },
            },
            requestingReset: {
              tags: ['busy'],
              invoke: {
                src: 'resetPassword',
                input: ({ event }) => event as { email: string; redirectTo: string },
                onDone: { target: 'idle' },
                onError: { target: 'idle', actions: 'keepError' },
              },
            },
          },
        },
      },
    },

    // Local sign-out: the stored session goes first, so even an unreachable server signs the user out.
    signingOut: {
      tags: ['busy'],
      // A SIGNED_IN from another tab may land here: whoever it is, the old profile must not come along.
      entry: 'clearProfile',
      invoke: {
        src: 'signOut',
        onDone: { target: 'signedOut', actions: 'clearUser' },
        onError: { target: 'signedOut', actions: ['clearUser', 'keepError'] },
      },
    },
  },
})

export type AuthMachine = typeof authMachine
export type AuthActor = ActorRefFrom<AuthMachine>
export type AuthSnapshot = SnapshotFrom<AuthMachine>

export type Role = 'client' | 'admin' | 'super_admin'

/** The role helpers: the role comes from the profile record, never from the token. */
export function hasRole(snapshot: AuthSnapshot, role: Role): boolean {
  return snapshot.context.profile?.role === role && snapshot.context.profile.is_active
}

/** admin and super_admin both count as admin. */
export function isAdmin(snapshot: AuthSnapshot): boolean {
  return hasRole(snapshot, 'admin') || hasRole(snapshot, 'super_admin')
}

export function isClient(snapshot: AuthSnapshot): boolean {
  return hasRole(snapshot, 'client')
}

/**
 * Settled: it is known who the user is and, when signed in, their profile has loaded or failed.
 * Guards wait for this; a profile reload behind an existing profile does not unsettle.
 */
export function isSettled(snapshot: AuthSnapshot): boolean {
  if (snapshot.matches('initializing') || snapshot.matches('signingOut')) return false
  if (snapshot.matches({ signedOut: 'signingIn' }) || snapshot.matches({ signedOut: 'signingUp' })) return false
  if (snapshot.matches({ mfaRequired: 'verifying' })) return false
  if (snapshot.matches({ signedIn: { profile: 'loading' } })) return snapshot.context.profile !== null
  return true
}
