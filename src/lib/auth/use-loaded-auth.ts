// The auth actor's state for pages that must paint and hydrate before the auth module (and
// supabase-js and XState with it) has loaded, such as the sign-in pages: `fallback` until it
// arrives, then the selected value, following the actor from then on.
import { useCallback, useSyncExternalStore } from 'react'
import type { AuthSnapshot } from '@machines/auth.machine'
import { loadedAuth, subscribeAuthLoaded } from './loader'

/** `select` must return a primitive (or a stable value): it is compared with Object.is. */
export function useLoadedAuthSelector<T>(select: (snapshot: AuthSnapshot) => T, fallback: T): T {
  const subscribe = useCallback((notify: () => void) => {
    let actorSubscription: { unsubscribe: () => void } | undefined
    const follow = () => {
      const module = loadedAuth()
      if (module && !actorSubscription) actorSubscription = module.authActor.subscribe(notify)
      notify()
    }
    follow()
    const stopWaiting = subscribeAuthLoaded(follow)
    return () => {
      stopWaiting()
      actorSubscription?.unsubscribe()
    }
  }, [])
  const current = () => {
    const module = loadedAuth()
    return module ? select(module.authActor.getSnapshot()) : fallback
  }
  return useSyncExternalStore(subscribe, current, () => fallback)
}
