import { describe, it, expect, vi } from 'vitest'
import { createActor, SimulatedClock, type StateValue } from 'xstate'
import { getShortestPaths, getSimplePaths } from 'xstate/graph'
import { HOVER_CLOSE_MS, HOVER_INTENT_MS, menuMachine, type MenuEvent } from '../../machines/menu.machine'
import { connect } from '../../machines/menu.connect'

const ITEM_COUNT = 3
const LAST = ITEM_COUNT - 1

// Compile-time guard: adding an event to MenuEvent without listing it here breaks the type-check,
// so the coverage tests below cannot silently miss a new event.
const EVENT_TYPES = {
  'menu.trigger.pointerEnter': true,
  'menu.trigger.pointerLeave': true,
  'menu.content.pointerEnter': true,
  'menu.content.pointerLeave': true,
  'menu.trigger.click': true,
  'menu.open.first': true,
  'menu.open.last': true,
  'menu.highlight.next': true,
  'menu.highlight.prev': true,
  'menu.highlight.first': true,
  'menu.highlight.last': true,
  'menu.highlight.match': true,
  'menu.dismiss': true,
  'menu.item.pointerMove': true,
  'menu.item.select': true,
  'menu.close': true,
  'menu.setItemCount': true,
} satisfies Record<MenuEvent['type'], true>

/** The items' labels, for type-ahead (B twice, so a repeated letter cycles). */
const LABELS = ['Analytics', 'BI dashboards', 'Big data']

/** A key pressed on the trigger or on an item: the tests press keys, connect translates them. */
interface KeyPress {
  press: 'trigger' | 'item'
  key: string
}
const triggerKey = (key: string): KeyPress => ({ press: 'trigger', key })
const itemKey = (key: string): KeyPress => ({ press: 'item', key })

/** closed/opening sit in `hidden`, open/closing in `visible`: the leaf names the state. */
function leaf(value: StateValue): string {
  return typeof value === 'string' ? value : leaf(Object.values(value)[0]!)
}

// Payload-carrying events need concrete samples; the traversal cannot invent indexes.
// An out-of-range pointer index is included so "ignored" paths are explored too (an out-of-range
// match is refused by the same guard, tested on its own below).
const INTERACTION_EVENTS: MenuEvent[] = [
  { type: 'menu.trigger.pointerEnter' },
  { type: 'menu.trigger.pointerLeave' },
  { type: 'menu.content.pointerEnter' },
  { type: 'menu.content.pointerLeave' },
  { type: 'menu.trigger.click' },
  { type: 'menu.open.first' },
  { type: 'menu.open.last' },
  { type: 'menu.highlight.next' },
  { type: 'menu.highlight.prev' },
  { type: 'menu.highlight.first' },
  { type: 'menu.highlight.last' },
  { type: 'menu.highlight.match', index: 1 },
  { type: 'menu.dismiss' },
  { type: 'menu.item.pointerMove', index: 1 },
  { type: 'menu.item.pointerMove', index: 99 },
  { type: 'menu.item.select' },
  { type: 'menu.close' },
]
const ALL_EVENTS: MenuEvent[] = [...INTERACTION_EVENTS, { type: 'menu.setItemCount', count: 2 }]

const STATES = ['closed', 'opening', 'open', 'closing'] as const

function setup(itemCount = ITEM_COUNT) {
  const clock = new SimulatedClock()
  const focusTrigger = vi.fn()
  const opened = vi.fn()
  const actor = createActor(menuMachine.provide({ actions: { focusTrigger } }), {
    input: { itemCount },
    clock,
  })
  actor.on('menu.opened', opened)
  actor.start()
  const api = () => connect(actor.getSnapshot(), actor.send, { contentId: 'list', labels: LABELS.slice(0, itemCount) })
  const defaultPrevented: string[] = []
  const press = ({ press, key }: KeyPress) => {
    const props = press === 'trigger' ? api().triggerProps : api().itemProps
    props.onKeyDown({ key, preventDefault: () => defaultPrevented.push(key) })
  }
  const send = (...steps: Array<MenuEvent | KeyPress>) =>
    steps.forEach((step) => ('press' in step ? press(step) : actor.send(step)))
  return {
    actor,
    clock,
    focusTrigger,
    opened,
    send,
    api,
    defaultPrevented,
    value: () => leaf(actor.getSnapshot().value),
    highlighted: () => actor.getSnapshot().context.highlightedIndex,
    view: () => {
      const { open, highlightedIndex } = api()
      return { open, highlightedIndex }
    },
  }
}

