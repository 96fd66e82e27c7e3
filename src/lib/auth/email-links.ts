// Signing in by e-mail: asking for a link (with its six-digit code) and using one. These calls
// only talk to supabase-js; when one succeeds, supabase-js announces SIGNED_IN and the auth
// machine takes the session from there, as it does for a recovery link read from the URL.
import { waitFor } from 'xstate'
import type { EmailOtpType } from '@supabase/supabase-js'
import { isSettled, type AuthFailure, type AuthSnapshot } from '../../../machines/auth.machine'
import { toFailure } from './failure'
import { authActor, supabase } from './service'

/** Mails a sign-in link to an existing account; unknown addresses get the same answer and nothing. */
export async function requestSignInLink(email: string, redirectTo: string): Promise<AuthFailure | null> {
  const { error } = await supabase.auth.signInWithOtp({
    email,
    options: { shouldCreateUser: false, emailRedirectTo: redirectTo },
  })
  return error ? toFailure(error) : null
}

export type LinkProof = { tokenHash: string; type: EmailOtpType } | { email: string; code: string }

/** Uses a link (its token) or the code from the same e-mail; resolves once the machine has the session. */
export async function verifyEmailLink(
  proof: LinkProof,
): Promise<{ failure: AuthFailure } | { snapshot: AuthSnapshot }> {
  const { error } =
    'tokenHash' in proof
      ? await supabase.auth.verifyOtp({ token_hash: proof.tokenHash, type: proof.type })
      : await supabase.auth.verifyOtp({ email: proof.email, token: proof.code, type: 'email' })
  if (error) return { failure: toFailure(error) }
  const snapshot = await waitFor(authActor, (s) => isSettled(s) && !s.matches('signedOut'), { timeout: 15_000 })
  return { snapshot }
}
