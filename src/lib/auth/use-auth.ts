// React access to the auth actor, for components inside lazily loaded chunks that already
// depend on the auth module (portal, admin, auth pages).
import { useRef } from 'react'
import { useSelector } from '@xstate/react'
import { authActor } from './service'
import type { AuthSnapshot, Profile } from '@machines/auth.machine'

export function useAuthSelector<T>(selector: (snapshot: AuthSnapshot) => T, compare?: (a: T, b: T) => boolean): T {
  return useSelector(authActor, selector, compare)
}

/**
 * The signed-in user's profile; inside guarded routes it is always there. While signing out the
 * page stays on screen for a moment without a profile: it keeps showing the last one until the
 * guard moves the user away.
 */
export function useProfile() {
  const profile = useAuthSelector((snapshot) => snapshot.context.profile)
  const last = useRef(profile)
  if (profile) last.current = profile
  // A section that mounts in that moment (it had suspended while the cache was cleared) has no
  // last profile of its own: it gets the one the page was showing.
  if (profile) shownProfile = profile
  else last.current ??= shownProfile
  if (!last.current) throw new Error('useProfile outside a guarded route')
  return last.current
}

/** The profile the guarded pages last showed, for sections mounting while the user signs out. */
let shownProfile: Profile | null = null

/**
 * The signed-in user's profile, or null for the moment between sign-out and leaving the page
 * (useProfile would throw then): pages render nothing rather than an error.
 */
export function useCurrentProfile() {
  return useAuthSelector((snapshot) => snapshot.context.profile)
}