/** Reaches `open` the way a mouse user does, so hover-specific rules start from a realistic state. */
function setupHoverOpen() {
  const t = setup()
  t.send({ type: 'menu.trigger.pointerEnter' })
  t.clock.increment(HOVER_INTENT_MS)
  expect(t.value()).toBe('open')
  return t
}

/** Reaches `closing`: the menu is still visible while the hover-close delay runs. */
function setupClosing() {
  const t = setupHoverOpen()
  t.send({ type: 'menu.content.pointerLeave' })
  expect(t.value()).toBe('closing')
  return t
}

describe('menu machine: graph coverage', () => {
  const paths = getShortestPaths(menuMachine, {
    input: { itemCount: ITEM_COUNT },
    events: ALL_EVENTS,
  })
  const reached = paths.map((path) => path.state)

  it('reaches every state', () => {
    const values = new Set(reached.map((snapshot) => leaf(snapshot.value)))
    expect([...values].sort()).toEqual([...STATES].sort())
  })

  it('reaches every highlight position while open and while closing', () => {
    for (const state of ['open', 'closing'] as const) {
      const highlights = reached
        .filter((s) => leaf(s.value) === state && s.context.itemCount === ITEM_COUNT)
        .map((s) => s.context.highlightedIndex)
      expect(new Set(highlights)).toEqual(new Set([null, 0, 1, LAST]))
    }
  })

  it('lists every event type in the representative events', () => {
    expect(new Set(ALL_EVENTS.map((e) => e.type))).toEqual(new Set(Object.keys(EVENT_TYPES)))
  })

  it.each(Object.keys(EVENT_TYPES))('accepts %s in some reachable state', (type) => {
    const accepted = reached.some((snapshot) => ALL_EVENTS.some((event) => event.type === type && snapshot.can(event)))
    expect(accepted).toBe(true)
  })

  it('each shortest path replays on a live actor to the same snapshot', () => {
    for (const path of paths) {
      const t = setup()
      for (const step of path.steps.slice(1)) t.actor.send(step.event)
      const snapshot = t.actor.getSnapshot()
      expect(snapshot.value).toEqual(path.state.value)
      expect(snapshot.context).toEqual(path.state.context)
    }
  })

  it('never opens the menu through a path that only sends ignored or closing events', () => {
    const openable = new Set<MenuEvent['type']>([
      'menu.trigger.pointerEnter',
      'menu.trigger.click',
      'menu.open.first',
      'menu.open.last',
    ])
    for (const path of paths) {
      if (leaf(path.state.value) === 'closed') continue
      expect(path.steps.some((step) => openable.has(step.event.type as MenuEvent['type']))).toBe(true)
    }
  })

  // Simple paths explode combinatorially, so this runs on a 2-item menu without resizing
  // (~2k paths, ~13k steps, replayed on live actors: given more than the default 5 s, as the
  // whole unit tier runs in parallel on two cores); that still visits every state/highlight combination.
  describe('all simple paths (2 items)', { timeout: 20_000 }, () => {
    const simplePaths = getSimplePaths(menuMachine, {
      input: { itemCount: 2 },
      events: INTERACTION_EVENTS,
    })

    it('explores a non-trivial number of paths', () => {
      expect(simplePaths.length).toBeGreaterThan(100)
    })

    it('keeps the highlight valid, and empty whenever the menu is hidden', () => {
      for (const path of simplePaths) {
        for (const { state } of path.steps) {
          const { highlightedIndex, itemCount } = state.context
          if (leaf(state.value) === 'closed' || leaf(state.value) === 'opening') {
            expect(highlightedIndex).toBeNull()
          } else if (highlightedIndex !== null) {
            expect(Number.isInteger(highlightedIndex)).toBe(true)
            expect(highlightedIndex).toBeGreaterThanOrEqual(0)
            expect(highlightedIndex).toBeLessThan(itemCount)
          }
          expect(state.hasTag('open')).toBe(leaf(state.value) === 'open' || leaf(state.value) === 'closing')
        }
      }
    })

    it('emits menu.opened exactly when the menu appears, and focuses the trigger only on Escape', () => {
      for (const path of simplePaths) {
        const t = setup(2)
        let expectedOpened = 0
        let expectedFocus = 0
        for (let i = 1; i < path.steps.length; i++) {
          const before = path.steps[i - 1]!.state
          const { event, state: after } = path.steps[i]!
          t.actor.send(event)
          expect(t.actor.getSnapshot().value).toEqual(after.value)
          expect(t.actor.getSnapshot().context).toEqual(after.context)
          if (!before.hasTag('open') && leaf(after.value) === 'open') {
            expectedOpened++
          }
          if (before.hasTag('open') && leaf(after.value) === 'closed' && event.type === 'menu.dismiss') {
            expectedFocus++
          }
        }
        expect(t.opened).toHaveBeenCalledTimes(expectedOpened)
        expect(t.focusTrigger).toHaveBeenCalledTimes(expectedFocus)
      }
    })
  })
})

