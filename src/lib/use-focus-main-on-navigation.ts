// After a client-side navigation, keyboard and screen reader users start reading the new page,
// as they would after a full page load: the frame's <main> takes the focus.
import { useEffect, useRef } from 'react'
import { useRouterState } from '@tanstack/react-router'

/**
 * Returns the ref for the frame's <main>, focused whenever the path changes. Keyed on the path last
 * seen rather than on a first run: React may run an effect again for the same path (a suspended
 * boundary showing its content again), which is not a navigation and must not steal the focus.
 */
export function useFocusMainOnNavigation() {
  const mainRef = useRef<HTMLElement>(null)
  const pathname = useRouterState({ select: (state) => state.location.pathname })
  const seen = useRef(pathname)
  useEffect(() => {
    if (seen.current === pathname) return
    seen.current = pathname
    mainRef.current?.focus({ preventScroll: true })
  }, [pathname])
  return mainRef
}
