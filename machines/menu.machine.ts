// Behaviour of one header dropdown (WAI-ARIA menu-button pattern), kept free of
// React and the DOM so the rules can be unit-tested and the host only renders.
import { assign, emit, setup, type SnapshotFrom } from 'xstate'

/** Pointer must rest on the trigger this long before the menu opens, so a cursor passing by does not flash it. */
export const HOVER_INTENT_MS = 120
/** Grace period after the pointer leaves, so crossing the gap between trigger and panel does not close it. */
export const HOVER_CLOSE_MS = 200

export interface MenuInput {
  itemCount: number
}

export interface MenuContext {
  itemCount: number
  highlightedIndex: number | null
  /** True while the menu is open because the pointer rested on the trigger. */
  openedByHover: boolean
}

export type MenuEvent =
  | { type: 'menu.trigger.pointerEnter' }
  | { type: 'menu.trigger.pointerLeave' }
  | { type: 'menu.content.pointerEnter' }
  | { type: 'menu.content.pointerLeave' }
  | { type: 'menu.trigger.click' }
  | { type: 'menu.trigger.keyDown'; key: string }
  | { type: 'menu.item.keyDown'; key: string }
  | { type: 'menu.item.pointerMove'; index: number }
  | { type: 'menu.item.select' }
  | { type: 'menu.close' }
  | { type: 'menu.setItemCount'; count: number }

/** Lets the host close every other dropdown, so at most one is open at a time. */
export type MenuEmitted = { type: 'menu.opened' }

// Counts come from the DOM/host; a bad value must not make the index arithmetic produce NaN.
const sanitizeCount = (count: number): number => (Number.isFinite(count) ? Math.max(0, Math.floor(count)) : 0)

const firstIndex = ({ itemCount }: MenuContext): number | null => (itemCount > 0 ? 0 : null)
const lastIndex = ({ itemCount }: MenuContext): number | null => (itemCount > 0 ? itemCount - 1 : null)

const keyIs = (event: MenuEvent, keys: readonly string[]): boolean => 'key' in event && keys.includes(event.key)

// Per the WAI-ARIA menu-button pattern. The host must preventDefault on keys it forwards, or the
// button's native click (fired for Enter/Space) would arrive as menu.trigger.click and shut the menu again.
const OPEN_FIRST_KEYS = ['Enter', ' ', 'ArrowDown'] as const

