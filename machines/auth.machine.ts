// The auth lifecycle: the session supabase-js restores or receives, the profile that gives the
// user a role, the refresh timer, and the requests a person makes. Free of React and of
// supabase-js: the host provides the actors that call the API and forwards supabase-js's seven
// auth events; the machine decides. Everything a reader of the chart needs is in the config's
// `description`s; the rules it applies live in ./auth.rules.ts. The machine owns the refresh
// timer (docs/decisions/0008-auth-refresh-owned-by-the-machine.md); docs/machines.md shows how
// to open it in the Stately visualizer.
import { assertEvent, assign, fromPromise, raise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate'
import {
  failureFrom,
  needsMfa,
  profileFrom,
  refreshDelay,
  retryDelay,
  sessionFrom,
  mfaProof,
  type MfaProof,
  type AuthContext,
  type AuthMachineEvent,
  type AuthSession,
  type AuthUser,
  type PasswordChange,
  type Profile,
} from './auth.rules'

export * from './auth.rules'

export const authMachine = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthMachineEvent,
    tags: {} as 'busy' | 'pending' | 'settled',
  },
  actors: {
    // Each is replaced by the host with the real supabase-js call (src/lib/auth/actors.ts).
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
    verifyMfa: fromPromise<AuthSession, MfaProof>(async () => {
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
    hasSession: ({ event }) => sessionFrom(event) !== null,
    needsMfa: ({ event }) => needsMfa(sessionFrom(event)),
    sameUserSession: ({ context, event }) => {
      const session = sessionFrom(event)
      return session !== null && session.user.id === context.user?.id && !needsMfa(session)
    },
    otherUserSession: ({ context, event }) => {
      const session = sessionFrom(event)
      return session !== null && session.user.id !== context.user?.id && !needsMfa(session)
    },
    hasProfile: ({ context }) => context.profile !== null,
    retryable: ({ event }) => failureFrom(event).retryable,
  },
  actions: {
    /** From supabase-js's events and from the actors that answer with a session alike. */
    takeSession: assign(({ event }) => {
      const session = sessionFrom(event)
      return { session, user: session?.user ?? null }
    }),
    announceRenewal: raise({ type: 'auth.session.renewed' }),
    clearUser: assign({ session: null, user: null, profile: null, refreshAttempt: 0 }),
    clearError: assign({ error: null }),
    clearProfile: assign({ profile: null }),
    keepError: assign({ error: ({ event }) => failureFrom(event) }),
    keepProfileError: assign({ profile: null, error: ({ event }) => failureFrom(event) }),
    takeProfile: assign({ profile: ({ event }) => profileFrom(event), error: null }),
    countAttempt: assign({ refreshAttempt: ({ context }) => context.refreshAttempt + 1 }),
    resetAttempts: assign({ refreshAttempt: 0 }),
  },
  delays: {
    // The clock: a test provides this delay with its simulated time instead.
    refreshDue: ({ context }) => refreshDelay(context.session, Date.now()),
    retryBackoff: ({ context }) => retryDelay(context.refreshAttempt),
  },
}).createMachine({
  id: 'auth',
  description:
    'Who is signed in. supabase-js reports the session with its seven events (forwarded as they are); people ask with the auth.* commands. The tag "settled" says the app knows who the user is; "busy" that a call is under way; "pending" that a request a person made has not been answered yet.',
  context: {
    session: null,
    user: null,
    profile: null,
    error: null,
    refreshAttempt: 0,
  },
  initial: 'initializing',
  on: {
    INITIAL_SESSION: [
      {
        guard: 'needsMfa',
        target: '#auth.mfaRequired',
        actions: 'takeSession',
        description:
          'Anywhere, supabase-js has the last word about the session; states below handle these events more precisely where they must.',
      },
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
      {
        guard: 'needsMfa',
        target: '#auth.recovery.code',
        actions: ['takeSession', 'clearError'],
        description:
          'The link proves the mailbox, not the second factor: an account with one gives its code first (aal2), as the server requires before it accepts a new password.',
      },
      { guard: 'hasSession', target: '#auth.recovery', actions: ['takeSession', 'clearError'] },
    ],
    SIGNED_OUT: { target: '#auth.signedOut', actions: 'clearUser' },
  },
  states: {
    initializing: {
      description: 'Until supabase-js has read the stored session (INITIAL_SESSION), nobody knows who this is.',
      tags: ['busy'],
    },

    signedOut: {
      description: 'Nobody is signed in. The visitor may sign in, sign up or ask for a password reset.',
      initial: 'idle',
      states: {
        idle: {
          tags: ['settled'],
          on: {
            'auth.signIn': { target: 'signingIn', actions: 'clearError' },
            'auth.signUp': { target: 'signingUp', actions: 'clearError' },
            'auth.resetPassword': { target: 'requestingReset', actions: 'clearError' },
          },
        },
        signingIn: {
          tags: ['busy', 'pending'],
          invoke: {
            id: 'signIn',
            src: 'signIn',
            input: ({ event }) => {
              assertEvent(event, 'auth.signIn')
              return { email: event.email, password: event.password }
            },
            onDone: [
              {
                guard: 'needsMfa',
                target: '#auth.mfaRequired',
                actions: 'takeSession',
                description:
                  'supabase-js usually announces SIGNED_IN first; this covers the order the other way round.',
              },
              { target: '#auth.signedIn', actions: 'takeSession' },
            ],
            onError: { target: 'idle', actions: 'keepError' },
          },
        },
        signingUp: {
          tags: ['busy', 'pending'],
          invoke: {
            id: 'signUp',
            src: 'signUp',
            input: ({ event }) => {
              assertEvent(event, 'auth.signUp')
              return { email: event.email, password: event.password, metadata: event.metadata }
            },
            onDone: [
              {
                guard: 'hasSession',
                target: '#auth.signedIn',
                actions: 'takeSession',
                description: 'Without e-mail confirmation a session comes back at once.',
              },
              { target: 'idle', description: 'With e-mail confirmation, the new user waits for the e-mail.' },
            ],
            onError: { target: 'idle', actions: 'keepError' },
          },
        },
        requestingReset: {
          tags: ['busy', 'pending', 'settled'],
          invoke: {
            src: 'resetPassword',
            input: ({ event }) => {
              assertEvent(event, 'auth.resetPassword')
              return { email: event.email, redirectTo: event.redirectTo }
            },
            onDone: { target: 'idle' },
            onError: { target: 'idle', actions: 'keepError' },
          },
        },
      },
    },

    mfaRequired: {
      description:
        'Signed in with a password, but the account has a verified second factor (TOTP or passkey): it comes first. No role before the second factor, and none carried over from whoever was signed in before.',
      initial: 'idle',
      entry: 'clearProfile',
      on: {
        'auth.signOut': { target: 'signingOut', actions: 'clearError' },
      },
      states: {
        idle: {
          tags: ['settled'],
          on: {
            'auth.verifyMfa': { target: 'verifying', actions: 'clearError' },
          },
        },
        verifying: {
          tags: ['busy', 'pending'],
          invoke: {
            id: 'verifyMfa',
            src: 'verifyMfa',
            input: ({ context, event }) => {
              assertEvent(event, 'auth.verifyMfa')
              return mfaProof(context.user, event)
            },
            onDone: { target: '#auth.signedIn', actions: 'takeSession' },
            onError: { target: 'idle', actions: 'keepError' },
          },
        },
      },
    },

    recovery: {
      description:
        'Arrived through a recovery link: signed in only to choose a new password. The recovery session may be someone else’s (another tab), so signedIn loads the profile afresh.',
      initial: 'idle',
      entry: 'clearProfile',
      on: {
        'auth.signOut': { target: 'signingOut', actions: 'clearError' },
        MFA_CHALLENGE_VERIFIED: {
          guard: 'hasSession',
          target: '.idle',
          actions: ['takeSession', 'clearError'],
          description: 'The code step’s own success: stay, now at aal2, for the new password.',
        },
      },
      states: {
        code: {
          description: 'An account with a second factor gives its code before choosing the new password.',
          tags: ['settled'],
          on: {
            'auth.verifyMfa': { target: 'verifying', actions: 'clearError' },
          },
        },
        verifying: {
          tags: ['busy', 'pending'],
          invoke: {
            id: 'verifyMfa',
            src: 'verifyMfa',
            input: ({ context, event }) => {
              assertEvent(event, 'auth.verifyMfa')
              return mfaProof(context.user, event)
            },
            onDone: { target: 'idle', actions: 'takeSession' },
            onError: { target: 'code', actions: 'keepError' },
          },
        },
        idle: {
          tags: ['settled'],
          on: {
            'auth.updatePassword': { target: 'updating', actions: 'clearError' },
          },
        },
        updating: {
          tags: ['busy', 'pending', 'settled'],
          invoke: {
            src: 'updatePassword',
            input: ({ event }) => {
              assertEvent(event, 'auth.updatePassword')
              return { password: event.password, currentPassword: event.currentPassword, nonce: event.nonce }
            },
            onDone: { target: '#auth.signedIn' },
            onError: { target: 'idle', actions: 'keepError' },
          },
        },
      },
    },

    signedIn: {
      description:
        'Signed in, in three regions: the profile that gives the role, the refresh timer, and the requests made meanwhile (a password change carries on whatever the other two do).',
      type: 'parallel',
      on: {
        SIGNED_IN: [
          {
            guard: 'needsMfa',
            target: '#auth.mfaRequired',
            actions: 'takeSession',
            description: 'The second factor is now required.',
          },
          {
            guard: 'otherUserSession',
            target: '#auth.signedIn',
            actions: ['takeSession', 'clearProfile'],
            description: 'A different person signed in (another tab): everything starts over.',
          },
          {
            guard: 'sameUserSession',
            actions: ['takeSession', 'announceRenewal'],
            description:
              'Same person, new tokens or user data: the profile and refresh regions react to auth.session.renewed; a request in flight carries on.',
          },
        ],
        TOKEN_REFRESHED: [
          { guard: 'needsMfa', target: '#auth.mfaRequired', actions: 'takeSession' },
          {
            guard: 'otherUserSession',
            target: '#auth.signedIn',
            actions: ['takeSession', 'clearProfile'],
          },
          { guard: 'sameUserSession', actions: ['takeSession', 'announceRenewal'] },
        ],
        USER_UPDATED: [
          { guard: 'needsMfa', target: '#auth.mfaRequired', actions: 'takeSession' },
          {
            guard: 'otherUserSession',
            target: '#auth.signedIn',
            actions: ['takeSession', 'clearProfile'],
          },
          { guard: 'sameUserSession', actions: ['takeSession', 'announceRenewal'] },
        ],
        MFA_CHALLENGE_VERIFIED: [
          { guard: 'needsMfa', target: '#auth.mfaRequired', actions: 'takeSession' },
          {
            guard: 'otherUserSession',
            target: '#auth.signedIn',
            actions: ['takeSession', 'clearProfile'],
          },
          { guard: 'sameUserSession', actions: ['takeSession', 'announceRenewal'] },
        ],
        INITIAL_SESSION: [
          {
            guard: 'hasSession',
            actions: 'takeSession',
            description: 'A later subscriber’s INITIAL_SESSION repeats what is known already.',
          },
          { target: '#auth.signedOut', actions: 'clearUser' },
        ],
        'auth.signOut': { target: 'signingOut', actions: 'clearError' },
      },
      states: {
        profile: {
          description: 'The profile record, which gives the role. Loaded afresh whenever the session is renewed.',
          initial: 'loading',
          on: {
            'auth.session.renewed': [
              {
                guard: 'hasProfile',
                target: '.reloading',
                description: 'The previous profile stays on screen while the new one loads: no flicker.',
              },
              { target: '.loading' },
            ],
          },
          states: {
            loading: {
              description: 'No profile yet: the app waits for it before deciding what the user may see.',
              tags: ['busy'],
              invoke: {
                id: 'loadProfile',
                src: 'loadProfile',
                input: ({ context }) => ({ userId: context.user?.id ?? '' }),
                onDone: { target: 'ready', actions: 'takeProfile' },
                onError: { target: 'failed', actions: 'keepProfileError' },
              },
            },
            reloading: {
              description: 'Loading the profile again behind the one on screen; the app stays settled.',
              tags: ['busy', 'settled'],
              invoke: {
                id: 'loadProfile',
                src: 'loadProfile',
                input: ({ context }) => ({ userId: context.user?.id ?? '' }),
                onDone: { target: 'ready', actions: 'takeProfile' },
                onError: { target: 'failed', actions: 'keepProfileError' },
              },
            },
            ready: {
              tags: ['settled'],
              on: { 'auth.reloadProfile': { target: 'reloading' } },
            },
            failed: {
              description: 'The profile could not be loaded; the route guards ask for it once more.',
              tags: ['settled'],
              on: { 'auth.reloadProfile': { target: 'loading' } },
            },
          },
        },
        refresh: {
          description: 'The refresh timer: supabase-js runs with autoRefreshToken off and the machine refreshes.',
          initial: 'scheduled',
          on: {
            'auth.session.renewed': {
              target: '.scheduled',
              actions: 'resetAttempts',
              description: 'New tokens: the timer starts again from their expiry.',
            },
          },
          states: {
            scheduled: {
              description: 'Waiting until shortly before the access token expires.',
              after: { refreshDue: { target: 'refreshing' } },
            },
            refreshing: {
              invoke: {
                id: 'refreshSession',
                src: 'refreshSession',
                input: ({ context }) => ({ refreshToken: context.session?.refresh_token ?? '' }),
                onDone: { target: 'scheduled', actions: ['takeSession', 'resetAttempts'] },
                onError: [
                  {
                    guard: 'retryable',
                    target: 'backingOff',
                    actions: ['countAttempt', 'keepError'],
                    description: 'Offline or a server error: try again later, for as long as the session is kept.',
                  },
                  { target: 'removingSession', actions: 'keepError' },
                ],
              },
            },
            backingOff: {
              description: 'Waiting before the next attempt: 200 ms, doubling up to 30 s.',
              after: { retryBackoff: { target: 'refreshing' } },
            },
            removingSession: {
              description: 'The refresh token is dead (revoked, reused, expired): the session is forgotten for good.',
              invoke: {
                src: 'removeSession',
                onDone: { target: '#auth.signedOut', actions: 'clearUser' },
                onError: { target: '#auth.signedOut', actions: 'clearUser' },
              },
            },
          },
        },
        operation: {
          description: 'Requests a signed-in person makes; they carry on while the session is renewed.',
          initial: 'idle',
          states: {
            idle: {
              on: {
                'auth.updatePassword': { target: 'updatingPassword', actions: 'clearError' },
                'auth.resetPassword': { target: 'requestingReset', actions: 'clearError' },
              },
            },
            updatingPassword: {
              tags: ['busy', 'pending'],
              invoke: {
                src: 'updatePassword',
                input: ({ event }) => {
                  assertEvent(event, 'auth.updatePassword')
                  return { password: event.password, currentPassword: event.currentPassword, nonce: event.nonce }
                },
                onDone: { target: 'idle' },
                onError: { target: 'idle', actions: 'keepError' },
              },
            },
            requestingReset: {
              tags: ['busy', 'pending'],
              invoke: {
                src: 'resetPassword',
                input: ({ event }) => {
                  assertEvent(event, 'auth.resetPassword')
                  return { email: event.email, redirectTo: event.redirectTo }
                },
                onDone: { target: 'idle' },
                onError: { target: 'idle', actions: 'keepError' },
              },
            },
          },
        },
      },
    },

    signingOut: {
      description:
        'Local sign-out: the stored session goes first, so even an unreachable server signs the user out. A SIGNED_IN from another tab may land here: whoever it is, the old profile must not come along.',
      tags: ['busy', 'pending'],
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
