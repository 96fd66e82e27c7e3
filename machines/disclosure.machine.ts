// Open/closed state of the mobile navigation panel (WAI-ARIA disclosure pattern),
// kept free of React and the DOM so the host only renders and wires up focus.
import { setup, type SnapshotFrom } from 'xstate'

export type DisclosureEvent =
  { type: 'disclosure.toggle' } | { type: 'disclosure.close' } | { type: 'disclosure.escape' }

export const disclosureMachine = setup({
  types: {
    events: {} as DisclosureEvent,
    tags: {} as 'open',
  },
  actions: {
    // The host owns the DOM; it replaces this to return focus to the toggle button,
    // which would otherwise be lost inside the panel that just got hidden.
    focusToggle: () => {},
  },
}).createMachine({
  id: 'disclosure',
  initial: 'closed',
  states: {
    closed: {
      on: {
        'disclosure.toggle': { target: 'open' },
      },
    },
    open: {
      tags: ['open'],
      on: {
        'disclosure.toggle': { target: 'closed' },
        // Navigation or an outside click already put the user's attention elsewhere; moving focus would be jarring.
        'disclosure.close': { target: 'closed' },
        'disclosure.escape': { target: 'closed', actions: 'focusToggle' },
      },
    },
  },
})

export type DisclosureSnapshot = SnapshotFrom<typeof disclosureMachine>

/** Read-only view for renderers, so they never depend on state names that may be refactored. */
export function connect(snapshot: DisclosureSnapshot): { open: boolean } {
  return { open: snapshot.hasTag('open') }
}
