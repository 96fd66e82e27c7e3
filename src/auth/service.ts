// The app-wide auth actor and the calls the UI makes on it. supabase-js's onAuthStateChange only
// forwards its events; the machine decides what they mean. Loaded on demand (auth/loader.ts).
import { createActor, waitFor } from 'xstate'
import {
  authMachine,
  isSettled,
  type AuthCommand,
  type AuthFailure,
  type AuthSnapshot,
  type SupabaseAuthEventType,
} from '../../machines/auth.machine'
import { supabase } from '../lib/supabase'
import { getInspector } from '../lib/inspector'
import { authActors } from './actors'

export const authActor = createActor(authMachine.provide({ actors: authActors(supabase) }), {
  input: {},
  inspect: getInspector(),
})
authActor.start()

supabase.auth.onAuthStateChange((event, session) => {
  // Deferred, as supabase-js advises: calling back into it from inside its own callback can deadlock.
  setTimeout(() => authActor.send({ type: event as SupabaseAuthEventType, session }), 0)
})

/** Who is signed in, as far as the router cares: a change re-runs the guards. */
function identity(snapshot: AuthSnapshot) {
  const { user, profile } = snapshot.context
  const stage = snapshot.matches('signedIn') ? 'in' : snapshot.matches('mfaRequired') ? 'mfa' : 'out'
  return { stage, userId: user?.id ?? null, key: `${stage}:${user?.id}:${profile?.role}:${profile?.is_active}` }
}

export interface AppHooks {
  /** Re-run route guards and loaders. */
  invalidate: () => void
  /** Forget every cached query, so no one sees the previous user's data. */
  clearCache: () => void
}

export function connectApp(hooks: AppHooks) {
  let last = identity(authActor.getSnapshot())
  return authActor.subscribe((snapshot) => {
    if (!isSettled(snapshot)) return
    const next = identity(snapshot)
    if (next.key === last.key) return
    if (last.stage !== 'out' && next.userId !== last.userId) hooks.clearCache()
    last = next
    hooks.invalidate()
  })
}

export function whenSettled(): Promise<AuthSnapshot> {
  return waitFor(authActor, isSettled, { timeout: Infinity })
}

/**
 * Sends a request and waits until the machine has left the state that handles it; resolves with
 * the failure kept in the context, or null. A request the current state does not accept is
 * ignored and resolves null at once.
 */
type PendingState = Parameters<AuthSnapshot['matches']>[0]

async function perform(command: AuthCommand, pending: PendingState): Promise<AuthFailure | null> {
  authActor.send(command)
  if (!authActor.getSnapshot().matches(pending)) return null
  const done = await waitFor(authActor, (snapshot) => !snapshot.matches(pending), { timeout: Infinity })
  return done.context.error
}

export const auth = {
  signIn: (email: string, password: string) =>
    perform({ type: 'SIGN_IN', email, password }, { signedOut: 'signingIn' }),
  signUp: (email: string, password: string, metadata: Record<string, string>) =>
    perform({ type: 'SIGN_UP', email, password, metadata }, { signedOut: 'signingUp' }),
  signOut: () => perform({ type: 'SIGN_OUT' }, 'signingOut'),
  verifyMfa: (code: string, factorId?: string) =>
    perform(
      { type: 'VERIFY_MFA', code, factorId },
      authActor.getSnapshot().matches('recovery') ? { recovery: 'verifying' } : { mfaRequired: 'verifying' },
    ),
  resetPassword: (email: string, redirectTo: string) => {
    const pending: PendingState = authActor.getSnapshot().matches('signedIn')
      ? { signedIn: { operation: 'requestingReset' } }
      : { signedOut: 'requestingReset' }
    return perform({ type: 'RESET_PASSWORD', email, redirectTo }, pending)
  },
  /** `proof`: the current password or a re-authentication code, needed outside a recovery link. */
  updatePassword: (password: string, proof: { currentPassword?: string; nonce?: string } = {}) => {
    const pending: PendingState = authActor.getSnapshot().matches('recovery')
      ? { recovery: 'updating' }
      : { signedIn: { operation: 'updatingPassword' } }
    return perform({ type: 'UPDATE_PASSWORD', password, ...proof }, pending)
  },
  reloadProfile: () => authActor.send({ type: 'RELOAD_PROFILE' }),
}

export { supabase }
export { isAdmin, isClient } from '../../machines/auth.machine'