describe('menu machine: delays', () => {
  it('exports the documented delay values', () => {
    expect(HOVER_INTENT_MS).toBe(120)
    expect(HOVER_CLOSE_MS).toBe(200)
  })

  it('opens after exactly the hover-intent delay, without a highlight', () => {
    const t = setup()
    t.send({ type: 'menu.trigger.pointerEnter' })
    expect(t.value()).toBe('opening')
    expect(t.view()).toEqual({ open: false, highlightedIndex: null })

    t.clock.increment(119)
    expect(t.value()).toBe('opening')
    expect(t.opened).not.toHaveBeenCalled()

    t.clock.increment(1)
    expect(t.value()).toBe('open')
    expect(t.view()).toEqual({ open: true, highlightedIndex: null })
    expect(t.opened).toHaveBeenCalledTimes(1)
  })

  it('cancels the opening when the pointer leaves the trigger first', () => {
    const t = setup()
    t.send({ type: 'menu.trigger.pointerEnter' })
    t.clock.increment(100)
    t.send({ type: 'menu.trigger.pointerLeave' })
    expect(t.value()).toBe('closed')

    t.clock.increment(1000)
    expect(t.value()).toBe('closed')
    expect(t.opened).not.toHaveBeenCalled()
  })

  it('restarts the hover-intent delay when the pointer comes back', () => {
    const t = setup()
    t.send({ type: 'menu.trigger.pointerEnter' })
    t.clock.increment(60)
    t.send({ type: 'menu.trigger.pointerLeave' }, { type: 'menu.trigger.pointerEnter' })

    // The first timer would have fired at 120 ms; it must have been cancelled.
    t.clock.increment(119)
    expect(t.value()).toBe('opening')
    t.clock.increment(1)
    expect(t.value()).toBe('open')
    expect(t.opened).toHaveBeenCalledTimes(1)
  })

  it.each(['menu.trigger.pointerLeave', 'menu.content.pointerLeave'] as const)(
    'closes exactly the hover-close delay after %s',
    (type) => {
      const t = setupHoverOpen()
      t.send({ type })
      expect(t.value()).toBe('closing')
      expect(t.view().open).toBe(true)

      t.clock.increment(199)
      expect(t.value()).toBe('closing')
      t.clock.increment(1)
      expect(t.value()).toBe('closed')
      expect(t.view()).toEqual({ open: false, highlightedIndex: null })
      expect(t.focusTrigger).not.toHaveBeenCalled()
    },
  )

  it.each(['menu.trigger.pointerEnter', 'menu.content.pointerEnter'] as const)(
    're-entering via %s during closing keeps the menu open',
    (type) => {
      const t = setupClosing()
      t.clock.increment(150)
      t.send({ type })
      expect(t.value()).toBe('open')

      t.clock.increment(1000)
      expect(t.value()).toBe('open')
      // Coming back from closing is not a new opening.
      expect(t.opened).toHaveBeenCalledTimes(1)
    },
  )

  it('restarts the full hover-close delay after a re-enter and second leave', () => {
    const t = setupClosing()
    t.clock.increment(150)
    t.send({ type: 'menu.content.pointerEnter' }, { type: 'menu.content.pointerLeave' })
    t.clock.increment(199)
    expect(t.value()).toBe('closing')
    t.clock.increment(1)
    expect(t.value()).toBe('closed')
  })

  it('crossing from trigger to panel does not close the menu', () => {
    const t = setupHoverOpen()
    t.send({ type: 'menu.trigger.pointerLeave' })
    t.clock.increment(40)
    t.send({ type: 'menu.content.pointerEnter' })
    t.clock.increment(1000)
    expect(t.value()).toBe('open')
  })

  it('keeps a highlight while the pointer is merely away', () => {
    const t = setupHoverOpen()
    t.send({ type: 'menu.item.pointerMove', index: 2 }, { type: 'menu.content.pointerLeave' })
    expect(t.view()).toEqual({ open: true, highlightedIndex: 2 })
    t.send({ type: 'menu.content.pointerEnter' })
    expect(t.highlighted()).toBe(2)
  })
})

