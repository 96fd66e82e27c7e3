// Whether the public pages should bring in the auth module: this browser holds a session, or the
// module is loaded already. False while prerendering, so the static HTML is the signed-out page.
import { useSyncExternalStore } from 'react'
import { hasStoredSession } from './stored-session'
import { loadedAuth, subscribeAuthLoaded } from './loader'

export function useAuthPresent(): boolean {
  return useSyncExternalStore(
    subscribeAuthLoaded,
    () => loadedAuth() !== undefined || hasStoredSession(),
    () => false,
  )
}
