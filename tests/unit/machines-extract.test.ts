// @vitest-environment node
// Every machine, read the way Stately's editor and the XState VS Code extension read it
// (@xstate/machine-extractor), must come out whole: the same states and transitions as the
// machine that runs, descriptions included, and nothing the parser had to skip.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { createMachine, type AnyStateMachine } from 'xstate'
import { extract } from './support/machine-extractor'
import { summarize } from './support/machine-definition'

const modules = import.meta.glob<Record<string, unknown>>('../../machines/*.machine.ts', { eager: true })

const isMachine = (value: unknown): value is AnyStateMachine =>
  typeof value === 'object' && value !== null && 'root' in value && 'provide' in value

const machines = Object.entries(modules).map(([path, module]) => {
  const exported = Object.values(module).filter(isMachine)
  return { path, exported, source: readFileSync(new URL(path, import.meta.url), 'utf8') }
})

describe('machines as the Stately extractor reads them', () => {
  it('finds every machine file', () => {
    expect(machines.map(({ path }) => path.replace('../../machines/', '')).sort()).toEqual([
      'auth.machine.ts',
      'contact-submission.machine.ts',
      'disclosure.machine.ts',
      'menu.machine.ts',
    ])
  })

  describe.each(machines)('$path', ({ exported, source }) => {
    const extraction = extract(source)

    it('holds exactly one machine, and the extractor finds it', () => {
      expect(exported).toHaveLength(1)
      expect(extraction.count).toBe(1)
      expect(extraction.machine).not.toBeNull()
    })

    it('reads without a warning', () => {
      expect(extraction.warnings).toEqual([])
    })

    it('loses no state and no transition, and changes none', () => {
      const runtime = summarize(exported[0]!)
      const extracted = summarize(extraction.machine!)
      expect(runtime.transitions.length).toBeGreaterThan(0)
      expect(extracted.states).toEqual(runtime.states)
      expect(extracted.transitions).toEqual(runtime.transitions)
    })

    it('describes every state', () => {
      const undescribed = summarize(exported[0]!).states.filter(
        (state) => state.description === null && !state.id.includes('.'),
      )
      expect(undescribed).toEqual([])
    })
  })

  // The check itself: the pattern this rule replaced (a transition kept in a constant) is caught.
  it('notices a transition the extractor cannot read', () => {
    const config = {
      id: 'm',
      initial: 'a',
      states: { a: { on: { GO: [{ target: 'b' }], STAY: { target: 'a' } } }, b: {} },
    }
    const source = `
      import { createMachine } from 'xstate'
      const go = [{ target: 'b' }] as const
      export const m = createMachine({ id: 'm', initial: 'a', states: { a: { on: { GO: go, STAY: { target: 'a' } } }, b: {} } })
    `
    const extracted = summarize(extract(source).machine!).transitions
    const runtime = summarize(createMachine(config)).transitions
    expect(runtime.find((t) => t.event === 'GO')?.targets).toEqual(['m.b'])
    expect(extracted).not.toEqual(runtime)
    expect(extracted.find((t) => t.event === 'GO')?.targets ?? []).toEqual([])
  })

  it('notices a value the extractor cannot read', () => {
    const source = `
      import { setup } from 'xstate'
      const KEYS = ['Enter']
      export const m = setup({}).createMachine({ id: 'm', initial: 'a', states: { a: { on: { K: { guard: { type: 'isKey', params: { keys: KEYS } }, target: 'a' } } } } })
    `
    expect(extract(source).warnings).toHaveLength(1)
  })
})
