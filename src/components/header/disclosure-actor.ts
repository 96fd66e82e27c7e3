// The small-screen menu's actor, in its own module: MobileNav imports it (and with it xstate)
// only when a visitor first reaches for the menu (see src/lib/lazy-actor.ts).
import { createActor } from 'xstate'
import { disclosureMachine } from '@machines/disclosure.machine'
import { getInspector } from '@/lib/inspector'

export function createDisclosureActor(options: { focusToggle: () => void }) {
  return createActor(disclosureMachine.provide({ actions: { focusToggle: options.focusToggle } }), {
    inspect: getInspector(),
  })
}
