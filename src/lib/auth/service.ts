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
} from '@machines/auth.machine'
import { supabase } from '@/lib/supabase'
import { getInspector } from '@/lib/inspector'
import { authActors } from './actors'

export const authActor = createActor(authMachine.provide({ actors: authActors(supabase) }), {
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
 * As soon as the machine knows who is signed in (while their profile may still be loading), or
 * once it has settled: what can be asked of the server for this user need not wait for the profile.
 * @public read by guards.ts through a dynamic import
 */
export function whenUserKnown(): Promise<AuthSnapshot> {
  return waitFor(authActor, (snapshot) => isSettled(snapshot) || snapshot.context.user !== null, {
    timeout: Infinity,
  })
}

/**
 * Sends a request and waits until the machine no longer has a request pending (its "pending"
 * tag); resolves with the failure kept in the context, or null. A second click while the first
 * request is under way waits for that one; a request nothing is pending for resolves null at once.
 */
async function perform(command: AuthCommand): Promise<AuthFailure | null> {
  authActor.send(command)
  if (!authActor.getSnapshot().hasTag('pending')) return null
  const done = await waitFor(authActor, (snapshot) => !snapshot.hasTag('pending'), { timeout: Infinity })
  return done.context.error
}

export const auth = {
  signIn: (email: string, password: string) => perform({ type: 'auth.signIn', email, password }),
  signUp: (email: string, password: string, metadata: Record<string, string>) =>
    perform({ type: 'auth.signUp', email, password, metadata }),
  signOut: () => perform({ type: 'auth.signOut' }),
  /** `factorId`: which of the user's authenticators the code comes from (a backup one too). */
  verifyMfa: (code: string, factorId?: string) => perform({ type: 'auth.verifyMfa', code, factorId }),
  /** The second step with one of the user's passkeys (the browser asks for it). */
  verifyPasskey: (factorId?: string) => perform({ type: 'auth.verifyMfa', passkey: true, factorId }),
  resetPassword: (email: string, redirectTo: string) => perform({ type: 'auth.resetPassword', email, redirectTo }),
  /** `proof`: the current password or a re-authentication code, needed outside a recovery link. */
  updatePassword: (password: string, proof: { currentPassword?: string; nonce?: string } = {}) =>
    perform({ type: 'auth.updatePassword', password, ...proof }),
  reloadProfile: () => authActor.send({ type: 'auth.reloadProfile' }),
}

export { supabase }
/** @public read by guards.ts through a dynamic import (knip cannot follow that) */
export { isAdmin, isClient } from '@machines/auth.machine'
/** @public the guards' question about a required second factor, loaded with the auth module */
export { currentAssurance } from '@machines/auth.rules'
/** @public read by guards.ts through a dynamic import, as above */
export { secondFactorRequirementQuery } from './queries'