describe('menu machine: trigger click', () => {
  it('toggles open and closed without a highlight or focus change', () => {
    const t = setup()
    t.send({ type: 'menu.trigger.click' })
    expect(t.value()).toBe('open')
    expect(t.highlighted()).toBeNull()
    expect(t.opened).toHaveBeenCalledTimes(1)

    t.send({ type: 'menu.trigger.click' })
    expect(t.value()).toBe('closed')
    expect(t.focusTrigger).not.toHaveBeenCalled()
  })

  it('opens immediately while the hover intent is pending, and the stale timer does not emit again', () => {
    const t = setup()
    t.send({ type: 'menu.trigger.pointerEnter' })
    t.clock.increment(50)
    t.send({ type: 'menu.trigger.click' })
    expect(t.value()).toBe('open')
    t.clock.increment(1000)
    expect(t.value()).toBe('open')
    expect(t.opened).toHaveBeenCalledTimes(1)
  })

  it('keeps a menu that hover just opened open on the first click, and closes it on the second', () => {
    const t = setup()
    t.send({ type: 'menu.trigger.pointerEnter' })
    t.clock.increment(HOVER_INTENT_MS)
    expect(t.value()).toBe('open')
    t.send({ type: 'menu.trigger.click' })
    expect(t.value()).toBe('open')
    expect(t.opened).toHaveBeenCalledTimes(1)
    t.send({ type: 'menu.trigger.click' })
    expect(t.value()).toBe('closed')
  })

  it('closes from closing', () => {
    const t = setupClosing()
    t.send({ type: 'menu.trigger.click' })
    expect(t.value()).toBe('closed')
    expect(t.focusTrigger).not.toHaveBeenCalled()
  })
})

describe('menu machine: trigger keys', () => {
  it.each(['Enter', ' ', 'ArrowDown'])('%j opens with the first item highlighted', (key) => {
    const t = setup()
    t.send(triggerKey(key))
    expect(t.value()).toBe('open')
    expect(t.highlighted()).toBe(0)
    expect(t.opened).toHaveBeenCalledTimes(1)
  })

  it('ArrowUp opens with the last item highlighted', () => {
    const t = setup()
    t.send(triggerKey('ArrowUp'))
    expect(t.value()).toBe('open')
    expect(t.highlighted()).toBe(LAST)
    expect(t.opened).toHaveBeenCalledTimes(1)
  })

  it.each(['a', 'Tab', 'Escape', 'Home', 'End', 'ArrowLeft'])('%j is ignored while closed', (key) => {
    const t = setup()
    t.send(triggerKey(key))
    expect(t.value()).toBe('closed')
    expect(t.opened).not.toHaveBeenCalled()
    expect(t.focusTrigger).not.toHaveBeenCalled()
  })

  it.each([
    ['ArrowDown', 0],
    ['ArrowUp', LAST],
  ] as const)('%s while the hover intent is pending opens at once with highlight %i', (key, index) => {
    const t = setup()
    t.send({ type: 'menu.trigger.pointerEnter' }, triggerKey(key))
    expect(t.value()).toBe('open')
    expect(t.highlighted()).toBe(index)
    t.clock.increment(1000)
    expect(t.opened).toHaveBeenCalledTimes(1)
  })

  it.each([
    ['ArrowDown', 0],
    ['ArrowUp', LAST],
  ] as const)('%s on the trigger of an open menu moves into the items at %i', (key, index) => {
    const t = setup()
    t.send({ type: 'menu.trigger.click' }, triggerKey(key))
    expect(t.value()).toBe('open')
    expect(t.highlighted()).toBe(index)
    expect(t.opened).toHaveBeenCalledTimes(1)
  })

  it.each(['Enter', ' ', 'a', 'Tab'])('%j on the trigger of an open menu is ignored', (key) => {
    const t = setup()
    t.send({ type: 'menu.trigger.click' }, triggerKey(key))
    expect(t.value()).toBe('open')
    expect(t.highlighted()).toBeNull()
  })

  it('Escape on the trigger of an open menu closes and focuses the trigger once', () => {
    const t = setup()
    t.send(triggerKey('ArrowDown'), triggerKey('Escape'))
    expect(t.value()).toBe('closed')
    expect(t.highlighted()).toBeNull()
    expect(t.focusTrigger).toHaveBeenCalledTimes(1)
  })

  it('Escape on the trigger during closing closes and focuses the trigger once', () => {
    const t = setupClosing()
    t.send(triggerKey('Escape'))
    expect(t.value()).toBe('closed')
    expect(t.focusTrigger).toHaveBeenCalledTimes(1)
  })

  it('arrow keys on the trigger during closing cancel the hover close', () => {
    const t = setupClosing()
    t.send(triggerKey('ArrowUp'))
    expect(t.value()).toBe('open')
    expect(t.highlighted()).toBe(LAST)
    t.clock.increment(1000)
    expect(t.value()).toBe('open')
    expect(t.opened).toHaveBeenCalledTimes(1)
  })

  it('opens without a highlight when the menu has no items', () => {
    const t = setup(0)
    t.send(triggerKey('ArrowDown'))
    expect(t.value()).toBe('open')
    expect(t.highlighted()).toBeNull()
  })
})

