// Whether the app is running yet. Prerendered pages are first plain HTML: controls that need
// JavaScript (menus, the language switch) render their no-JavaScript form until React has
// hydrated the page, then switch. <html data-hydrated> tells styles (and tests) the same.
import { useEffect, useSyncExternalStore } from 'react'

let resolveHydrated: () => void = () => undefined
const hydrated = new Promise<void>((resolve) => {
  resolveHydrated = resolve
})

/** Resolves once the app has rendered (or hydrated) its first screen. */
export function markHydrated(): Promise<void> {
  return hydrated
}

/** Rendered once at the top of the app; its effect runs when the first render is committed. */
export function HydrationMark() {
  useEffect(() => {
    document.documentElement.setAttribute('data-hydrated', '')
    resolveHydrated()
  }, [])
  return null
}

const subscribe = () => () => undefined

/** False while rendering on the server and while hydrating; true from then on. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )
}

/**
 * Ends the current task and resumes in a new one, so the browser can paint and answer input in
 * between: `scheduler.yield()` where the browser has it (it resumes before other queued tasks),
 * else a zero timeout.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler
  if (scheduler?.yield) return scheduler.yield()
  return new Promise((resolve) => setTimeout(resolve, 0))
}
