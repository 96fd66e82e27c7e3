import { describe, it, expect, vi } from 'vitest'
import {
  createActor,
  fromPromise,
  initialTransition,
  SimulatedClock,
  transition,
  waitFor,
  type StateValue,
} from 'xstate'
import { getShortestPaths, getSimplePaths } from 'xstate/graph'
import {
  authMachine,
  currentAssurance,
  firstRetryDelayMs,
  hasRole,
  isAdmin,
  isClient,
  isSettled,
  maxRetryDelayMs,
  needsMfa,
  refreshDelay,
  refreshMarginMs,
  retryDelay,
  verifiedFactors,
  type AuthCommand,
  type AuthEvent,
  type AuthFactor,
  type AuthFailure,
  type AuthSession,
  type AuthSnapshot,
  type AuthUser,
  type MfaProof,
  type Profile,
  type Role,
  type SupabaseAuthEventType,
} from '../../machines/auth.machine'

// Compile-time guards: a new supabase-js event or command must be listed here or the type-check fails.
const SUPABASE_EVENTS = {
  INITIAL_SESSION: true,
  SIGNED_IN: true,
  SIGNED_OUT: true,
  TOKEN_REFRESHED: true,
  USER_UPDATED: true,
  PASSWORD_RECOVERY: true,
  MFA_CHALLENGE_VERIFIED: true,
} satisfies Record<SupabaseAuthEventType, true>
const COMMANDS = {
  'auth.signIn': true,
  'auth.signUp': true,
  'auth.signOut': true,
  'auth.resetPassword': true,
  'auth.updatePassword': true,
  'auth.verifyMfa': true,
  'auth.reloadProfile': true,
} satisfies Record<AuthCommand['type'], true>
const EVENT_TYPES = [...Object.keys(SUPABASE_EVENTS), ...Object.keys(COMMANDS)] as AuthEvent['type'][]

// ---------------------------------------------------------------------------------------------
// State nodes, read from the machine so the coverage checks cannot drift from it.

interface NodeTree {
  path: string[]
  states: Record<string, NodeTree>
}

/** Every state node below the root as a dotted path ('signedIn.refresh.backingOff'). */
function stateNodePaths(node: NodeTree): string[] {
  return Object.values(node.states).flatMap((child) => [child.path.join('.'), ...stateNodePaths(child)])
}
const ALL_STATE_NODES = stateNodePaths(authMachine.root as unknown as NodeTree).sort()

/** The active state nodes of a state value as dotted paths, regions and ancestors included. */
function activePaths(value: StateValue, prefix: string[] = []): string[] {
  if (typeof value === 'string') return [[...prefix, value].join('.')]
  return Object.entries(value).flatMap(([key, child]) => [
    [...prefix, key].join('.'),
    ...(child === undefined ? [] : activePaths(child, [...prefix, key])),
  ])
}

// Filled by the graph traversal and by every live actor in this file; checked by the last test.
const visitedByGraph = new Set<string>()
const visitedByActors = new Set<string>()

// ---------------------------------------------------------------------------------------------
// Fixtures

const base64url = (value: unknown) =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')

/** A JWT-shaped token: only the payload matters to the machine (its `aal` claim). */
function accessToken(claims: Record<string, unknown>): string {
  return [base64url({ alg: 'HS256', typ: 'JWT' }), base64url(claims), 'signature'].join('.')
}

const totp = (status = 'verified', id = 'factor-totp'): AuthFactor => ({
  id,
  factor_type: 'totp',
  status,
  friendly_name: 'Phone app',
})

interface SessionOptions {
  userId?: string
  aal?: 'aal1' | 'aal2'
  factors?: AuthFactor[] | null
  /** When the session was issued, in (simulated) milliseconds since the epoch. */
  issuedAtMs?: number
  lifetimeS?: number
  /** Tells apart the sessions one user gets over time. */
  serial?: number
}

function makeSession({
  userId = 'user-a',
  aal = 'aal1',
  factors,
  issuedAtMs = 0,
  lifetimeS = 3600,
  serial = 0,
}: SessionOptions = {}): AuthSession {
  const expiresAt = Math.floor(issuedAtMs / 1000) + lifetimeS
  const user: AuthUser = { id: userId, email: `${userId}@example.test` }
  if (factors !== undefined) user.factors = factors
  return {
    access_token: accessToken({ sub: userId, aal, exp: expiresAt, session_id: `${userId}-${serial}` }),
    refresh_token: `refresh-${userId}-${serial}`,
    expires_at: expiresAt,
    expires_in: lifetimeS,
    user,
  }
}

function makeProfile(userId: string, overrides: Partial<Profile> = {}): Profile {
  return {
    id: userId,
    email: `${userId}@example.test`,
    role: 'client',
    organization_id: null,
    full_name: 'Test Person',
    company: null,
    job_title: null,
    phone: null,
    locale: 'en',
    is_active: true,
    created_at: '2024-01-01T00:00:00Z',
    updated_at: '2024-01-01T00:00:00Z',
    invited_by: null,
    ...overrides,
  }
}

const failureOf = (message: string, retryable = false): AuthFailure => ({ message, retryable })

const sessionA = makeSession()
const sessionB = makeSession({ userId: 'user-b' })
const mfaSessionA = makeSession({ factors: [totp()] })
const verifiedSessionA = makeSession({ aal: 'aal2', factors: [totp()], serial: 1 })
const refreshedSessionA = makeSession({ serial: 2 })

const SIGN_IN: AuthEvent = { type: 'auth.signIn', email: 'user-a@example.test', password: 'correct horse' }
const SIGN_UP: AuthEvent = {
  type: 'auth.signUp',
  email: 'user-a@example.test',
  password: 'correct horse',
  metadata: { full_name: 'Test Person' },
}
const SIGN_OUT: AuthEvent = { type: 'auth.signOut' }
const RESET_PASSWORD: AuthEvent = {
  type: 'auth.resetPassword',
  email: 'user-a@example.test',
  redirectTo: 'https://example.test/reset',
}
const UPDATE_PASSWORD: AuthEvent = { type: 'auth.updatePassword', password: 'battery staple' }
const VERIFY_MFA: AuthEvent = { type: 'auth.verifyMfa', code: '123456' }
const RELOAD_PROFILE: AuthEvent = { type: 'auth.reloadProfile' }
const COMMAND_SAMPLES = [SIGN_IN, SIGN_UP, SIGN_OUT, RESET_PASSWORD, UPDATE_PASSWORD, VERIFY_MFA, RELOAD_PROFILE]

const supabaseEvent = (type: SupabaseAuthEventType, session: AuthSession | null): AuthEvent => ({ type, session })

type Matcher = Parameters<AuthSnapshot['matches']>[0]
const inState = (value: Matcher) => (snapshot: AuthSnapshot) => snapshot.matches(value)
const PROFILE_READY = inState({ signedIn: { profile: 'ready' } })

/** The data a snapshot holds. */
function data(snapshot: AuthSnapshot) {
  return snapshot.context
}