describe('menu machine: item keys', () => {
  /** Opens with the given item highlighted, as keyboard users arrive in the menu. */
  function openAt(index: number) {
    const t = setup()
    t.send(triggerKey('ArrowDown'))
    t.send({ type: 'menu.item.pointerMove', index })
    expect(t.highlighted()).toBe(index)
    return t
  }

  it('ArrowDown moves down and wraps from the last item to the first', () => {
    const t = openAt(0)
    const seen: Array<number | null> = []
    for (let i = 0; i < ITEM_COUNT; i++) {
      t.send(itemKey('ArrowDown'))
      seen.push(t.highlighted())
    }
    expect(seen).toEqual([1, 2, 0])
    expect(t.value()).toBe('open')
  })

  it('ArrowUp moves up and wraps from the first item to the last', () => {
    const t = openAt(0)
    const seen: Array<number | null> = []
    for (let i = 0; i < ITEM_COUNT; i++) {
      t.send(itemKey('ArrowUp'))
      seen.push(t.highlighted())
    }
    expect(seen).toEqual([2, 1, 0])
  })

  it('arrows start from the ends when nothing is highlighted yet', () => {
    const down = setup()
    down.send({ type: 'menu.trigger.click' }, itemKey('ArrowDown'))
    expect(down.highlighted()).toBe(0)

    const up = setup()
    up.send({ type: 'menu.trigger.click' }, itemKey('ArrowUp'))
    expect(up.highlighted()).toBe(LAST)
  })

  it('Home and End jump to the first and last item', () => {
    const t = openAt(1)
    t.send(itemKey('End'))
    expect(t.highlighted()).toBe(LAST)
    t.send(itemKey('Home'))
    expect(t.highlighted()).toBe(0)
  })

  it.each(['z', 'Enter', ' ', 'ArrowLeft', 'PageDown'])('%j leaves the highlight alone', (key) => {
    const t = openAt(1)
    t.send(itemKey(key))
    expect(t.value()).toBe('open')
    expect(t.highlighted()).toBe(1)
  })

  it('Escape closes and returns focus to the trigger exactly once', () => {
    const t = openAt(2)
    t.send(itemKey('Escape'))
    expect(t.value()).toBe('closed')
    expect(t.highlighted()).toBeNull()
    expect(t.focusTrigger).toHaveBeenCalledTimes(1)

    // A stray second Escape on a closed menu must not move focus again.
    t.send(itemKey('Escape'))
    expect(t.focusTrigger).toHaveBeenCalledTimes(1)
  })

  it('Tab closes without touching focus', () => {
    const t = openAt(1)
    t.send(itemKey('Tab'))
    expect(t.value()).toBe('closed')
    expect(t.highlighted()).toBeNull()
    expect(t.focusTrigger).not.toHaveBeenCalled()
  })

  it('navigation keys during closing cancel the hover close', () => {
    const t = setupClosing()
    t.send(itemKey('End'))
    expect(t.value()).toBe('open')
    expect(t.highlighted()).toBe(LAST)
    t.send(itemKey('ArrowDown'))
    expect(t.highlighted()).toBe(0)
    t.clock.increment(1000)
    expect(t.value()).toBe('open')
  })

  it('Escape during closing closes and focuses the trigger; Tab closes without focus', () => {
    const esc = setupClosing()
    esc.send(itemKey('Escape'))
    expect(esc.value()).toBe('closed')
    expect(esc.focusTrigger).toHaveBeenCalledTimes(1)

    const tab = setupClosing()
    tab.send(itemKey('Tab'))
    expect(tab.value()).toBe('closed')
    expect(tab.focusTrigger).not.toHaveBeenCalled()
  })

  it('item keys are ignored while closed', () => {
    const t = setup()
    t.send(itemKey('ArrowDown'), itemKey('End'), itemKey('Escape'))
    expect(t.value()).toBe('closed')
    expect(t.highlighted()).toBeNull()
    expect(t.focusTrigger).not.toHaveBeenCalled()
  })
})

