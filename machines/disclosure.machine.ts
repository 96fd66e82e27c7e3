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
  description: 'The small-screen navigation panel (WAI-ARIA disclosure pattern): its toggle opens and closes it.',
  initial: 'closed',
  states: {
    closed: {
      description: 'The panel is hidden; the toggle says aria-expanded="false".',
      on: {
        'disclosure.toggle': { target: 'open' },
      },
    },
    open: {
      description: 'The panel shows the site’s links.',
      tags: ['open'],
      on: {
        'disclosure.toggle': { target: 'closed' },
        'disclosure.close': {
          target: 'closed',
          description:
            'Navigation or an outside click already put the user’s attention elsewhere; moving focus would be jarring.',
        },
        'disclosure.escape': {
          target: 'closed',
          actions: 'focusToggle',
          description: 'Escape: focus returns to the toggle, which would otherwise be lost inside the hidden panel.',
        },
      },
    },
  },
})

export type DisclosureSnapshot = SnapshotFrom<typeof disclosureMachine>

/** Read-only view for renderers, so they never depend on state names that may be refactored. */
export function connect(snapshot: DisclosureSnapshot): { open: boolean } {
  return { open: snapshot.hasTag('open') }
}