function deferred<T>() {
  let resolve!: (value: T) => void
  let reject!: (reason: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

/** Makes the next call of `effect` wait until the test settles the deferred it returns. */
function nextCallWaits<T>(effect: { mockReturnValueOnce(value: Promise<T>): unknown }) {
  const pending = deferred<T>()
  effect.mockReturnValueOnce(pending.promise)
  return pending
}

const never = <T>() => new Promise<T>(() => {})

// ---------------------------------------------------------------------------------------------
// A live actor with fake actors and a simulated clock

interface SetupOptions {
  /** false: every actor stays pending forever (for replaying graph paths). */
  settle?: boolean
}

function setup({ settle = true }: SetupOptions = {}) {
  const clock = new SimulatedClock()
  const profiles = new Map<string, Profile>()
  const result = <T>(value: T): Promise<T> => (settle ? Promise.resolve(value) : never<T>())

  const signIn = vi.fn((_input: { email: string; password: string }): Promise<AuthSession> => result(sessionA))
  const signUp = vi.fn(
    (_input: { email: string; password: string; metadata: Record<string, string> }): Promise<AuthSession | null> =>
      result(null),
  )
  const signOut = vi.fn((): Promise<void> => result(undefined))
  const resetPassword = vi.fn((_input: { email: string; redirectTo: string }): Promise<void> => result(undefined))
  const updatePassword = vi.fn((_input: { password: string }): Promise<AuthUser> => result(sessionA.user))
  const verifyMfa = vi.fn((_input: MfaProof): Promise<AuthSession> => result(verifiedSessionA))
  // Pending unless a test says otherwise, so a timer that fires by mistake is visible but harmless.
  const refreshSession = vi.fn((_input: { refreshToken: string }): Promise<AuthSession> => never())
  const removeSession = vi.fn((): Promise<void> => result(undefined))
  const loadProfile = vi.fn(({ userId }: { userId: string }): Promise<Profile> =>
    result(profiles.get(userId) ?? makeProfile(userId)),
  )
  /** Simulated time of each refreshSession call. */
  const refreshTimes: number[] = []

  const machine = authMachine.provide({
    // The clock comes in through the refresh delay: simulated time instead of Date.now().
    delays: { refreshDue: ({ context }) => refreshDelay(context.session, clock.now()) },
    actors: {
      signIn: fromPromise<AuthSession, { email: string; password: string }>(({ input }) => signIn(input)),
      signUp: fromPromise<AuthSession | null, { email: string; password: string; metadata: Record<string, string> }>(
        ({ input }) => signUp(input),
      ),
      signOut: fromPromise<void, void>(() => signOut()),
      resetPassword: fromPromise<void, { email: string; redirectTo: string }>(({ input }) => resetPassword(input)),
      updatePassword: fromPromise<AuthUser, { password: string }>(({ input }) => updatePassword(input)),
      verifyMfa: fromPromise<AuthSession, MfaProof>(({ input }) => verifyMfa(input)),
      refreshSession: fromPromise<AuthSession, { refreshToken: string }>(({ input }) => {
        refreshTimes.push(clock.now())
        return refreshSession(input)
      }),
      removeSession: fromPromise<void, void>(() => removeSession()),
      loadProfile: fromPromise<Profile, { userId: string }>(({ input }) => loadProfile(input)),
    },
  })

  const actor = createActor(machine, { clock })
  const record = (snapshot: AuthSnapshot) => {
    for (const path of activePaths(snapshot.value)) visitedByActors.add(path)
  }
  actor.subscribe(record)
  actor.start()
  record(actor.getSnapshot())

  return {
    actor,
    clock,
    profiles,
    refreshTimes,
    signIn,
    signUp,
    signOut,
    resetPassword,
    updatePassword,
    verifyMfa,
    refreshSession,
    removeSession,
    loadProfile,
    send: (...events: AuthEvent[]) => events.forEach((event) => actor.send(event)),
    snapshot: () => actor.getSnapshot(),
    context: () => actor.getSnapshot().context,
    until: (predicate: (snapshot: AuthSnapshot) => boolean) => waitFor(actor, predicate),
  }
}

type Harness = ReturnType<typeof setup>

/** Restores a session at time 0 and waits for its profile. */
async function signedIn(t: Harness, session: AuthSession = sessionA) {
  t.send(supabaseEvent('INITIAL_SESSION', session))
  expect(t.snapshot().matches({ signedIn: { profile: 'loading', refresh: 'scheduled', operation: 'idle' } })).toBe(true)
  return t.until(PROFILE_READY)
}

// ---------------------------------------------------------------------------------------------
// Graph

// Payload-carrying events need concrete samples: each supabase-js event with a plain session, another
// user's session, a session that still needs its second factor, and no session at all.
const EXTERNAL_EVENTS: AuthEvent[] = [
  ...(Object.keys(SUPABASE_EVENTS) as SupabaseAuthEventType[]).flatMap((type) =>
    [sessionA, sessionB, mfaSessionA, null].map((session) => supabaseEvent(type, session)),
  ),
  ...COMMAND_SAMPLES,
]

// With actor outcomes the graph grows quickly, so this traversal uses fewer samples, and only
// the ones supabase-js can send: INITIAL_SESSION once per subscriber, repeating the session already
// known (or none); TOKEN_REFRESHED, USER_UPDATED and MFA_CHALLENGE_VERIFIED for the current user.
// Any user may sign in (from another tab) or arrive through a recovery link.
const refreshedSessionB = makeSession({ userId: 'user-b', serial: 2 })
const forUser = (snapshot: AuthSnapshot, a: AuthSession, b: AuthSession) =>
  snapshot.context.user?.id === 'user-b' ? b : a

function graphEvents(snapshot: AuthSnapshot): AuthEvent[] {
  return [
    supabaseEvent('INITIAL_SESSION', snapshot.context.session ?? sessionA),
    supabaseEvent('INITIAL_SESSION', null),
    supabaseEvent('SIGNED_IN', sessionA),
    supabaseEvent('SIGNED_IN', mfaSessionA),
    supabaseEvent('SIGNED_IN', sessionB),
    supabaseEvent('SIGNED_OUT', null),
    supabaseEvent('TOKEN_REFRESHED', forUser(snapshot, refreshedSessionA, refreshedSessionB)),
    supabaseEvent('USER_UPDATED', forUser(snapshot, sessionA, sessionB)),
    supabaseEvent('MFA_CHALLENGE_VERIFIED', forUser(snapshot, verifiedSessionA, sessionB)),
    supabaseEvent('PASSWORD_RECOVERY', sessionA),
    supabaseEvent('PASSWORD_RECOVERY', mfaSessionA),
    ...COMMAND_SAMPLES,
  ]
}

/**
 * What the invoked actors and timers of the active states can do: each actor finishes with a
 * representative output or fails (refreshSession also retryably, once, so the graph stays finite),
 * and each pending delay fires. The event types are the ones XState itself uses for these.
 */
function actorOutcomes(snapshot: AuthSnapshot): AuthEvent[] {
  const outputs: Record<string, unknown[]> = {
    signIn: [sessionA, mfaSessionA],
    signUp: [sessionA, null],
    verifyMfa: [verifiedSessionA],
    updatePassword: [sessionA.user],
    refreshSession: [forUser(snapshot, refreshedSessionA, refreshedSessionB)],
    loadProfile: [makeProfile(snapshot.context.user?.id ?? '')],
  }
  const events = activePaths(snapshot.value).flatMap((path) => {
    const node = authMachine.getStateNodeById(`auth.${path}`)
    const timers = node.after.map(({ eventType }) => ({ type: eventType }))
    const outcomes = node.invoke.flatMap(({ id, src }) => {
      const errors =
        src === 'refreshSession' && snapshot.context.refreshAttempt < 1
          ? [failureOf('offline', true), failureOf('failed')]
          : [failureOf('failed')]
      return [
        ...(outputs[src as string] ?? [undefined]).map((output) => ({ type: `xstate.done.actor.${id}`, output })),
        ...errors.map((error) => ({ type: `xstate.error.actor.${id}`, error })),
      ]
    })
    return [...timers, ...outcomes]
  })
  return events as unknown as AuthEvent[]
}

describe('auth machine: graph coverage', () => {
  describe('with actor outcomes and timers', () => {
    const paths = getShortestPaths(authMachine, {
      events: (snapshot) => [...graphEvents(snapshot), ...actorOutcomes(snapshot)],
    })
    const reached = paths.map((path) => path.state)
    for (const snapshot of reached) for (const path of activePaths(snapshot.value)) visitedByGraph.add(path)

    it('reaches every state node of the machine', () => {
      expect(ALL_STATE_NODES.length).toBeGreaterThan(20)
      expect([...visitedByGraph].sort()).toEqual(ALL_STATE_NODES)
    })

    it('lists every event type in the samples', () => {
      expect(new Set(graphEvents(reached[0]!).map((event) => event.type))).toEqual(new Set(EVENT_TYPES))
    })

    it.each(EVENT_TYPES)('%s moves the machine to another state somewhere', (type) => {
      const moves = reached.some((snapshot) =>
        graphEvents(snapshot).some((event) => {
          if (event.type !== type) return false
          const [next] = transition(authMachine, snapshot, event)
          return snapshot.can(event) && JSON.stringify(next.value) !== JSON.stringify(snapshot.value)
        }),
      )
      expect(moves).toBe(true)
    })

    it('holds a profile only while signed in, and only the signed-in user’s', () => {
      for (const snapshot of reached) {
        const { profile, user } = snapshot.context
        if (profile === null) continue
        expect(snapshot.matches('signedIn')).toBe(true)
        expect(profile.id).toBe(user?.id)
      }
    })

    it('keeps the user and the session together, and has neither when signed out', () => {
      for (const snapshot of reached) {
        const { session, user } = snapshot.context
        expect(user).toBe(session?.user ?? null)
        if (snapshot.matches('signedOut') || snapshot.matches('initializing')) expect(session).toBeNull()
        if (snapshot.matches('signedIn') || snapshot.matches('mfaRequired') || snapshot.matches('recovery')) {
          expect(session).not.toBeNull()
        }
      }
    })

    it('is in mfaRequired exactly when the session needs a second factor', () => {
      for (const snapshot of reached) {
        if (snapshot.matches('mfaRequired')) expect(needsMfa(snapshot.context.session)).toBe(true)
        if (snapshot.matches('signedIn')) expect(needsMfa(snapshot.context.session)).toBe(false)
      }
    })
  })

  describe('commands and supabase-js events only (actors never finish)', () => {
    const paths = getShortestPaths(authMachine, { events: EXTERNAL_EVENTS })

    it.each(EVENT_TYPES.filter((type) => type !== 'auth.reloadProfile'))(
      'accepts %s in some state reachable without any actor finishing',
      (type) => {
        const samples = EXTERNAL_EVENTS.filter((event) => event.type === type)
        expect(paths.some(({ state }) => samples.some((event) => state.can(event)))).toBe(true)
      },
    )

    it('each shortest path replays on a live actor to the same snapshot', () => {
      expect(paths.length).toBeGreaterThan(20)
      for (const path of paths) {
        const t = setup({ settle: false })
        for (const step of path.steps.slice(1)) t.actor.send(step.event)
        expect(t.snapshot().value).toEqual(path.state.value)
        expect(data(t.snapshot())).toEqual(data(path.state))
        t.actor.stop()
      }
    })

    it('never settles while a request that decides who the user is is under way', () => {
      for (const { state } of paths) {
        const deciding =
          state.matches('initializing') ||
          state.matches('signingOut') ||
          state.matches({ signedOut: 'signingIn' }) ||
          state.matches({ signedOut: 'signingUp' }) ||
          state.matches({ mfaRequired: 'verifying' }) ||
          state.matches({ recovery: 'verifying' }) ||
          (state.matches({ signedIn: { profile: 'loading' } }) && state.context.profile === null)
        expect(isSettled(state)).toBe(!deciding)
      }
    })
  })

  describe('all simple paths from a failed sign-in through the requests', () => {
    // Start signed out with a failure in the context, then make the requests a visitor can make,
    // with the events that interrupt them; a small event set keeps the simple paths manageable.
    const invalid = failureOf('Invalid login credentials')
    const signingInId = authMachine.getStateNodeById('auth.signedOut.signingIn').invoke[0]!.id
    let [fromState] = initialTransition(authMachine)
    for (const event of [
      supabaseEvent('INITIAL_SESSION', null),
      SIGN_IN,
      { type: `xstate.error.actor.${signingInId}`, error: invalid } as unknown as AuthEvent,
    ]) {
      ;[fromState] = transition(authMachine, fromState, event)
    }
    const simplePaths = getSimplePaths(authMachine, {
      fromState,
      events: [
        supabaseEvent('INITIAL_SESSION', null),
        supabaseEvent('SIGNED_IN', sessionA),
        supabaseEvent('SIGNED_OUT', null),
        SIGN_IN,
        SIGN_UP,
        RESET_PASSWORD,
        SIGN_OUT,
      ],
    })

    it('starts from the failure and explores a non-trivial number of paths', () => {
      expect(fromState.value).toEqual({ signedOut: 'idle' })
      expect(fromState.context.error).toEqual(invalid)
      expect(simplePaths.length).toBeGreaterThan(20)
    })

    it('tags exactly the request states busy, and drops the old failure when a request starts', () => {
      for (const path of simplePaths) {
        for (let i = 1; i < path.steps.length; i++) {
          const { event, state } = path.steps[i]!
          const requesting = activePaths(state.value).some((p) =>
            /^(signedOut\.(signingIn|signingUp|requestingReset)|signingOut|signedIn\.profile\.loading)$/.test(p),
          )
          expect(state.hasTag('busy')).toBe(requesting)
          if (['auth.signIn', 'auth.signUp', 'auth.resetPassword', 'auth.signOut', 'SIGNED_IN'].includes(event.type)) {
            expect(state.context.error).toBeNull()
          }
          // Only a request or a new session clears it: supabase-js's other events leave it alone.
          if (path.steps.slice(1, i + 1).every(({ event }) => ['INITIAL_SESSION', 'SIGNED_OUT'].includes(event.type))) {
            expect(state.context.error).toEqual(invalid)
          }
        }
      }
    })
  })
})

// ---------------------------------------------------------------------------------------------
// Pure functions

describe('auth machine: pure functions', () => {
  it('exports the documented timings', () => {
    expect(refreshMarginMs).toBe(120_000)
    expect(firstRetryDelayMs).toBe(200)
    expect(maxRetryDelayMs).toBe(30_000)
  })

  it.each([
    ['no session', null, 0, 0],
    ['one hour left', makeSession({ lifetimeS: 3600 }), 0, 3_480_000],
    ['150 s left: halfway', makeSession({ lifetimeS: 150 }), 0, 75_000],
    ['exactly twice the margin left: halfway', makeSession({ lifetimeS: 240 }), 0, 120_000],
    ['just over twice the margin: margin before expiry', makeSession({ lifetimeS: 241 }), 0, 121_000],
    ['an odd remainder rounds down', makeSession({ lifetimeS: 150 }), 1, 74_999],
    ['already expired', makeSession({ lifetimeS: 60 }), 120_000, 0],
    ['counted from now, later on', makeSession({ issuedAtMs: 1_000_000, lifetimeS: 3600 }), 1_500_000, 2_980_000],
  ] as const)('refreshDelay: %s', (_, session, now, expected) => {
    expect(refreshDelay(session, now)).toBe(expected)
  })

  it('refreshDelay falls back to expires_in from now without expires_at', () => {
    const { expires_at: _expiresAt, ...session } = makeSession({ lifetimeS: 3600 })
    expect(refreshDelay(session, 5_000_000)).toBe(3_480_000)
    expect(refreshDelay({ ...session, expires_in: 100 }, 5_000_000)).toBe(50_000)
  })

  it.each([
    [0, 200],
    [1, 200],
    [2, 400],
    [3, 800],
    [4, 1600],
    [5, 3200],
    [8, 25_600],
    [9, 30_000],
    [10, 30_000],
    [2000, 30_000],
  ])('retryDelay(%i) is %i ms', (attempt, expected) => {
    expect(retryDelay(attempt)).toBe(expected)
  })

  it('reads the assurance level from the token payload, base64url and unpadded', () => {
    // '?>' in the payload makes the base64 alphabet's '+' and '/' turn up, as '-' and '_'.
    const awkward = { ...sessionA, access_token: accessToken({ aal: 'aal2', note: '???>>>~~~' }) }
    expect(awkward.access_token.split('.')[1]).toMatch(/[-_]/)
    expect(currentAssurance(awkward)).toBe('aal2')
    expect(currentAssurance(sessionA)).toBe('aal1')
    expect(currentAssurance(verifiedSessionA)).toBe('aal2')
    expect(currentAssurance(null)).toBeNull()
    expect(currentAssurance({ ...sessionA, access_token: 'not a token' })).toBe('aal1')
    expect(currentAssurance({ ...sessionA, access_token: accessToken({ sub: 'x' }) })).toBe('aal1')
  })

  it('counts only verified TOTP factors and passkeys towards MFA', () => {
    expect(verifiedFactors(null)).toEqual([])
    expect(verifiedFactors({ id: 'u', factors: null })).toEqual([])
    expect(verifiedFactors({ id: 'u', factors: [totp('unverified', 'f1'), totp('verified', 'f2')] })).toEqual([
      totp('verified', 'f2'),
    ])
    expect(needsMfa(null)).toBe(false)
    expect(needsMfa(sessionA)).toBe(false)
    expect(needsMfa(mfaSessionA)).toBe(true)
    expect(needsMfa(verifiedSessionA)).toBe(false)
    expect(needsMfa(makeSession({ factors: [totp('unverified')] }))).toBe(false)
    expect(needsMfa(makeSession({ factors: [{ id: 'p', factor_type: 'phone', status: 'verified' }] }))).toBe(false)
    const passkey = (status: string) => ({ id: 'key', factor_type: 'webauthn', status })
    expect(needsMfa(makeSession({ factors: [passkey('verified')] }))).toBe(true)
    expect(needsMfa(makeSession({ factors: [passkey('unverified')] }))).toBe(false)
  })
})

// ---------------------------------------------------------------------------------------------
// The refresh timer

describe('auth machine: refresh timer', () => {
  const REFRESHING = inState({ signedIn: { refresh: 'refreshing' } })
  const BACKING_OFF = inState({ signedIn: { refresh: 'backingOff' } })
  const SCHEDULED = inState({ signedIn: { refresh: 'scheduled' } })

  it('refreshes 120 s before a one-hour session expires, and not a millisecond earlier', async () => {
    const t = setup()
    await signedIn(t, makeSession({ lifetimeS: 3600 }))
    t.clock.increment(3_480_000 - 1)
    expect(t.refreshSession).not.toHaveBeenCalled()
    expect(SCHEDULED(t.snapshot())).toBe(true)

    t.clock.increment(1)
    expect(t.refreshTimes).toEqual([3_480_000])
    expect(t.refreshSession).toHaveBeenCalledWith({ refreshToken: 'refresh-user-a-0' })
    expect(REFRESHING(t.snapshot())).toBe(true)
    // A refresh in the background neither hides the profile nor unsettles anything.
    expect(t.snapshot().matches({ signedIn: { profile: 'ready' } })).toBe(true)
    expect(isSettled(t.snapshot())).toBe(true)
  })

  it('refreshes a 150 s session halfway, at 75 s', async () => {
    const t = setup()
    await signedIn(t, makeSession({ lifetimeS: 150 }))
    t.clock.increment(74_999)
    expect(t.refreshSession).not.toHaveBeenCalled()
    t.clock.increment(1)
    expect(t.refreshTimes).toEqual([75_000])
  })

  it('refreshes at once when the restored session has already expired', async () => {
    const t = setup()
    t.clock.increment(10_000_000)
    await signedIn(t, makeSession({ lifetimeS: 3600 }))
    t.clock.increment(0)
    expect(t.refreshTimes).toEqual([10_000_000])
  })

  it('schedules the next refresh from the new session after a success', async () => {
    const t = setup()
    const next = makeSession({ issuedAtMs: 3_480_000, lifetimeS: 3600, serial: 1 })
    t.refreshSession.mockResolvedValueOnce(next)
    await signedIn(t, makeSession({ lifetimeS: 3600 }))
    t.clock.increment(3_480_000)
    await t.until(SCHEDULED)
    expect(t.context().session).toBe(next)
    expect(t.context().user).toBe(next.user)
    expect(t.context().refreshAttempt).toBe(0)

    // The new session expires at 3480 + 3600 = 7080 s: the next refresh is due at 6960 s.
    t.clock.increment(3_480_000 - 1)
    expect(t.refreshSession).toHaveBeenCalledTimes(1)
    t.clock.increment(1)
    expect(t.refreshTimes).toEqual([3_480_000, 6_960_000])
    expect(t.refreshSession).toHaveBeenLastCalledWith({ refreshToken: 'refresh-user-a-1' })
  })

  /** Fails each attempt retryably and checks the wait before the next one, to the millisecond. */
  async function expectBackoff(t: Harness, delays: number[]) {
    for (const delay of delays) {
      await t.until(BACKING_OFF)
      const calls = t.refreshTimes.length
      t.clock.increment(delay - 1)
      expect(t.refreshTimes).toHaveLength(calls)
      t.clock.increment(1)
      expect(t.refreshTimes).toHaveLength(calls + 1)
      expect(REFRESHING(t.snapshot())).toBe(true)
    }
  }

  it('backs off 200, 400, 800, 1600 ms on retryable errors, keeping the session and the error', async () => {
    const t = setup()
    const offline = { message: 'Failed to fetch', retryable: true }
    t.refreshSession.mockRejectedValue(offline)
    await signedIn(t)
    t.clock.increment(3_480_000)

    await expectBackoff(t, [200, 400, 800, 1600])
    expect(t.refreshTimes).toEqual([3_480_000, 3_480_200, 3_480_600, 3_481_400, 3_483_000])
    await t.until(BACKING_OFF)
    expect(t.context().refreshAttempt).toBe(5)
    expect(t.context().error).toEqual(offline)
    expect(t.context().session).toBe(sessionA)
    expect(t.context().profile).toEqual(makeProfile('user-a'))
    expect(t.removeSession).not.toHaveBeenCalled()
  })

  it('caps the backoff at 30 s and keeps retrying for as long as the session is kept', async () => {
    const t = setup()
    t.refreshSession.mockRejectedValue(failureOf('Bad gateway', true))
    await signedIn(t)
    t.clock.increment(3_480_000)
    await expectBackoff(t, [200, 400, 800, 1600, 3200, 6400, 12_800, 25_600, 30_000, 30_000, 30_000])
    await t.until(BACKING_OFF)
    expect(t.refreshTimes).toHaveLength(12)
    expect(t.context().refreshAttempt).toBe(12)
    expect(t.snapshot().matches('signedIn')).toBe(true)
  })

  it('a success after failures resets the backoff', async () => {
    const t = setup()
    const next = makeSession({ issuedAtMs: 3_480_600, lifetimeS: 3600, serial: 1 })
    t.refreshSession
      .mockRejectedValueOnce(failureOf('offline', true))
      .mockRejectedValueOnce(failureOf('offline', true))
      .mockResolvedValueOnce(next)
      .mockRejectedValueOnce(failureOf('offline', true))
    await signedIn(t)
    t.clock.increment(3_480_000)
    await expectBackoff(t, [200, 400])
    await t.until(SCHEDULED)
    expect(t.context().refreshAttempt).toBe(0)
    expect(t.context().session).toBe(next)

    // Next refresh at 3480.6 + 3480 s; its failure starts the backoff from 200 ms again.
    t.clock.increment(3_480_000)
    expect(t.refreshTimes.at(-1)).toBe(6_960_600)
    await expectBackoff(t, [200])
  })

  it('TOKEN_REFRESHED from supabase-js ends a backoff and reschedules from its session', async () => {
    const t = setup()
    t.refreshSession.mockRejectedValue(failureOf('offline', true))
    await signedIn(t)
    t.clock.increment(3_480_000)
    await t.until(BACKING_OFF)
    const next = makeSession({ issuedAtMs: 3_480_000, lifetimeS: 3600, serial: 1 })
    t.send(supabaseEvent('TOKEN_REFRESHED', next))
    expect(SCHEDULED(t.snapshot())).toBe(true)
    expect(t.context().refreshAttempt).toBe(0)
    t.clock.increment(3_480_000 - 1)
    expect(t.refreshTimes).toEqual([3_480_000])
    t.clock.increment(1)
    expect(t.refreshTimes).toEqual([3_480_000, 6_960_000])
  })

  it('a non-retryable error removes the stored session and signs out, keeping the error', async () => {
    const t = setup()
    const dead = {
      message: 'Invalid Refresh Token: Already Used',
      code: 'refresh_token_already_used',
      status: 400,
      retryable: false,
    }
    const removal = deferred<void>()
    t.refreshSession.mockRejectedValueOnce(dead)
    t.removeSession.mockReturnValueOnce(removal.promise)
    await signedIn(t)
    t.clock.increment(3_480_000)

    await t.until(inState({ signedIn: { refresh: 'removingSession' } }))
    expect(t.removeSession).toHaveBeenCalledTimes(1)
    expect(t.context().error).toEqual(dead)
    removal.resolve()
    await t.until(inState({ signedOut: 'idle' }))
    expect(t.context()).toMatchObject({ session: null, user: null, profile: null, refreshAttempt: 0, error: dead })
    // No timer survives the sign-out.
    t.clock.increment(10 * 3_600_000)
    expect(t.refreshSession).toHaveBeenCalledTimes(1)
  })

  it('signs out after a dead refresh token even when removing the stored session fails', async () => {
    const t = setup()
    t.refreshSession.mockRejectedValueOnce(failureOf('Refresh Token Not Found'))
    t.removeSession.mockRejectedValueOnce(new Error('storage unavailable'))
    await signedIn(t)
    t.clock.increment(3_480_000)
    await t.until(inState('signedOut'))
    expect(t.context()).toMatchObject({ user: null, profile: null, error: failureOf('Refresh Token Not Found') })
  })

  it('treats an unexpected exception as not worth retrying', async () => {
    const t = setup()
    t.refreshSession.mockRejectedValueOnce(new TypeError('cannot read properties of undefined'))
    await signedIn(t)
    t.clock.increment(3_480_000)
    await t.until(inState('signedOut'))
    expect(t.context().error).toEqual(failureOf('cannot read properties of undefined'))
  })

  it('signing out stops the timer', async () => {
    const t = setup()
    await signedIn(t)
    t.send(SIGN_OUT)
    await t.until(inState('signedOut'))
    t.clock.increment(10 * 3_600_000)
    expect(t.refreshSession).not.toHaveBeenCalled()
  })
})

// ---------------------------------------------------------------------------------------------
// The profile

describe('auth machine: profile', () => {
  it('a failed fetch leaves the profile null with the message as the error', async () => {
    const t = setup()
    const denied = { message: 'permission denied for table profiles', code: '42501', retryable: false }
    t.loadProfile.mockRejectedValueOnce(denied)
    t.send(supabaseEvent('INITIAL_SESSION', sessionA))
    await t.until(inState({ signedIn: { profile: 'failed' } }))
    expect(t.context().profile).toBeNull()
    expect(t.context().error).toEqual(denied)
    expect(t.context().error?.message).toBe('permission denied for table profiles')
    expect(t.context().user).toBe(sessionA.user)
    expect(isSettled(t.snapshot())).toBe(true)
    expect(isClient(t.snapshot())).toBe(false)
  })

  it('RELOAD_PROFILE retries a failed fetch and clears the error when it works', async () => {
    const t = setup()
    t.loadProfile.mockRejectedValueOnce(new Error('Failed to fetch'))
    t.send(supabaseEvent('INITIAL_SESSION', sessionA))
    await t.until(inState({ signedIn: { profile: 'failed' } }))
    expect(t.context().error).toEqual(failureOf('Failed to fetch'))

    t.send(RELOAD_PROFILE)
    expect(t.snapshot().matches({ signedIn: { profile: 'loading' } })).toBe(true)
    expect(isSettled(t.snapshot())).toBe(false)
    await t.until(PROFILE_READY)
    expect(t.context().profile).toEqual(makeProfile('user-a'))
    expect(t.context().error).toBeNull()
    expect(t.loadProfile).toHaveBeenCalledTimes(2)
    expect(t.loadProfile).toHaveBeenLastCalledWith({ userId: 'user-a' })
  })

  it('RELOAD_PROFILE reloads a loaded profile, keeping the old one meanwhile', async () => {
    const t = setup()
    await signedIn(t)
    const reload = nextCallWaits(t.loadProfile)
    t.send(RELOAD_PROFILE)
    expect(t.snapshot().matches({ signedIn: { profile: 'reloading' } })).toBe(true)
    expect(t.context().profile).toEqual(makeProfile('user-a'))
    expect(isSettled(t.snapshot())).toBe(true)
    reload.resolve(makeProfile('user-a', { full_name: 'Renamed' }))
    await t.until(PROFILE_READY)
    expect(t.context().profile?.full_name).toBe('Renamed')
  })

  it('a failed reload drops the old profile', async () => {
    const t = setup()
    await signedIn(t)
    t.loadProfile.mockRejectedValueOnce(failureOf('timeout', true))
    t.send(RELOAD_PROFILE)
    await t.until(inState({ signedIn: { profile: 'failed' } }))
    expect(t.context().profile).toBeNull()
    expect(t.context().error).toEqual(failureOf('timeout', true))
  })
})

// ---------------------------------------------------------------------------------------------
// Requests and supabase-js events

describe('auth machine: sign in and sign up', () => {
  it('starts initializing, busy and unsettled, until supabase-js reports the stored session', () => {
    const t = setup()
    expect(t.snapshot().value).toBe('initializing')
    expect(t.snapshot().hasTag('busy')).toBe(true)
    expect(isSettled(t.snapshot())).toBe(false)
    t.send(SIGN_IN)
    expect(t.snapshot().value).toBe('initializing')
    t.send(supabaseEvent('INITIAL_SESSION', null))
    expect(t.snapshot().value).toEqual({ signedOut: 'idle' })
    expect(isSettled(t.snapshot())).toBe(true)
  })

  it('signs in: signingIn, then signedIn with the profile loading, then ready', async () => {
    const t = setup()
    const profile = nextCallWaits(t.loadProfile)
    t.send(supabaseEvent('INITIAL_SESSION', null), SIGN_IN)
    expect(t.snapshot().matches({ signedOut: 'signingIn' })).toBe(true)
    expect(t.snapshot().hasTag('busy')).toBe(true)
    expect(isSettled(t.snapshot())).toBe(false)
    expect(t.signIn).toHaveBeenCalledWith(
      expect.objectContaining({ email: 'user-a@example.test', password: 'correct horse' }),
    )

    await t.until(inState('signedIn'))
    expect(t.snapshot().matches({ signedIn: { profile: 'loading' } })).toBe(true)
    expect(t.context().session).toBe(sessionA)
    expect(t.context().user).toBe(sessionA.user)
    expect(isSettled(t.snapshot())).toBe(false)
    expect(t.loadProfile).toHaveBeenCalledWith({ userId: 'user-a' })

    profile.resolve(makeProfile('user-a', { role: 'admin' }))
    await t.until(PROFILE_READY)
    expect(t.context().profile).toEqual(makeProfile('user-a', { role: 'admin' }))
    expect(isSettled(t.snapshot())).toBe(true)
    expect(isAdmin(t.snapshot())).toBe(true)
  })

  it('a failed sign-in returns to idle with the failure', async () => {
    const t = setup()
    const invalid = { message: 'Invalid login credentials', code: 'invalid_credentials', status: 400, retryable: false }
    t.signIn.mockRejectedValueOnce(invalid)
    t.send(supabaseEvent('INITIAL_SESSION', null), SIGN_IN)
    await t.until(inState({ signedOut: 'idle' }))
    expect(t.context().error).toEqual(invalid)
    expect(t.context().error?.message).toBe('Invalid login credentials')
    expect(t.context().user).toBeNull()

    // The next attempt (left pending) starts with a clean slate.
    nextCallWaits(t.signIn)
    t.send(SIGN_IN)
    expect(t.context().error).toBeNull()
  })

  it('an exception from signIn is kept as a non-retryable failure with its message', async () => {
    const t = setup()
    t.signIn.mockRejectedValueOnce(new Error('Failed to fetch'))
    t.send(supabaseEvent('INITIAL_SESSION', null), SIGN_IN)
    await t.until(inState({ signedOut: 'idle' }))
    expect(t.context().error).toEqual(failureOf('Failed to fetch'))
  })

  it('a SIGNED_IN from supabase-js before signIn resolves wins, and the late result changes nothing', async () => {
    const t = setup()
    const attempt = nextCallWaits(t.signIn)
    t.send(supabaseEvent('INITIAL_SESSION', null), SIGN_IN, supabaseEvent('SIGNED_IN', sessionA))
    expect(t.snapshot().matches('signedIn')).toBe(true)
    attempt.resolve(sessionB)
    await t.until(PROFILE_READY)
    expect(t.context().user?.id).toBe('user-a')
  })

  it('signs up straight into a session when e-mail confirmation is off', async () => {
    const t = setup()
    t.signUp.mockResolvedValueOnce(sessionA)
    t.send(supabaseEvent('INITIAL_SESSION', null), SIGN_UP)
    expect(t.snapshot().matches({ signedOut: 'signingUp' })).toBe(true)
    expect(isSettled(t.snapshot())).toBe(false)
    expect(t.signUp).toHaveBeenCalledWith(expect.objectContaining({ metadata: { full_name: 'Test Person' } }))
    await t.until(PROFILE_READY)
    expect(t.context().user).toBe(sessionA.user)
  })

  it('a sign-up that awaits e-mail confirmation stays signed out without an error', async () => {
    const t = setup()
    t.send(supabaseEvent('INITIAL_SESSION', null), SIGN_UP)
    await t.until(inState({ signedOut: 'idle' }))
    expect(t.context()).toMatchObject({ user: null, error: null })
  })

  it('a failed sign-up keeps the failure', async () => {
    const t = setup()
    t.signUp.mockRejectedValueOnce(failureOf('User already registered'))
    t.send(supabaseEvent('INITIAL_SESSION', null), SIGN_UP)
    await t.until(inState({ signedOut: 'idle' }))
    expect(t.context().error).toEqual(failureOf('User already registered'))
  })

  it('requests a reset e-mail while signed out, keeping a failure', async () => {
    const t = setup()
    t.send(supabaseEvent('INITIAL_SESSION', null), RESET_PASSWORD)
    expect(t.snapshot().matches({ signedOut: 'requestingReset' })).toBe(true)
    expect(t.snapshot().hasTag('busy')).toBe(true)
    expect(t.resetPassword).toHaveBeenCalledWith(
      expect.objectContaining({ email: 'user-a@example.test', redirectTo: 'https://example.test/reset' }),
    )
    await t.until(inState({ signedOut: 'idle' }))
    expect(t.context().error).toBeNull()

    t.resetPassword.mockRejectedValueOnce(failureOf('For security purposes, you can only request this once', false))
    t.send(RESET_PASSWORD)
    await t.until(inState({ signedOut: 'idle' }))
    expect(t.context().error?.message).toMatch(/only request this once/)
  })
})

describe('auth machine: second factor', () => {
  it('a verified TOTP factor at aal1 requires the code; VERIFY_MFA signs in', async () => {
    const t = setup()
    t.send(supabaseEvent('INITIAL_SESSION', mfaSessionA))
    expect(t.snapshot().value).toEqual({ mfaRequired: 'idle' })
    expect(isSettled(t.snapshot())).toBe(true)
    expect(t.loadProfile).not.toHaveBeenCalled()

    const verification = nextCallWaits(t.verifyMfa)
    t.send(VERIFY_MFA)
    expect(t.snapshot().value).toEqual({ mfaRequired: 'verifying' })
    expect(isSettled(t.snapshot())).toBe(false)
    expect(t.verifyMfa).toHaveBeenCalledWith({ factorId: 'factor-totp', code: '123456' })

    verification.resolve(verifiedSessionA)
    await t.until(PROFILE_READY)
    expect(t.context().session).toBe(verifiedSessionA)
    expect(currentAssurance(t.context().session)).toBe('aal2')
  })

  it('verifies against the verified factor, not an abandoned enrolment listed first', () => {
    const t = setup()
    const session = makeSession({ factors: [totp('unverified', 'abandoned'), totp('verified', 'real')] })
    t.send(supabaseEvent('INITIAL_SESSION', session), VERIFY_MFA)
    expect(t.verifyMfa).toHaveBeenCalledWith({ factorId: 'real', code: '123456' })
  })

  it('an unverified factor does not require MFA', async () => {
    const t = setup()
    t.send(supabaseEvent('SIGNED_IN', makeSession({ factors: [totp('unverified')] })))
    expect(t.snapshot().matches('signedIn')).toBe(true)
    await t.until(PROFILE_READY)
  })

  it('an aal2 session with a verified factor goes straight to signedIn', () => {
    const t = setup()
    t.send(supabaseEvent('INITIAL_SESSION', verifiedSessionA))
    expect(t.snapshot().matches('signedIn')).toBe(true)
  })

  it('a sign-in whose session needs the second factor lands in mfaRequired', async () => {
    const t = setup()
    t.signIn.mockResolvedValueOnce(mfaSessionA)
    t.send(supabaseEvent('INITIAL_SESSION', null), SIGN_IN)
    await t.until(inState('mfaRequired'))
    expect(t.context().user).toBe(mfaSessionA.user)
  })

  it('a wrong code keeps the failure; the next attempt clears it', async () => {
    const t = setup()
    t.verifyMfa.mockRejectedValueOnce(failureOf('Invalid TOTP code entered'))
    t.send(supabaseEvent('SIGNED_IN', mfaSessionA), VERIFY_MFA)
    await t.until(inState({ mfaRequired: 'idle' }))
    expect(t.context().error).toEqual(failureOf('Invalid TOTP code entered'))
    t.send(VERIFY_MFA)
    expect(t.context().error).toBeNull()
    await t.until(inState('signedIn'))
  })

  it('MFA_CHALLENGE_VERIFIED from supabase-js signs in', () => {
    const t = setup()
    t.send(supabaseEvent('SIGNED_IN', mfaSessionA), supabaseEvent('MFA_CHALLENGE_VERIFIED', verifiedSessionA))
    expect(t.snapshot().matches({ signedIn: { profile: 'loading' } })).toBe(true)
    expect(t.context().session).toBe(verifiedSessionA)
  })

  it('SIGNED_IN for another user who needs MFA drops the previous user’s profile', async () => {
    const t = setup()
    t.profiles.set('user-a', makeProfile('user-a', { role: 'admin' }))
    await signedIn(t)
    expect(isAdmin(t.snapshot())).toBe(true)
    t.send(supabaseEvent('SIGNED_IN', makeSession({ userId: 'user-b', factors: [totp()] })))
    expect(t.snapshot().value).toEqual({ mfaRequired: 'idle' })
    expect(t.context().profile).toBeNull()
    expect(isAdmin(t.snapshot())).toBe(false)

    // After the code, user B must not pass for an admin while B's own profile loads.
    t.verifyMfa.mockResolvedValueOnce(makeSession({ userId: 'user-b', aal: 'aal2', factors: [totp()] }))
    const profileB = nextCallWaits(t.loadProfile)
    t.send(VERIFY_MFA)
    await t.until(inState('signedIn'))
    expect(t.context().profile).toBeNull()
    expect(isSettled(t.snapshot())).toBe(false)
    expect(isAdmin(t.snapshot())).toBe(false)
    profileB.resolve(makeProfile('user-b'))
    await t.until(PROFILE_READY)
    expect(t.context().profile?.id).toBe('user-b')
    expect(isClient(t.snapshot())).toBe(true)
  })

  it('sign-out from mfaRequired', async () => {
    const t = setup()
    t.send(supabaseEvent('SIGNED_IN', mfaSessionA), SIGN_OUT)
    expect(t.snapshot().value).toBe('signingOut')
    await t.until(inState({ signedOut: 'idle' }))
    expect(t.context().user).toBeNull()
  })
})

describe('auth machine: password recovery and changes', () => {
  it('PASSWORD_RECOVERY leads to recovery; UPDATE_PASSWORD then signs in', async () => {
    const t = setup()
    t.send(supabaseEvent('INITIAL_SESSION', null), supabaseEvent('PASSWORD_RECOVERY', sessionA))
    expect(t.snapshot().value).toEqual({ recovery: 'idle' })
    expect(t.context().session).toBe(sessionA)
    expect(isSettled(t.snapshot())).toBe(true)

    t.send(UPDATE_PASSWORD)
    expect(t.snapshot().value).toEqual({ recovery: 'updating' })
    expect(t.snapshot().hasTag('busy')).toBe(true)
    expect(t.updatePassword).toHaveBeenCalledWith(expect.objectContaining({ password: 'battery staple' }))
    await t.until(PROFILE_READY)
    expect(t.context().user).toBe(sessionA.user)
  })

  it('a failed password update stays in recovery with the failure', async () => {
    const t = setup()
    const same = { message: 'New password should be different from the old password.', retryable: false }
    t.updatePassword.mockRejectedValueOnce(same)
    t.send(supabaseEvent('PASSWORD_RECOVERY', sessionA), UPDATE_PASSWORD)
    await t.until(inState({ recovery: 'idle' }))
    expect(t.context().error).toEqual(same)
    t.send(UPDATE_PASSWORD)
    expect(t.context().error).toBeNull()
    await t.until(inState('signedIn'))
  })

  it('a recovery link opened while signed in drops the profile; signedIn loads it afresh', async () => {
    const t = setup()
    t.profiles.set('user-a', makeProfile('user-a', { role: 'super_admin' }))
    await signedIn(t)
    t.send(supabaseEvent('PASSWORD_RECOVERY', sessionB))
    expect(t.snapshot().value).toEqual({ recovery: 'idle' })
    expect(t.context().profile).toBeNull()
    t.updatePassword.mockResolvedValueOnce(sessionB.user)
    t.send(UPDATE_PASSWORD)
    await t.until(inState('signedIn'))
    expect(isAdmin(t.snapshot())).toBe(false)
    await t.until(PROFILE_READY)
    expect(t.context().profile?.id).toBe('user-b')
  })

  it('a recovery link for an account with a factor asks for the code before the new password', async () => {
    const t = setup()
    const twoFactors = makeSession({ factors: [totp('verified', 'phone'), totp('verified', 'backup')] })
    t.send(supabaseEvent('PASSWORD_RECOVERY', twoFactors))
    expect(t.snapshot().value).toEqual({ recovery: 'code' })
    // The server would refuse the password at aal1: the machine does not even ask.
    t.send(UPDATE_PASSWORD)
    expect(t.snapshot().value).toEqual({ recovery: 'code' })
    expect(t.updatePassword).not.toHaveBeenCalled()

    t.verifyMfa.mockRejectedValueOnce(failureOf('Invalid TOTP code entered'))
    t.send({ type: 'auth.verifyMfa', code: '000000', factorId: 'backup' })
    expect(t.snapshot().value).toEqual({ recovery: 'verifying' })
    await t.until(inState({ recovery: 'code' }))
    expect(t.context().error).toEqual(failureOf('Invalid TOTP code entered'))
    expect(t.verifyMfa).toHaveBeenLastCalledWith({ factorId: 'backup', code: '000000' })

    // An unknown factor id falls back to the first authenticator.
    t.send({ type: 'auth.verifyMfa', code: '123456', factorId: 'someone-elses' })
    expect(t.verifyMfa).toHaveBeenLastCalledWith({ factorId: 'phone', code: '123456' })
    await t.until(inState({ recovery: 'idle' }))
    expect(t.context().session).toBe(verifiedSessionA)
    expect(t.context().error).toBeNull()
    t.send(UPDATE_PASSWORD)
    await t.until(inState('signedIn'))
  })

  it("a second step with a passkey asks the browser for one of the user's passkeys, not for a code", async () => {
    const t = setup()
    const withPasskey = makeSession({
      factors: [totp('verified', 'phone'), { id: 'key', factor_type: 'webauthn', status: 'verified' }],
    })
    t.send(supabaseEvent('SIGNED_IN', withPasskey))
    await t.until(inState({ mfaRequired: 'idle' }))
    t.send({ type: 'auth.verifyMfa', passkey: true })
    expect(t.verifyMfa).toHaveBeenLastCalledWith({ factorId: 'key', passkey: true })
    await t.until(inState('signedIn'))
  })

  it('supabase-js announcing the verified code keeps the recovery for the new password', () => {
    const t = setup()
    t.send(supabaseEvent('PASSWORD_RECOVERY', mfaSessionA))
    expect(t.snapshot().value).toEqual({ recovery: 'code' })
    t.send(supabaseEvent('MFA_CHALLENGE_VERIFIED', verifiedSessionA))
    expect(t.snapshot().value).toEqual({ recovery: 'idle' })
    expect(t.context().session).toBe(verifiedSessionA)
  })

  it('sign-out from recovery', async () => {
    const t = setup()
    t.send(supabaseEvent('PASSWORD_RECOVERY', sessionA), SIGN_OUT)
    await t.until(inState({ signedOut: 'idle' }))
    expect(t.context().session).toBeNull()
  })

  it('changes the password while signed in, keeping a failure and the session', async () => {
    const t = setup()
    await signedIn(t)
    t.send(UPDATE_PASSWORD)
    expect(t.snapshot().matches({ signedIn: { operation: 'updatingPassword' } })).toBe(true)
    expect(t.snapshot().hasTag('busy')).toBe(true)
    await t.until(inState({ signedIn: { operation: 'idle' } }))
    expect(t.context().error).toBeNull()

    t.updatePassword.mockRejectedValueOnce(failureOf('Password should be at least 12 characters'))
    t.send(UPDATE_PASSWORD)
    await t.until(inState({ signedIn: { operation: 'idle' } }))
    expect(t.context().error).toEqual(failureOf('Password should be at least 12 characters'))
    expect(t.context().profile).toEqual(makeProfile('user-a'))
  })

  it('keeps a password change in flight when supabase-js announces USER_UPDATED or TOKEN_REFRESHED', async () => {
    const t = setup()
    await signedIn(t)
    const update = nextCallWaits(t.updatePassword)
    t.send(UPDATE_PASSWORD)
    // supabase-js emits USER_UPDATED before updateUser() resolves; a refresh may land meanwhile too.
    t.send(supabaseEvent('USER_UPDATED', sessionA))
    t.send(supabaseEvent('TOKEN_REFRESHED', refreshedSessionA))
    expect(t.snapshot().matches({ signedIn: { operation: 'updatingPassword', profile: 'reloading' } })).toBe(true)
    expect(t.context().session).toBe(refreshedSessionA)
    update.reject(failureOf('New password should be different from the old password.'))
    await t.until(inState({ signedIn: { operation: 'idle' } }))
    expect(t.context().error).toEqual(failureOf('New password should be different from the old password.'))
  })

  it('requests a reset e-mail while signed in', async () => {
    const t = setup()
    await signedIn(t)
    t.send(RESET_PASSWORD)
    expect(t.snapshot().matches({ signedIn: { operation: 'requestingReset' } })).toBe(true)
    await t.until(inState({ signedIn: { operation: 'idle' } }))
    t.resetPassword.mockRejectedValueOnce(failureOf('Email rate limit exceeded'))
    t.send(RESET_PASSWORD)
    await t.until(inState({ signedIn: { operation: 'idle' } }))
    expect(t.context().error).toEqual(failureOf('Email rate limit exceeded'))
    expect(t.snapshot().matches('signedIn')).toBe(true)
  })
})

describe('auth machine: sign out', () => {
  it('signs out: signingOut, then signedOut without user or profile', async () => {
    const t = setup()
    await signedIn(t)
    t.send(SIGN_OUT)
    expect(t.snapshot().value).toBe('signingOut')
    expect(isSettled(t.snapshot())).toBe(false)
    await t.until(inState({ signedOut: 'idle' }))
    expect(t.context()).toMatchObject({ session: null, user: null, profile: null, error: null })
    expect(t.signOut).toHaveBeenCalledTimes(1)
  })

  it('signs out even when the signOut call fails, keeping the failure', async () => {
    const t = setup()
    await signedIn(t)
    t.signOut.mockRejectedValueOnce(failureOf('Failed to fetch', true))
    t.send(SIGN_OUT)
    await t.until(inState({ signedOut: 'idle' }))
    expect(t.context()).toMatchObject({ user: null, profile: null, error: failureOf('Failed to fetch', true) })
  })

  it('does not report an earlier failure as the sign-out’s', async () => {
    const t = setup()
    t.loadProfile.mockRejectedValueOnce(failureOf('permission denied'))
    t.send(supabaseEvent('INITIAL_SESSION', sessionA))
    await t.until(inState({ signedIn: { profile: 'failed' } }))
    t.send(SIGN_OUT)
    await t.until(inState({ signedOut: 'idle' }))
    expect(t.context().error).toBeNull()
  })

  it('a SIGNED_IN for someone else during sign-out does not inherit the old profile', async () => {
    const t = setup()
    t.profiles.set('user-a', makeProfile('user-a', { role: 'admin' }))
    await signedIn(t)
    t.signOut.mockReturnValueOnce(never())
    t.send(SIGN_OUT)
    expect(t.context().profile).toBeNull()
    const profileB = nextCallWaits(t.loadProfile)
    t.send(supabaseEvent('SIGNED_IN', sessionB))
    expect(t.snapshot().matches({ signedIn: { profile: 'loading' } })).toBe(true)
    expect(t.context().profile).toBeNull()
    expect(isSettled(t.snapshot())).toBe(false)
    expect(isAdmin(t.snapshot())).toBe(false)
    profileB.resolve(makeProfile('user-b'))
    await t.until(PROFILE_READY)
    expect(t.context().profile?.id).toBe('user-b')
  })

  /** Ways to reach a state from which SIGNED_OUT must sign out. */
  const STARTS: Array<[string, (t: Harness) => Promise<unknown> | void]> = [
    ['initializing', () => {}],
    [
      'signedOut.signingIn',
      (t) => {
        t.signIn.mockReturnValueOnce(never())
        t.send(supabaseEvent('INITIAL_SESSION', null), SIGN_IN)
      },
    ],
    ['mfaRequired', (t) => t.send(supabaseEvent('SIGNED_IN', mfaSessionA))],
    ['recovery', (t) => t.send(supabaseEvent('PASSWORD_RECOVERY', sessionA))],
    ['signedIn with a profile', (t) => signedIn(t)],
    [
      'signedIn while backing off',
      async (t) => {
        t.refreshSession.mockRejectedValue(failureOf('offline', true))
        await signedIn(t)
        t.clock.increment(3_480_000)
        await t.until(inState({ signedIn: { refresh: 'backingOff' } }))
      },
    ],
    [
      'signingOut',
      async (t) => {
        await signedIn(t)
        t.signOut.mockReturnValueOnce(never())
        t.send(SIGN_OUT)
      },
    ],
  ]

  it.each(STARTS)('SIGNED_OUT from %s clears the user and the profile', async (_, start) => {
    const t = setup()
    await start(t)
    t.send(supabaseEvent('SIGNED_OUT', null))
    expect(t.snapshot().value).toEqual({ signedOut: 'idle' })
    expect(t.context()).toMatchObject({ session: null, user: null, profile: null, refreshAttempt: 0 })
    expect(isSettled(t.snapshot())).toBe(true)
    t.clock.increment(10 * 3_600_000)
    expect(t.refreshTimes.filter((time) => time > 3_480_000)).toEqual([])
  })
})

describe('auth machine: supabase-js events while signed in', () => {
  it('TOKEN_REFRESHED for the same user keeps the old profile while reloading: no flicker', async () => {
    const t = setup()
    await signedIn(t)
    const settled: boolean[] = []
    const subscription = t.actor.subscribe((snapshot) => settled.push(isSettled(snapshot)))
    const reload = nextCallWaits(t.loadProfile)

    t.send(supabaseEvent('TOKEN_REFRESHED', refreshedSessionA))
    expect(t.snapshot().matches({ signedIn: { profile: 'reloading', refresh: 'scheduled' } })).toBe(true)
    expect(t.context().session).toBe(refreshedSessionA)
    expect(t.context().profile).toEqual(makeProfile('user-a'))
    expect(isClient(t.snapshot())).toBe(true)

    reload.resolve(makeProfile('user-a', { full_name: 'Updated' }))
    await t.until(PROFILE_READY)
    expect(t.context().profile?.full_name).toBe('Updated')
    expect(settled.length).toBeGreaterThan(1)
    expect(settled.every(Boolean)).toBe(true)
    subscription.unsubscribe()
  })

  it('SIGNED_IN for the same user keeps the profile while reloading', async () => {
    const t = setup()
    await signedIn(t)
    t.send(supabaseEvent('SIGNED_IN', refreshedSessionA))
    expect(t.snapshot().matches({ signedIn: { profile: 'reloading' } })).toBe(true)
    expect(t.context().profile).toEqual(makeProfile('user-a'))
    expect(isSettled(t.snapshot())).toBe(true)
    await t.until(PROFILE_READY)
    expect(t.loadProfile).toHaveBeenCalledTimes(2)
  })

  it('SIGNED_IN for a different user clears the profile and loads theirs', async () => {
    const t = setup()
    t.profiles.set('user-a', makeProfile('user-a', { role: 'admin' }))
    await signedIn(t)
    t.send(supabaseEvent('SIGNED_IN', sessionB))
    expect(t.snapshot().matches({ signedIn: { profile: 'loading' } })).toBe(true)
    expect(t.context().user).toBe(sessionB.user)
    expect(t.context().profile).toBeNull()
    expect(isSettled(t.snapshot())).toBe(false)
    expect(isAdmin(t.snapshot())).toBe(false)
    await t.until(PROFILE_READY)
    expect(t.loadProfile).toHaveBeenLastCalledWith({ userId: 'user-b' })
    expect(t.context().profile?.id).toBe('user-b')
  })

  it('USER_UPDATED and MFA_CHALLENGE_VERIFIED reload the profile quietly', async () => {
    const t = setup()
    await signedIn(t)
    for (const type of ['USER_UPDATED', 'MFA_CHALLENGE_VERIFIED'] as const) {
      t.send(supabaseEvent(type, refreshedSessionA))
      expect(t.snapshot().matches({ signedIn: { profile: 'reloading' } })).toBe(true)
      expect(t.context().profile).not.toBeNull()
      await t.until(PROFILE_READY)
    }
    expect(t.loadProfile).toHaveBeenCalledTimes(3)
  })

  it('a repeated INITIAL_SESSION changes nothing; one without a session signs out', async () => {
    const t = setup()
    await signedIn(t)
    t.send(supabaseEvent('INITIAL_SESSION', sessionA))
    expect(t.snapshot().matches({ signedIn: { profile: 'ready' } })).toBe(true)
    expect(t.loadProfile).toHaveBeenCalledTimes(1)
    t.send(supabaseEvent('INITIAL_SESSION', null))
    expect(t.snapshot().value).toEqual({ signedOut: 'idle' })
    expect(t.context().profile).toBeNull()
  })

  it('events without a session are ignored where a session is required', async () => {
    const t = setup()
    await signedIn(t)
    for (const type of ['SIGNED_IN', 'TOKEN_REFRESHED', 'USER_UPDATED', 'MFA_CHALLENGE_VERIFIED'] as const) {
      t.send(supabaseEvent(type, null))
      expect(t.snapshot().matches({ signedIn: { profile: 'ready' } })).toBe(true)
    }
    t.send(supabaseEvent('PASSWORD_RECOVERY', null))
    expect(t.snapshot().matches('signedIn')).toBe(true)
    expect(t.context().session).toBe(sessionA)
  })
})

// ---------------------------------------------------------------------------------------------
// Role helpers and isSettled

describe('auth machine: roles', () => {
  it.each([
    ['client', true, { client: true, admin: false, super_admin: false, isAdmin: false, isClient: true }],
    ['admin', true, { client: false, admin: true, super_admin: false, isAdmin: true, isClient: false }],
    ['super_admin', true, { client: false, admin: false, super_admin: true, isAdmin: true, isClient: false }],
    ['admin', false, { client: false, admin: false, super_admin: false, isAdmin: false, isClient: false }],
    ['client', false, { client: false, admin: false, super_admin: false, isAdmin: false, isClient: false }],
    ['staff', true, { client: false, admin: false, super_admin: false, isAdmin: false, isClient: false }],
  ] as const)('role %s, active %s', async (role, active, expected) => {
    const t = setup()
    t.profiles.set('user-a', makeProfile('user-a', { role, is_active: active }))
    const snapshot = await signedIn(t)
    const roles: Role[] = ['client', 'admin', 'super_admin']
    expect({
      ...Object.fromEntries(roles.map((r) => [r, hasRole(snapshot, r)])),
      isAdmin: isAdmin(snapshot),
      isClient: isClient(snapshot),
    }).toEqual(expected)
  })

  it('no profile, no role', () => {
    const t = setup()
    t.send(supabaseEvent('INITIAL_SESSION', null))
    expect(isAdmin(t.snapshot())).toBe(false)
    expect(isClient(t.snapshot())).toBe(false)
    expect(hasRole(t.snapshot(), 'client')).toBe(false)
  })
})

describe('auth machine: isSettled', () => {
  it('is false while initializing, signing in, and loading a first profile; true otherwise', async () => {
    const t = setup()
    expect(isSettled(t.snapshot())).toBe(false)
    t.send(supabaseEvent('INITIAL_SESSION', null))
    expect(isSettled(t.snapshot())).toBe(true)

    const attempt = nextCallWaits(t.signIn)
    t.send(SIGN_IN)
    expect(isSettled(t.snapshot())).toBe(false)

    const profile = nextCallWaits(t.loadProfile)
    attempt.resolve(sessionA)
    await t.until(inState('signedIn'))
    expect(t.snapshot().matches({ signedIn: { profile: 'loading' } })).toBe(true)
    expect(isSettled(t.snapshot())).toBe(false)

    profile.resolve(makeProfile('user-a'))
    await t.until(PROFILE_READY)
    expect(isSettled(t.snapshot())).toBe(true)
  })
})

// ---------------------------------------------------------------------------------------------
// Must stay last: it checks what the tests above visited.

describe('auth machine: coverage across this file', () => {
  it('the graph reached, and live actors visited, every state node', () => {
    expect([...visitedByGraph].sort()).toEqual(ALL_STATE_NODES)
    expect([...visitedByActors].sort()).toEqual(ALL_STATE_NODES)
    expect([...new Set([...visitedByGraph, ...visitedByActors])].sort()).toEqual(ALL_STATE_NODES)
  })
})