describe('menu machine: pointer over items', () => {
  it('highlights the item under the pointer while open', () => {
    const t = setupHoverOpen()
    t.send({ type: 'menu.item.pointerMove', index: 1 })
    expect(t.highlighted()).toBe(1)
    t.send({ type: 'menu.item.pointerMove', index: 2 })
    expect(t.highlighted()).toBe(2)
  })

  it.each([-1, ITEM_COUNT, 1.5, Number.NaN])('ignores the invalid index %d', (index) => {
    const t = setupHoverOpen()
    t.send({ type: 'menu.item.pointerMove', index: 1 }, { type: 'menu.item.pointerMove', index })
    expect(t.highlighted()).toBe(1)
  })

  it('is ignored while closed', () => {
    const t = setup()
    t.send({ type: 'menu.item.pointerMove', index: 1 })
    expect(t.value()).toBe('closed')
    expect(t.highlighted()).toBeNull()
  })
})

describe('menu machine: select and external close', () => {
  it('selecting an item closes without focusing the trigger', () => {
    const t = setup()
    t.send(triggerKey('ArrowDown'), { type: 'menu.item.select' })
    expect(t.value()).toBe('closed')
    expect(t.highlighted()).toBeNull()
    expect(t.focusTrigger).not.toHaveBeenCalled()
  })

  it('selecting during closing closes immediately', () => {
    const t = setupClosing()
    t.send({ type: 'menu.item.select' })
    expect(t.value()).toBe('closed')
  })

  it.each([
    ['open', setupHoverOpen],
    ['closing', setupClosing],
  ] as const)('menu.close closes from %s without a focus change', (_, start) => {
    const t = start()
    t.send({ type: 'menu.close' })
    expect(t.value()).toBe('closed')
    expect(t.view()).toEqual({ open: false, highlightedIndex: null })
    expect(t.focusTrigger).not.toHaveBeenCalled()
  })

  it('menu.close during the hover intent cancels the pending opening', () => {
    const t = setup()
    t.send({ type: 'menu.trigger.pointerEnter' }, { type: 'menu.close' })
    expect(t.value()).toBe('closed')
    t.clock.increment(1000)
    expect(t.value()).toBe('closed')
    expect(t.opened).not.toHaveBeenCalled()
  })

  it('menu.close on a closed menu does nothing', () => {
    const t = setup()
    t.send({ type: 'menu.close' })
    expect(t.value()).toBe('closed')
    expect(t.focusTrigger).not.toHaveBeenCalled()
  })

  it('does not carry the old highlight into the next opening', () => {
    const t = setup()
    t.send(triggerKey('ArrowUp'), { type: 'menu.close' }, { type: 'menu.trigger.click' })
    expect(t.value()).toBe('open')
    expect(t.highlighted()).toBeNull()
  })
})

