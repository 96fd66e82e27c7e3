// Behaviour of one header dropdown (WAI-ARIA menu-button pattern), kept free of React and the
// DOM so the rules can be unit-tested and the host only renders. Its events say what they mean
// (menu.open.first, menu.highlight.next, menu.dismiss…); ./menu.connect.ts translates keys and
// pointer events into them and gives the host its ARIA props, as zag's menu does.
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
  | { type: 'menu.open.first' }
  | { type: 'menu.open.last' }
  | { type: 'menu.highlight.next' }
  | { type: 'menu.highlight.prev' }
  | { type: 'menu.highlight.first' }
  | { type: 'menu.highlight.last' }
  | { type: 'menu.highlight.match'; index: number }
  | { type: 'menu.item.pointerMove'; index: number }
  | { type: 'menu.item.select' }
  | { type: 'menu.dismiss' }
  | { type: 'menu.close' }
  | { type: 'menu.setItemCount'; count: number }

/** Lets the host close every other dropdown, so at most one is open at a time. */
export type MenuEmitted = { type: 'menu.opened' }

// Counts come from the DOM/host; a bad value must not make the index arithmetic produce NaN.
const sanitizeCount = (count: number): number => (Number.isFinite(count) ? Math.max(0, Math.floor(count)) : 0)

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
    openedByHover: ({ context }) => context.openedByHover,
    isItemIndex: ({ context, event }) =>
      'index' in event && Number.isInteger(event.index) && event.index >= 0 && event.index < context.itemCount,
  },
  actions: {
    // The host owns the DOM; it replaces this to move focus back to the trigger button.
    focusTrigger: () => {},
    notifyOpened: emit({ type: 'menu.opened' } as const),
    clearHighlight: assign({ highlightedIndex: null, openedByHover: false }),
    markOpenedByHover: assign({ openedByHover: true }),
    clearOpenedByHover: assign({ openedByHover: false }),
    highlightFirst: assign({ highlightedIndex: ({ context }) => (context.itemCount > 0 ? 0 : null) }),
    highlightLast: assign({
      highlightedIndex: ({ context }) => (context.itemCount > 0 ? context.itemCount - 1 : null),
    }),
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
    highlightIndex: assign({
      highlightedIndex: ({ context, event }) => ('index' in event ? event.index : context.highlightedIndex),
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
  description:
    'One header dropdown, the WAI-ARIA menu-button pattern: hover (with an intent delay), click and the keyboard open it; Escape, Tab, a choice, a click outside or another menu opening close it.',
  context: ({ input }) => ({
    itemCount: sanitizeCount(input.itemCount),
    highlightedIndex: null,
    openedByHover: false,
  }),
  initial: 'hidden',
  on: {
    'menu.setItemCount': {
      actions: 'setItemCount',
      description: 'The items changed (e.g. a language switch); the highlight stays on a real item.',
    },
  },
  states: {
    hidden: {
      description: 'The list is not shown. A click or an opening key opens it at once.',
      initial: 'closed',
      on: {
        'menu.trigger.click': { target: '#menu.visible.open', actions: 'notifyOpened' },
        'menu.open.first': {
          target: '#menu.visible.open',
          actions: ['highlightFirst', 'notifyOpened'],
          description: 'Enter, Space or ArrowDown on the trigger.',
        },
        'menu.open.last': {
          target: '#menu.visible.open',
          actions: ['highlightLast', 'notifyOpened'],
          description: 'ArrowUp on the trigger.',
        },
      },
      states: {
        closed: {
          description: 'Every way of closing lands here, so the next opening never inherits a stale highlight.',
          entry: 'clearHighlight',
          on: {
            'menu.trigger.pointerEnter': { target: 'opening' },
          },
        },
        opening: {
          description: 'The pointer rests on the trigger; a cursor passing by does not flash the menu.',
          after: {
            hoverIntent: { target: '#menu.visible.open', actions: ['markOpenedByHover', 'notifyOpened'] },
          },
          on: {
            'menu.trigger.pointerLeave': { target: 'closed' },
            'menu.close': { target: 'closed' },
          },
        },
      },
    },
    visible: {
      description:
        'The list is shown (and announced as expanded). Keyboard use means the person is working in the menu, so it cancels a pending hover close.',
      tags: ['open'],
      initial: 'open',
      on: {
        'menu.trigger.click': { target: '#menu.hidden.closed' },
        'menu.open.first': {
          target: '.open',
          actions: 'highlightFirst',
          description: 'ArrowDown on the trigger of an open menu moves into the items.',
        },
        'menu.open.last': { target: '.open', actions: 'highlightLast' },
        'menu.highlight.next': { target: '.open', actions: 'highlightNext' },
        'menu.highlight.prev': { target: '.open', actions: 'highlightPrevious' },
        'menu.highlight.first': { target: '.open', actions: 'highlightFirst' },
        'menu.highlight.last': { target: '.open', actions: 'highlightLast' },
        'menu.highlight.match': {
          guard: 'isItemIndex',
          target: '.open',
          actions: 'highlightIndex',
          description: 'Type-ahead: the next item whose label starts with the typed character.',
        },
        'menu.dismiss': {
          target: '#menu.hidden.closed',
          actions: 'focusTrigger',
          description: 'Escape: focus goes back to the trigger.',
        },
        'menu.item.select': { target: '#menu.hidden.closed' },
        'menu.close': {
          target: '#menu.hidden.closed',
          description:
            'Tab, a click outside, navigation or another menu opening: attention is already elsewhere, so focus is left alone.',
        },
      },
      states: {
        open: {
          on: {
            'menu.trigger.pointerLeave': { target: 'closing' },
            'menu.content.pointerLeave': { target: 'closing' },
            'menu.trigger.click': {
              guard: 'openedByHover',
              actions: 'clearOpenedByHover',
              description:
                'A mouse user who rested on the trigger and then clicks meant "open": the first click keeps the menu open instead of closing it under the cursor.',
            },
            'menu.item.pointerMove': { guard: 'isItemIndex', actions: 'highlightIndex' },
          },
        },
        closing: {
          description:
            'The pointer left; still shown during the grace period, so crossing the gap to the panel does not close it.',
          after: {
            hoverClose: { target: '#menu.hidden.closed' },
          },
          on: {
            'menu.trigger.pointerEnter': {
              target: 'open',
              description: 'Back to open without menu.opened: nothing new became visible.',
            },
            'menu.content.pointerEnter': { target: 'open' },
          },
        },
      },
    },
  },
})

export type MenuSnapshot = SnapshotFrom<typeof menuMachine>