export const menuMachine = setup({
  types: {
    input: {} as MenuInput,
    context: {} as MenuContext,
    events: {} as MenuEvent,
    emitted: {} as MenuEmitted,
    tags: {} as 'open',
  },
  delays: {
    hoverIntent: HOVER_INTENT_MS,
    hoverClose: HOVER_CLOSE_MS,
  },
  guards: {
    isKey: ({ event }, params: { keys: readonly string[] }) => keyIs(event, params.keys),
    isItemIndex: ({ context, event }) =>
      event.type === 'menu.item.pointerMove' &&
      Number.isInteger(event.index) &&
      event.index >= 0 &&
      event.index < context.itemCount,
  },
  actions: {
    // The host owns the DOM; it replaces this to move focus back to the trigger button.
    focusTrigger: () => {},
    notifyOpened: emit({ type: 'menu.opened' } as const),
    clearHighlight: assign({ highlightedIndex: null, openedByHover: false }),
    markOpenedByHover: assign({ openedByHover: true }),
    clearOpenedByHover: assign({ openedByHover: false }),
    highlightFirst: assign({ highlightedIndex: ({ context }) => firstIndex(context) }),
    highlightLast: assign({ highlightedIndex: ({ context }) => lastIndex(context) }),
    highlightNext: assign({
      highlightedIndex: ({ context }) => {
        const { itemCount, highlightedIndex } = context
        if (itemCount === 0) return null
        return highlightedIndex === null ? 0 : (highlightedIndex + 1) % itemCount
      },
    }),
    highlightPrevious: assign({
      highlightedIndex: ({ context }) => {
        const { itemCount, highlightedIndex } = context
        if (itemCount === 0) return null
        return highlightedIndex === null ? itemCount - 1 : (highlightedIndex - 1 + itemCount) % itemCount
      },
    }),
    highlightPointed: assign({
      highlightedIndex: ({ context, event }) =>
        event.type === 'menu.item.pointerMove' ? event.index : context.highlightedIndex,
    }),
    setItemCount: assign(({ context, event }) => {
      if (event.type !== 'menu.setItemCount') return {}
      const itemCount = sanitizeCount(event.count)
      const { highlightedIndex } = context
      // Items can disappear while the menu is open (e.g. locale switch); keep the highlight on a real item.
      return {
        itemCount,
        highlightedIndex:
          highlightedIndex === null ? null : itemCount === 0 ? null : Math.min(highlightedIndex, itemCount - 1),
      }
    }),
  },
}).createMachine({
  id: 'menu',
  context: ({ input }) => ({
    itemCount: sanitizeCount(input.itemCount),
    highlightedIndex: null,
    openedByHover: false,
  }),
  initial: 'closed',
  on: {
    'menu.setItemCount': { actions: 'setItemCount' },
  },
  states: {
    closed: {
      // Every way of closing lands here, so the next opening never inherits a stale highlight.
      entry: 'clearHighlight',
      on: {
        'menu.trigger.pointerEnter': { target: 'opening' },
        'menu.trigger.click': { target: 'open', actions: 'notifyOpened' },
        'menu.trigger.keyDown': [
          {
            guard: { type: 'isKey', params: { keys: OPEN_FIRST_KEYS } },
            target: 'open',
            actions: ['highlightFirst', 'notifyOpened'],
          },
          {
            guard: { type: 'isKey', params: { keys: ['ArrowUp'] } },
            target: 'open',
            actions: ['highlightLast', 'notifyOpened'],
          },
        ],
      },
    },
    opening: {
      after: {
        hoverIntent: { target: 'open', actions: ['markOpenedByHover', 'notifyOpened'] },
      },
      on: {
        'menu.trigger.pointerLeave': { target: 'closed' },
        // An explicit click or key beats waiting for the hover delay.
        'menu.trigger.click': { target: 'open', actions: 'notifyOpened' },
        'menu.trigger.keyDown': [
          {
            guard: { type: 'isKey', params: { keys: OPEN_FIRST_KEYS } },
            target: 'open',
            actions: ['highlightFirst', 'notifyOpened'],
          },
          {
            guard: { type: 'isKey', params: { keys: ['ArrowUp'] } },
            target: 'open',
            actions: ['highlightLast', 'notifyOpened'],
          },
        ],
        'menu.close': { target: 'closed' },
      },
    },
    open: {
      tags: ['open'],
      on: {
        'menu.trigger.pointerLeave': { target: 'closing' },
        'menu.content.pointerLeave': { target: 'closing' },
        // A mouse user who rests on the trigger and then clicks meant "open": the hover already
        // did it, so that first click keeps the menu open instead of closing it under the cursor.
        'menu.trigger.click': [
          { guard: ({ context }) => context.openedByHover, actions: 'clearOpenedByHover' },
          { target: 'closed' },
        ],
        'menu.trigger.keyDown': [
          {
            guard: { type: 'isKey', params: { keys: ['ArrowDown'] } },
            actions: 'highlightFirst',
          },
          {
            guard: { type: 'isKey', params: { keys: ['ArrowUp'] } },
            actions: 'highlightLast',
          },
          {
            guard: { type: 'isKey', params: { keys: ['Escape'] } },
            target: 'closed',
            actions: 'focusTrigger',
          },
        ],
        'menu.item.keyDown': [
          { guard: { type: 'isKey', params: { keys: ['ArrowDown'] } }, actions: 'highlightNext' },
          {
            guard: { type: 'isKey', params: { keys: ['ArrowUp'] } },
            actions: 'highlightPrevious',
          },
          { guard: { type: 'isKey', params: { keys: ['Home'] } }, actions: 'highlightFirst' },
          { guard: { type: 'isKey', params: { keys: ['End'] } }, actions: 'highlightLast' },
          {
            guard: { type: 'isKey', params: { keys: ['Escape'] } },
            target: 'closed',
            actions: 'focusTrigger',
          },
          // The browser is already moving focus to the next tabbable element; stealing it back would trap the user.
          { guard: { type: 'isKey', params: { keys: ['Tab'] } }, target: 'closed' },
        ],
        'menu.item.pointerMove': { guard: 'isItemIndex', actions: 'highlightPointed' },
        'menu.item.select': { target: 'closed' },
        'menu.close': { target: 'closed' },
      },
    },
    closing: {
      // Still rendered during the grace period, so hosts and assistive tech see it as open.
      tags: ['open'],
      after: {
        hoverClose: { target: 'closed' },
      },
      on: {
        // Returning to open (not re-entering from closed) deliberately skips notifyOpened: nothing new became visible.
        'menu.trigger.pointerEnter': { target: 'open' },
        'menu.content.pointerEnter': { target: 'open' },
        'menu.trigger.click': { target: 'closed' },
        // Keyboard use means the user is still working in the menu, so the pending hover-close is cancelled.
        'menu.trigger.keyDown': [
          {
            guard: { type: 'isKey', params: { keys: ['ArrowDown'] } },
            target: 'open',
            actions: 'highlightFirst',
          },
          {
            guard: { type: 'isKey', params: { keys: ['ArrowUp'] } },
            target: 'open',
            actions: 'highlightLast',
          },
          {
            guard: { type: 'isKey', params: { keys: ['Escape'] } },
            target: 'closed',
            actions: 'focusTrigger',
          },
        ],
        'menu.item.keyDown': [
          {
            guard: { type: 'isKey', params: { keys: ['ArrowDown'] } },
            target: 'open',
            actions: 'highlightNext',
          },
          {
            guard: { type: 'isKey', params: { keys: ['ArrowUp'] } },
            target: 'open',
            actions: 'highlightPrevious',
          },
          {
            guard: { type: 'isKey', params: { keys: ['Home'] } },
            target: 'open',
            actions: 'highlightFirst',
          },
          {
            guard: { type: 'isKey', params: { keys: ['End'] } },
            target: 'open',
            actions: 'highlightLast',
          },
          {
            guard: { type: 'isKey', params: { keys: ['Escape'] } },
            target: 'closed',
            actions: 'focusTrigger',
          },
          { guard: { type: 'isKey', params: { keys: ['Tab'] } }, target: 'closed' },
        ],
        'menu.item.select': { target: 'closed' },
        'menu.close': { target: 'closed' },
      },
    },
  },
})

export type MenuSnapshot = SnapshotFrom<typeof menuMachine>

export interface MenuView {
  open: boolean
  highlightedIndex: number | null
}

/** Read-only view for renderers, so they never depend on state names that may be refactored. */
export function connect(snapshot: MenuSnapshot): MenuView {
  return {
    open: snapshot.hasTag('open'),
    highlightedIndex: snapshot.context.highlightedIndex,
  }
}
