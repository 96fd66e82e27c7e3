import { describe, it, expect, vi } from 'vitest'
import { createActor, fromPromise, SimulatedClock, waitFor, type StateValue } from 'xstate'
import { getShortestPaths } from 'xstate/graph'
import {
  authMachine,
  type AuthCommand,
  type AuthEvent,
  type AuthFactor,
  type AuthFailure,
  type AuthSession,
  type AuthSnapshot,
  type AuthUser,
  type Profile,
  type SupabaseAuthEventType,
} from '../../machines/auth.machine'

// Compile-time guards: a new event or command must be listed here or the type-check fails.
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
  SIGN_IN: true,
  SIGN_UP: true,
  SIGN_OUT: true,
  RESET_PASSWORD: true,
  UPDATE_PASSWORD: true,
  VERIFY_MFA: true,
  RELOAD_PROFILE: true,
} satisfies Record<AuthCommand['type'], true>

// ---------------------------------------------------------------------------------------------
// State nodes

/** Every state node below the root, as dotted paths ('signedIn.refresh.backingOff'), from the machine itself. */
function stateNodePaths(node: { states: Record<string, { path: string[]; states: object }> }): string[] {
  return Object.values(node.states).flatMap((child) => [
    child.path.join('.'),
    ...stateNodePaths(child as Parameters<typeof stateNodePaths>[0]),
  ])
}
const ALL_STATE_NODES = stateNodePaths(authMachine.root)

/** The active state nodes of a state value, as dotted paths (regions and ancestors included). */
function activePaths(value: StateValue, prefix: string[] = []): string[] {
  if (typeof value === 'string') return [[...prefix, value].join('.')]
  return Object.entries(value).flatMap(([key, child]) => [
    [...prefix, key].join('.'),
    ...(child === undefined ? [] : activePaths(child, [...prefix, key])),
  ])
}

const visitedByGraph = new Set<string>()
const visitedByActors = new Set<string>()

// ---------------------------------------------------------------------------------------------
// Fixtures

const base64url = (value: unknown) =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')

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
  /** When the session was issued, in simulated milliseconds. */
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
    access_token: accessToken({ sub: userId, aal, exp: expiresAt, session: serial }),
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
    ...overrides,
  }
}

const failureOf = (message: string, retryable = false): AuthFailure => ({ message, retryable })

/** The context without the clock function, for comparing snapshots made with different clocks. */
function data(snapshot: AuthSnapshot) {
  const { now: _now, ...rest } = snapshot.context
  return rest
}

// ---------------------------------------------------------------------------------------------
// Graph

const sessionA = makeSession()
const sessionB = makeSession({ userId: 'user-b' })
const mfaSessionA = makeSession({ factors: [totp()] })
const verifiedSessionA = makeSession({ aal: 'aal2', factors: [totp()], serial: 1 })
const refreshedSessionA = makeSession({ serial: 2 })

const SIGN_IN: AuthEvent = { type: 'SIGN_IN', email: 'user-a@example.test', password: 'correct horse' }
const SIGN_UP: AuthEvent = {
  type: 'SIGN_UP',
  email: 'user-a@example.test',
  password: 'correct horse',
  metadata: { full_name: 'Test Person' },
}
const RESET_PASSWORD: AuthEvent = {
  type: 'RESET_PASSWORD',
  email: 'user-a@example.test',
  redirectTo: 'https://example.test/reset',
}
const UPDATE_PASSWORD: AuthEvent = { type: 'UPDATE_PASSWORD', password: 'battery staple' }
const VERIFY_MFA: AuthEvent = { type: 'VERIFY_MFA', code: '123456' }

const COMMAND_SAMPLES: AuthEvent[] = [
  SIGN_IN,
  SIGN_UP,
  { type: 'SIGN_OUT' },
  RESET_PASSWORD,
  UPDATE_PASSWORD,
  VERIFY_MFA,
  { type: 'RELOAD_PROFILE' },
]
const GRAPH_SESSIONS = [sessionA, sessionB, mfaSessionA, null]
const SUPABASE_SAMPLES: AuthEvent[] = (Object.keys(SUPABASE_EVENTS) as SupabaseAuthEventType[]).flatMap((type) =>
  GRAPH_SESSIONS.map((session) => ({ type, session })),
)
const EXTERNAL_EVENTS = [...SUPABASE_SAMPLES, ...COMMAND_SAMPLES]

const OUTCOME_GRAPH_EVENTS: AuthEvent[] = [
  ...(Object.keys(SUPABASE_EVENTS) as SupabaseAuthEventType[]).map((type) => ({ type, session: sessionA })),
  { type: 'INITIAL_SESSION', session: null },
  { type: 'SIGNED_IN', session: mfaSessionA },
  ...COMMAND_SAMPLES,
]

const GRAPH_INPUT = { now: () => 0 }

/**
 * What the actors and timers of the active states can do: each invoked actor finishes with a
 * representative output or fails (refreshSession also retryably, twice at most, so the graph stays
 * finite), and each pending delay fires.
 */
function actorOutcomes(snapshot: AuthSnapshot): AuthEvent[] {
  const events = activePaths(snapshot.value).flatMap((path) => {
    const node = authMachine.getStateNodeById(`auth.${path}`)
    const timers = node.after.map(({ eventType }) => ({ type: eventType }))
    const outcomes = node.invoke.flatMap(({ id, src }) => {
      const outputs: Record<string, unknown[]> = {
        signIn: [sessionA, mfaSessionA],
        signUp: [sessionA, null],
        verifyMfa: [verifiedSessionA],
        updatePassword: [sessionA.user],
        refreshSession: [refreshedSessionA],
        loadProfile: [makeProfile(snapshot.context.user?.id ?? '')],
      }
      const errors =
        src === 'refreshSession' && snapshot.context.refreshAttempt < 2
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
  const t0 = performance.now()
  const paths = getShortestPaths(authMachine, {
    input: GRAPH_INPUT,
    events: (snapshot) => [...OUTCOME_GRAPH_EVENTS, ...actorOutcomes(snapshot)],
    // filterEvents: (snapshot, event) => snapshot.can(event),
  })
  console.log('paths', paths.length, performance.now() - t0)
  {
    const byValue = new Map<string, number>()
    for (const p of paths) { const k = JSON.stringify(p.state.value); byValue.set(k, (byValue.get(k) ?? 0) + 1) }
    console.log([...byValue].sort((a, b) => b[1] - a[1]).slice(0, 10))
    const ctx = new Map<string, number>()
    for (const p of paths) { const c = p.state.context; const k = [c.session?.refresh_token, c.profile?.id, c.error?.message, c.refreshAttempt].join('|'); ctx.set(k, (ctx.get(k) ?? 0) + 1) }
    console.log(ctx.size, [...ctx].sort((a, b) => b[1] - a[1]).slice(0, 10))
  }
  const reached = paths.map((path) => path.state)
  for (const snapshot of reached) for (const path of activePaths(snapshot.value)) visitedByGraph.add(path)

  it('reaches every state node', () => {
    expect([...visitedByGraph].sort()).toEqual([...ALL_STATE_NODES].sort())
  })

  it.each([...Object.keys(SUPABASE_EVENTS), ...Object.keys(COMMANDS)])('%s causes a transition somewhere', (type) => {
    const samples = EXTERNAL_EVENTS.filter((event) => event.type === type)
    expect(reached.some((snapshot) => samples.some((event) => snapshot.can(event)))).toBe(true)
  })
})

void vi
void createActor
void fromPromise
void SimulatedClock
void waitFor
void visitedByActors
void data
