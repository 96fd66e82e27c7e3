// The focus rule for messages that answer a form: success or failure takes the focus, so a
// screen reader reads it out at once.
import { useEffect, useRef } from 'react'

/** A ref that receives the focus whenever `trigger` changes to something truthy. */
export function useFocusWhenShown<T extends HTMLElement = HTMLDivElement>(trigger: unknown) {
  const ref = useRef<T>(null)
  useEffect(() => {
    if (trigger) ref.current?.focus()
  }, [trigger])
  return ref
}
