import { describe, it, expect, vi } from 'vitest'
import { createActor } from 'xstate'
import { getShortestPaths, getSimplePaths } from 'xstate/graph'
import { connect, disclosureMachine, type DisclosureEvent } from '../../machines/disclosure.machine'

// Compile-time guard: a new DisclosureEvent must be listed here or the type-check fails.
const EVENT_TYPES = {
  'disclosure.toggle': true,
  'disclosure.close': true,
  'disclosure.escape': true,
} satisfies Record<DisclosureEvent['type'], true>

const EVENTS: DisclosureEvent[] = Object.keys(EVENT_TYPES).map((type) => ({ type }) as DisclosureEvent)

function setup() {
  const focusToggle = vi.fn()
  const actor = createActor(disclosureMachine.provide({ actions: { focusToggle } })).start()
  const send = (...types: DisclosureEvent['type'][]) => types.forEach((type) => actor.send({ type }))
  return { actor, focusToggle, send, value: () => actor.getSnapshot().value }
}

describe('disclosure machine: graph coverage', () => {
  const paths = getShortestPaths(disclosureMachine, { events: EVENTS })

  it('reaches every state', () => {
    expect(paths.map((p) => p.state.value).sort()).toEqual(['closed', 'open'])
  })

  it.each(Object.keys(EVENT_TYPES))('accepts %s in some reachable state', (type) => {
    expect(paths.some((p) => p.state.can({ type } as DisclosureEvent))).toBe(true)
  })

  it('only ever tags the open state', () => {
    for (const path of getSimplePaths(disclosureMachine, { events: EVENTS })) {
      for (const { state } of path.steps) {
        expect(state.hasTag('open')).toBe(state.value === 'open')
      }
    }
  })

  it('calls focusToggle along every simple path exactly when Escape closes an open panel', () => {
    const simplePaths = getSimplePaths(disclosureMachine, { events: EVENTS })
    expect(simplePaths.length).toBeGreaterThan(1)
    for (const path of simplePaths) {
      const t = setup()
      let expected = 0
      for (let i = 1; i < path.steps.length; i++) {
        const before = path.steps[i - 1]!.state
        const { event, state: after } = path.steps[i]!
        t.actor.send(event)
        expect(t.value()).toBe(after.value)
        if (event.type === 'disclosure.escape' && before.value === 'open') expected++
      }
      expect(t.focusToggle).toHaveBeenCalledTimes(expected)
    }
  })
})

describe('disclosure machine: behaviour', () => {
  it('starts closed', () => {
    const t = setup()
    expect(t.value()).toBe('closed')
    expect(connect(t.actor.getSnapshot())).toEqual({ open: false })
  })

  it('toggle opens and closes without moving focus', () => {
    const t = setup()
    t.send('disclosure.toggle')
    expect(t.value()).toBe('open')
    expect(connect(t.actor.getSnapshot())).toEqual({ open: true })
    t.send('disclosure.toggle')
    expect(t.value()).toBe('closed')
    expect(t.focusToggle).not.toHaveBeenCalled()
  })

  it('close shuts an open panel without moving focus', () => {
    const t = setup()
    t.send('disclosure.toggle', 'disclosure.close')
    expect(t.value()).toBe('closed')
    expect(t.focusToggle).not.toHaveBeenCalled()
  })

  it('close on a closed panel does nothing', () => {
    const t = setup()
    t.send('disclosure.close')
    expect(t.value()).toBe('closed')
  })

  it('Escape closes and focuses the toggle exactly once', () => {
    const t = setup()
    t.send('disclosure.toggle', 'disclosure.escape')
    expect(t.value()).toBe('closed')
    expect(t.focusToggle).toHaveBeenCalledTimes(1)
  })

  it('Escape on a closed panel neither opens it nor moves focus', () => {
    const t = setup()
    t.send('disclosure.escape')
    expect(t.value()).toBe('closed')
    expect(t.focusToggle).not.toHaveBeenCalled()
  })

  it('uses the default no-op focusToggle when the host provides none', () => {
    const actor = createActor(disclosureMachine).start()
    actor.send({ type: 'disclosure.toggle' })
    expect(() => actor.send({ type: 'disclosure.escape' })).not.toThrow()
    expect(actor.getSnapshot().value).toBe('closed')
  })
})
