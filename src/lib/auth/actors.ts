// The auth machine's actors, bound to supabase-js. Each turns a Supabase error into an
// AuthFailure (failure.ts), which tells the machine whether trying again can help.
import { fromPromise } from 'xstate'
import type { AuthFailure, AuthSession, AuthUser, MfaProof, PasswordChange, Profile } from '@machines/auth.machine'
import type { AppSupabaseClient } from '@/lib/supabase'
import { toFailure } from './failure'

async function currentSession(supabase: AppSupabaseClient): Promise<AuthSession> {
  const { data, error } = await supabase.auth.getSession()
  if (error) throw toFailure(error)
  if (!data.session) throw { message: 'Auth session missing!', retryable: false } satisfies AuthFailure
  return data.session
}

export function authActors(supabase: AppSupabaseClient) {
  return {
    signIn: fromPromise<AuthSession, { email: string; password: string }>(async ({ input }) => {
      const { data, error } = await supabase.auth.signInWithPassword(input)
      if (error) throw toFailure(error)
      return data.session
    }),
    signUp: fromPromise<AuthSession | null, { email: string; password: string; metadata: Record<string, string> }>(
      async ({ input }) => {
        const { data, error } = await supabase.auth.signUp({
          email: input.email,
          password: input.password,
          options: { data: input.metadata },
        })
        if (error) throw toFailure(error)
        return data.session
      },
    ),
    signOut: fromPromise<void, void>(async () => {
      // Local scope: the stored session goes at once, whatever the network does.
      const { error } = await supabase.auth.signOut({ scope: 'local' })
      if (error) throw toFailure(error)
    }),
    resetPassword: fromPromise<void, { email: string; redirectTo: string }>(async ({ input }) => {
      const { error } = await supabase.auth.resetPasswordForEmail(input.email, { redirectTo: input.redirectTo })
      if (error) throw toFailure(error)
    }),
    updatePassword: fromPromise<AuthUser, PasswordChange>(async ({ input }) => {
      const { data, error } = await supabase.auth.updateUser({
        password: input.password,
        ...(input.currentPassword ? { current_password: input.currentPassword } : {}),
        ...(input.nonce ? { nonce: input.nonce } : {}),
      })
      if (error) throw toFailure(error)
      return data.user
    }),
    verifyMfa: fromPromise<AuthSession, MfaProof>(async ({ input }) => {
      // A passkey: auth-js asks the browser (navigator.credentials.get) between challenge and verify.
      const { error } =
        'passkey' in input
          ? await supabase.auth.mfa.webauthn.authenticate({ factorId: input.factorId })
          : await supabase.auth.mfa.challengeAndVerify(input)
      if (error) throw toFailure(error)
      return currentSession(supabase)
    }),
    refreshSession: fromPromise<AuthSession, { refreshToken: string }>(async ({ input }) => {
      // Within 90 s of expiry supabase-js's getSession() refreshes by itself (and refreshSession()
      // would then refresh a second time), so ask it first; refresh explicitly only if it did not.
      const current = await supabase.auth.getSession()
      if (current.error) throw toFailure(current.error)
      if (current.data.session && current.data.session.refresh_token !== input.refreshToken) return current.data.session
      const { data, error } = await supabase.auth.refreshSession()
      if (error) throw toFailure(error)
      if (!data.session) throw { message: 'Auth session missing!', retryable: false } satisfies AuthFailure
      return data.session
    }),
    removeSession: fromPromise<void, void>(async () => {
      await supabase.auth.signOut({ scope: 'local' })
    }),
    loadProfile: fromPromise<Profile, { userId: string }>(async ({ input }) => {
      const { data, error } = await supabase.from('profiles').select('*').eq('id', input.userId).single()
      if (error) throw toFailure(error)
      return data
    }),
  }
}