describe('menu machine: menu.opened', () => {
  it('is emitted once per opening, whatever opened it', () => {
    const t = setup()
    t.send({ type: 'menu.trigger.click' })
    expect(t.opened).toHaveBeenCalledTimes(1)
    expect(t.opened).toHaveBeenLastCalledWith({ type: 'menu.opened' })

    // Moving around inside an open menu is not an opening.
    t.send(triggerKey('ArrowDown'), itemKey('ArrowDown'), { type: 'menu.item.pointerMove', index: 0 })
    expect(t.opened).toHaveBeenCalledTimes(1)

    t.send({ type: 'menu.close' }, { type: 'menu.trigger.pointerEnter' })
    t.clock.increment(HOVER_INTENT_MS)
    expect(t.opened).toHaveBeenCalledTimes(2)

    t.send({ type: 'menu.trigger.pointerLeave' }, { type: 'menu.trigger.pointerEnter' })
    expect(t.value()).toBe('open')
    expect(t.opened).toHaveBeenCalledTimes(2)

    t.send({ type: 'menu.item.select' }, triggerKey('Enter'))
    expect(t.opened).toHaveBeenCalledTimes(3)
  })

  it('is not emitted when nothing opens', () => {
    const t = setup()
    t.send(triggerKey('Escape'), { type: 'menu.trigger.pointerEnter' }, { type: 'menu.trigger.pointerLeave' })
    t.clock.increment(1000)
    expect(t.opened).not.toHaveBeenCalled()
  })
})

describe('menu machine: item count', () => {
  it('sanitises the input count', () => {
    for (const [input, expected] of [
      [3, 3],
      [2.7, 2],
      [-4, 0],
      [Number.NaN, 0],
    ] as const) {
      const actor = createActor(menuMachine, { input: { itemCount: input } }).start()
      expect(actor.getSnapshot().context).toEqual({ itemCount: expected, highlightedIndex: null, openedByHover: false })
      actor.stop()
    }
  })

  it('clamps the highlight onto the last remaining item', () => {
    const t = setup(5)
    t.send(triggerKey('ArrowUp'))
    expect(t.highlighted()).toBe(4)
    t.send({ type: 'menu.setItemCount', count: 2 })
    expect(t.actor.getSnapshot().context).toEqual({ itemCount: 2, highlightedIndex: 1, openedByHover: false })
    expect(t.value()).toBe('open')
  })

  it('keeps a highlight that is still in range', () => {
    const t = setup()
    t.send(triggerKey('ArrowDown'), { type: 'menu.setItemCount', count: 10 })
    expect(t.actor.getSnapshot().context).toEqual({ itemCount: 10, highlightedIndex: 0, openedByHover: false })
  })

  it('drops the highlight when the menu empties', () => {
    const t = setup()
    t.send(triggerKey('ArrowDown'), { type: 'menu.setItemCount', count: 0 })
    expect(t.actor.getSnapshot().context).toEqual({ itemCount: 0, highlightedIndex: null, openedByHover: false })
    t.send(itemKey('ArrowDown'))
    expect(t.highlighted()).toBeNull()
  })

  it('updates while closed and the new count drives later navigation', () => {
    const t = setup()
    t.send({ type: 'menu.setItemCount', count: 5 })
    expect(t.value()).toBe('closed')
    t.send(triggerKey('ArrowUp'))
    expect(t.highlighted()).toBe(4)
  })

  it('treats an invalid count as empty', () => {
    const t = setup()
    t.send({ type: 'menu.setItemCount', count: -1 })
    expect(t.actor.getSnapshot().context.itemCount).toBe(0)
  })
})

describe('menu machine: connect', () => {
  it('reports visibility by tag, so closing still counts as open', () => {
    const t = setup()
    expect(t.view()).toEqual({ open: false, highlightedIndex: null })
    t.send({ type: 'menu.trigger.pointerEnter' })
    expect(t.view()).toEqual({ open: false, highlightedIndex: null })
    t.clock.increment(HOVER_INTENT_MS)
    t.send(itemKey('End'))
    expect(t.view()).toEqual({ open: true, highlightedIndex: LAST })
    t.send({ type: 'menu.trigger.pointerLeave' })
    expect(t.view()).toEqual({ open: true, highlightedIndex: LAST })
    t.clock.increment(HOVER_CLOSE_MS)
    expect(t.view()).toEqual({ open: false, highlightedIndex: null })
  })

  it('uses the default no-op focusTrigger when the host provides none', () => {
    const actor = createActor(menuMachine, { input: { itemCount: 2 } }).start()
    actor.send({ type: 'menu.open.first' })
    expect(() => actor.send({ type: 'menu.dismiss' })).not.toThrow()
    expect(leaf(actor.getSnapshot().value)).toBe('closed')
  })
})

