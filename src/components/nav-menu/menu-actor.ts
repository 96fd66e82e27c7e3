// The dropdown's actor, in its own module: NavMenu imports it (and with it xstate) only when a
// visitor first reaches for a menu (see src/lib/lazy-actor.ts).
import { createActor } from 'xstate'
import { menuMachine } from '@machines/menu.machine'
import { getInspector } from '@/lib/inspector'

export function createMenuActor(options: { itemCount: number; focusTrigger: () => void }) {
  return createActor(menuMachine.provide({ actions: { focusTrigger: options.focusTrigger } }), {
    input: { itemCount: options.itemCount },
    inspect: getInspector(),
  })
}

export type MenuActor = ReturnType<typeof createMenuActor>
