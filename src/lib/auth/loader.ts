// The one door to the auth module, which brings supabase-js with it. Public pages never open it
// unless this browser holds a session; guards and auth pages open it on first use.
import type { AppHooks } from './service'

type AuthModule = typeof import('./service')

let loading: Promise<AuthModule> | undefined
let loaded: AuthModule | undefined
let appHooks: AppHooks | undefined
const listeners = new Set<() => void>()

export function loadAuth(): Promise<AuthModule> {
  loading ??= import('./service').then((module) => {
    loaded = module
    if (appHooks) module.connectApp(appHooks)
    for (const listener of listeners) listener()
    return module
  })
  return loading
}

/**
 * The module once its machine has settled (the stored session read): a request sent before that
 * would find the machine still starting and be ignored. For pages that load it on first use.
 */
export async function loadSettledAuth(): Promise<AuthModule> {
  const module = await loadAuth()
  await module.whenSettled()
  return module
}

/** The module when already loaded, for code that must not trigger the download. */
export function loadedAuth(): AuthModule | undefined {
  return loaded
}

/** Called once at start-up: how auth changes reach the router and the query cache. */
export function bindAuthToApp(hooks: AppHooks) {
  appHooks = hooks
  loaded?.connectApp(hooks)
}

/** For useSyncExternalStore: notified once, when the module arrives. */
export function subscribeAuthLoaded(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