describe('menu machine: type-ahead', () => {
  it('moves to the next item starting with the typed letter, wrapping, whatever the case', () => {
    const t = setup()
    t.send(triggerKey('ArrowDown'))
    expect(t.highlighted()).toBe(0)
    t.send(itemKey('b'))
    expect(t.highlighted()).toBe(1)
    t.send(itemKey('b'))
    expect(t.highlighted()).toBe(2)
    t.send(itemKey('B'))
    expect(t.highlighted()).toBe(1)
    t.send(itemKey('a'))
    expect(t.highlighted()).toBe(0)
  })

  it('ignores letters no item starts with, and letters typed with a modifier', () => {
    const t = setup()
    t.send(triggerKey('ArrowDown'))
    t.send(itemKey('q'))
    expect(t.highlighted()).toBe(0)
    t.api().itemProps.onKeyDown({ key: 'b', ctrlKey: true, preventDefault: () => {} })
    expect(t.highlighted()).toBe(0)
  })

  it('cancels the hover close, like the other navigation keys', () => {
    const t = setupClosing()
    t.send(itemKey('b'))
    expect(t.value()).toBe('open')
    expect(t.highlighted()).toBe(1)
    t.clock.increment(1000)
    expect(t.value()).toBe('open')
  })

  it('is ignored while closed, and an out-of-range match is refused', () => {
    const t = setup()
    t.send({ type: 'menu.highlight.match', index: 1 })
    expect(t.value()).toBe('closed')
    t.send(triggerKey('ArrowDown'), { type: 'menu.highlight.match', index: 99 })
    expect(t.highlighted()).toBe(0)
  })
})

describe('menu connect: props', () => {
  it('gives the trigger and the list their ARIA attributes from the state', () => {
    const t = setup()
    expect(t.api().triggerProps).toMatchObject({
      type: 'button',
      'aria-haspopup': 'menu',
      'aria-expanded': false,
      'aria-controls': 'list',
    })
    expect(t.api().contentProps).toMatchObject({ id: 'list', role: 'menu', hidden: true })
    expect(t.api().itemProps).toMatchObject({ role: 'menuitem', tabIndex: -1 })
    t.api().triggerProps.onClick()
    expect(t.api().triggerProps['aria-expanded']).toBe(true)
    expect(t.api().contentProps.hidden).toBe(false)
  })

  it('takes over the keys it handles from the browser, and leaves Tab and letters alone', () => {
    const t = setup()
    t.send(triggerKey('Enter'), triggerKey('Escape'), triggerKey('Tab'), triggerKey('ArrowUp'))
    t.send(itemKey('Home'), itemKey('End'), itemKey('b'), itemKey('Tab'))
    expect(t.defaultPrevented).toEqual(['Enter', 'Escape', 'ArrowUp', 'Home', 'End'])
  })

  it('opens and closes on hover for a mouse only', () => {
    const t = setup()
    t.api().triggerProps.onPointerEnter({ pointerType: 'touch' })
    t.clock.increment(1000)
    expect(t.value()).toBe('closed')
    t.api().triggerProps.onPointerEnter({ pointerType: 'mouse' })
    t.clock.increment(HOVER_INTENT_MS)
    expect(t.value()).toBe('open')
    t.api().contentProps.onPointerLeave({ pointerType: 'pen' })
    expect(t.value()).toBe('open')
    t.api().contentProps.onPointerLeave({ pointerType: 'mouse' })
    expect(t.value()).toBe('closing')
    t.api().contentProps.onPointerEnter({ pointerType: 'mouse' })
    expect(t.value()).toBe('open')
    t.api().triggerProps.onPointerLeave({ pointerType: 'mouse' })
    expect(t.value()).toBe('closing')
  })

  it('closes on a chosen item', () => {
    const t = setup()
    t.send(triggerKey('ArrowDown'))
    t.api().itemProps.onClick()
    expect(t.value()).toBe('closed')
  })
})
