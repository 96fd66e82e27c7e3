// The menu's `connect`, the zag way: from a snapshot and `send`, the trigger's, the list's and the
// items' props (ARIA attributes and handlers), with every key translated here into an event that
// says what it means. Free of React and the DOM: handlers take the few fields they read, so React's
// synthetic events fit, and nothing here runs until an event arrives (safe in server rendering).
import type { MenuEvent, MenuSnapshot } from './menu.machine'

export interface KeyLike {
  key: string
  altKey?: boolean
  ctrlKey?: boolean
  metaKey?: boolean
  preventDefault(): void
}

export interface PointerLike {
  pointerType: string
}

export interface MenuConnectOptions {
  /** The id of the list, for the trigger's aria-controls. */
  contentId: string
  /** The items' visible labels, in order, for type-ahead. */
  labels: readonly string[]
}

/** Keys on the trigger (menu-button pattern). Enter and Space only open: on an open menu they do nothing. */
export function triggerKeyEvent(key: string, open: boolean): MenuEvent | null {
  switch (key) {
    case 'ArrowDown':
      return { type: 'menu.open.first' }
    case 'ArrowUp':
      return { type: 'menu.open.last' }
    case 'Enter':
    case ' ':
      return open ? null : { type: 'menu.open.first' }
    case 'Escape':
      return { type: 'menu.dismiss' }
    default:
      return null
  }
}

/** Keys the trigger takes over from the browser: no page scroll, no synthetic click after Enter/Space. */
const TRIGGER_KEYS = new Set(['Enter', ' ', 'ArrowDown', 'ArrowUp', 'Escape'])

/**
 * Type-ahead (menu pattern): the next item after `current` whose label starts with `char`,
 * wrapping around; null when none does.
 */
export function typeaheadIndex(labels: readonly string[], current: number | null, char: string): number | null {
  const wanted = char.toLocaleLowerCase()
  for (let step = 1; step <= labels.length; step++) {
    const index = ((current ?? -1) + step) % labels.length
    if (labels[index]!.trim().toLocaleLowerCase().startsWith(wanted)) return index
  }
  return null
}

/** A printable character typed without a modifier, as type-ahead takes it. */
const isTypeahead = (event: KeyLike) =>
  event.key.length === 1 && event.key !== ' ' && !event.altKey && !event.ctrlKey && !event.metaKey

/** Keys on an item. Tab closes the menu but keeps its default: the browser moves focus on. */
export function itemKeyEvent(
  event: KeyLike,
  highlightedIndex: number | null,
  labels: readonly string[],
): MenuEvent | null {
  switch (event.key) {
    case 'ArrowDown':
      return { type: 'menu.highlight.next' }
    case 'ArrowUp':
      return { type: 'menu.highlight.prev' }
    case 'Home':
      return { type: 'menu.highlight.first' }
    case 'End':
      return { type: 'menu.highlight.last' }
    case 'Escape':
      return { type: 'menu.dismiss' }
    case 'Tab':
      return { type: 'menu.close' }
  }
  if (!isTypeahead(event)) return null
  const index = typeaheadIndex(labels, highlightedIndex, event.key)
  return index === null ? null : { type: 'menu.highlight.match', index }
}

const ITEM_KEYS_WITHOUT_DEFAULT = new Set(['ArrowDown', 'ArrowUp', 'Home', 'End', 'Escape'])

// Hover opens and closes for a mouse only; touch and pen tap instead.
const isMouse = (event: PointerLike) => event.pointerType === 'mouse'

/** `snapshot` is null before the actor has started (it loads on first use): the menu is closed. */
export function connect(snapshot: MenuSnapshot | null, send: (event: MenuEvent) => void, options: MenuConnectOptions) {
  const open = snapshot?.hasTag('open') ?? false
  const highlightedIndex = snapshot?.context.highlightedIndex ?? null

  return {
    /** Shown, including the hover-close grace period. */
    open,
    highlightedIndex,

    triggerProps: {
      type: 'button' as const,
      'aria-haspopup': 'menu' as const,
      'aria-expanded': open,
      'aria-controls': options.contentId,
      onClick: () => send({ type: 'menu.trigger.click' }),
      onKeyDown: (event: KeyLike) => {
        if (!TRIGGER_KEYS.has(event.key)) return
        event.preventDefault()
        const translated = triggerKeyEvent(event.key, open)
        if (translated) send(translated)
      },
      onPointerEnter: (event: PointerLike) => isMouse(event) && send({ type: 'menu.trigger.pointerEnter' }),
      onPointerLeave: (event: PointerLike) => isMouse(event) && send({ type: 'menu.trigger.pointerLeave' }),
    },

    contentProps: {
      id: options.contentId,
      role: 'menu' as const,
      hidden: !open,
      onPointerEnter: (event: PointerLike) => isMouse(event) && send({ type: 'menu.content.pointerEnter' }),
      onPointerLeave: (event: PointerLike) => isMouse(event) && send({ type: 'menu.content.pointerLeave' }),
    },

    /** The same for every item: the machine tracks the highlight, the host moves focus to it. */
    itemProps: {
      role: 'menuitem' as const,
      tabIndex: -1,
      onKeyDown: (event: KeyLike) => {
        if (ITEM_KEYS_WITHOUT_DEFAULT.has(event.key)) event.preventDefault()
        const translated = itemKeyEvent(event, highlightedIndex, options.labels)
        if (translated) send(translated)
      },
      onClick: () => send({ type: 'menu.item.select' }),
    },
  }
}
