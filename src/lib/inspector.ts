// Opt-in live view of the XState actors, development only: run `VITE_XSTATE_INSPECT=true npm run dev`.
// By default the events go to Stately's hosted inspector (https://stately.ai/inspect), which needs
// the internet; VITE_XSTATE_INSPECT_URL=/inspector.html sends them to the local event log instead
// (docs/machines.md). Production builds drop this code entirely.
import type { InspectionEvent, Observer } from 'xstate'

let inspect: Observer<InspectionEvent> | ((event: InspectionEvent) => void) | undefined

export async function startInspector(): Promise<void> {
  if (import.meta.env.DEV && import.meta.env.VITE_XSTATE_INSPECT === 'true') {
    const { createBrowserInspector } = await import('@statelyai/inspect')
    const url = import.meta.env.VITE_XSTATE_INSPECT_URL
    inspect = createBrowserInspector(url ? { url } : {}).inspect
  }
}

/** Pass as `inspect` when creating an actor; undefined unless the inspector was started. */
export function getInspector() {
  return inspect
}
