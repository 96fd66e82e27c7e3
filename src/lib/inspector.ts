// Opt-in live view of the XState actors in the Stately inspector, development only:
// run `VITE_XSTATE_INSPECT=true npm run dev`. Production builds drop this code entirely.
import type { InspectionEvent, Observer } from 'xstate'

let inspect: Observer<InspectionEvent> | ((event: InspectionEvent) => void) | undefined

export async function startInspector(): Promise<void> {
  if (import.meta.env.DEV && import.meta.env.VITE_XSTATE_INSPECT === 'true') {
    const { createBrowserInspector } = await import('@statelyai/inspect')
    inspect = createBrowserInspector().inspect
  }
}

/** Pass as `inspect` when creating an actor; undefined unless the inspector was started. */
export function getInspector() {
  return inspect
}
